// Item 10 of issue 17: `campaign unschedule --if-scheduled` whose first attempt's answer was lost
// (and applied): the retry is refused as "not scheduled", and that is reported as what it is:
// unscheduled by this run's first attempt, exit 0, never "nothing to do".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 10, events: 10 });
});
afterAll(async () => {
  await emu.close();
});

describe('unschedule --if-scheduled after a lost answer', () => {
  it('says the first attempt unscheduled it, prints unscheduled: true, exit 0', async () => {
    const id = emu.fixtures.campaigns.scheduled;
    emu.clearRequests();
    emu.scriptFault({ method: 'POST', dropMidBody: true, times: 1 });
    const r = await runCli(['campaign', 'unschedule', id, '--if-scheduled', '--json', '--retries', '2'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests.filter((q) => q.method === 'POST').map((q) => q.status)).toEqual([0, 422]);
    expect(emu.store.teams.main.campaigns.get(id)!.status).toBe('draft');
    expect(r.stderr).toContain("was unscheduled (by this run's first attempt, whose answer was lost)");
    expect(r.stderr).not.toContain('nothing to do');
    expect(JSON.parse(r.stdout)).toMatchObject({ id, unscheduled: true, after_lost_answer: true });
  });

  it('a campaign that was not scheduled to begin with is still "nothing to do"', async () => {
    const id = emu.fixtures.campaigns.draft;
    const r = await runCli(['campaign', 'unschedule', id, '--if-scheduled', '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, unscheduled: false });
    expect(r.stderr).toContain('nothing to do');
  });
});
