// Issue 16 items 11 and 12: did-you-mean for enum values, campaign schedule's
// messages (missing id, the forms --at takes, the previous time on a
// reschedule), and one case style for the labels of show output.
import { describe, expect, it } from 'vitest';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';

const emu = useEmulator({ seed: 5, events: 50 });

describe('did you mean', () => {
  it('an enum value one edit away is suggested, nothing is sent', async () => {
    const r = await runInProcess(['events', 'list', '--events', 'bounc'], { emulator: emu });
    expectUsageError(r, r.requests, '--events');
    expect(r.stderr).toContain('did you mean bounce?');
    const far = await runInProcess(['events', 'list', '--events', 'xyzzy'], { emulator: emu });
    expectUsageError(far, far.requests, '--events');
    expect(far.stderr).not.toContain('did you mean');
  });
});

describe('campaign schedule messages', () => {
  it('with no id, complains about the id, not --at', async () => {
    const r = await runInProcess(['campaign', 'schedule'], { emulator: emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("missing required argument 'campaign_id'");
    expect(r.stderr).not.toContain('--at');
    expect(r.requests).toHaveLength(0);
  });

  it('a missing or unreadable --at names the accepted forms', async () => {
    const id = emu.fixtures.campaigns.draft;
    const missing = await runInProcess(['campaign', 'schedule', String(id)], { emulator: emu });
    expectUsageError(missing, missing.requests, '--at');
    const bad = await runInProcess(['campaign', 'schedule', String(id), '--at', 'tomorrow'], { emulator: emu });
    expectUsageError(bad, bad.requests, '+2h');
    expect(bad.stderr).toMatch(/ISO 8601 such as \S+\+01:00/);
  });

  it('a reschedule on a terminal shows the time it replaces', async () => {
    const id = [...emu.store.teams.main.campaigns.values()].find((c) => c.status === 'draft' && c.subject && c.html_content && !c.vanishOnWrite)!.id;
    const first = await runInProcess(['campaign', 'schedule', id, '--at', '2030-01-02T03:04:05Z'], { emulator: emu, stderrIsTTY: true });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('Rescheduled');
    const again = await runInProcess(['campaign', 'schedule', id, '--at', '2030-02-03T04:05:06Z'], { emulator: emu, stderrIsTTY: true });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/Rescheduled: was 2030-01-02T03:04:05Z.*now 2030-02-03T04:05:06Z/);
    expect(again.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /campaigns/${id}`, `POST /campaigns/${id}/schedule`]);
    // in a script the one POST is all that is sent
    const piped = await runInProcess(['campaign', 'schedule', id, '--at', '2030-03-03T04:05:06Z'], { emulator: emu });
    expect(piped.requests.map((q) => q.method)).toEqual(['POST']);
  });
});

describe('labels of show output', () => {
  it('use one style: a capital first letter (webhook set as the rest)', async () => {
    const id = emu.fixtures.webhooks[0]!;
    const r = await runInProcess(['webhook', 'set', id, '--name', 'renamed'], { emulator: emu, stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(r.exitCode, r.stderr).toBe(0);
    const labels = r.stdout.split('\n').filter(Boolean).map((l) => l.split(/\s{2,}/)[0]!);
    expect(labels).toContain('Auth type');
    for (const label of labels) expect(label, label).toMatch(/^[A-Z]/);
  });
});
