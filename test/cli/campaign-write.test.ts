// campaign schedule / unschedule against the emulator: the exact request of
// spec 4.6/4.7, the emulator's state after schedule, reschedule and
// unschedule, times refused before sending, the answer without `data`,
// --if-scheduled, sandbox / read-only keys, non-UUID ids and --dry-run.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Campaign } from '../../src/emulator/index.js';
import { emulatorEnv, runCli as runSpawned } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';
import { keyValues } from '../helpers/parse.js';
import { runOnTty } from '../helpers/tty.js';

const DAY = 86_400_000;
const emu = useEmulator({ seed: 5, events: 50 });
/** Sendable drafts, fixed at start (tests change their states), each used by one group of tests. */
let drafts: string[];

beforeAll(() => {
  drafts = [...emu.store.teams.main.campaigns.values()]
    .filter((c) => c.status === 'draft' && c.subject && c.html_content && !c.vanishOnWrite)
    .map((c) => c.id);
});
type Key = Parameters<typeof emulatorEnv>[1];
// In-process, except with TZ: the time zone is the process's, so that run spawns the binary.
const cli = (args: string[], key: Key = 'full', env: Record<string, string> = {}) =>
  (env.TZ === undefined ? runCli : runSpawned)(['campaign', ...args], { env: { ...emulatorEnv(emu, key), ...env } });

const stored = (id: string): Campaign | undefined => emu.store.teams.main.campaigns.get(id);
const kv = keyValues;

const draft = (n: number): string => drafts[n]!;

/** An ISO time N days ahead, with the given offset text, for --at. */
function future(days: number, offset: string): { text: string; ms: number } {
  const base = new Date(Date.now() + days * DAY);
  base.setUTCMinutes(0, 0, 0);
  const wall = new Date(base.getTime() + (offset === 'Z' || offset === '' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000));
  return { text: `${wall.toISOString().slice(0, 19)}${offset}`, ms: base.getTime() };
}

function expectNothingSent(r: { code: number | null; stdout: string }, code: number) {
  expect(r.code).toBe(code);
  expect(r.stdout).toBe('');
  expect(emu.requests).toHaveLength(0);
}

describe('schedule, reschedule, unschedule', () => {
  it('schedules a draft: POST /campaigns/{id}/schedule with scheduled_at as given (offset kept)', async () => {
    const id = draft(0);
    const at = future(3, '+02:00');
    const r = await cli(['schedule', id, '--at', at.text], 'full', { TZ: 'Asia/Tokyo' });
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'POST', path: `/campaigns/${id}/schedule`, query: {}, body: { scheduled_at: at.text }, status: 200 });
    expect(stored(id)).toMatchObject({ status: 'scheduled', scheduled_at: at.ms });
    const out = kv(r.stdout);
    expect(out).toMatchObject({ id, status: 'scheduled', scheduled_at: new Date(at.ms).toISOString().replace('.000Z', 'Z') });
    // in a pipe the local time is ISO 8601 with its offset, as every time there (cli.md, Output)
    expect(out.scheduled_local).toBe(`${new Date(at.ms + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`);
    expect(r.stderr).toContain('scheduled successfully');
  });

  it('on a terminal the local time reads for people, with the zone named', async (t) => {
    const id = draft(0);
    const at = future(4, 'Z');
    const r = await runOnTty(t, ['campaign', 'schedule', id, '--at', at.text], { env: { ...emulatorEnv(emu, 'full'), TZ: 'Asia/Tokyo' } });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(new Date(at.ms).toISOString().replace('.000Z', 'Z'));
    expect(r.out).toContain(`${new Date(at.ms + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')} +09:00 (Asia/Tokyo)`);
  });

  it('reschedules a scheduled campaign; a time without offset is sent as given and means UTC', async () => {
    const id = draft(0);
    const at = future(5, '');
    const r = await cli(['schedule', id, '--at', at.text, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests[0]!.body).toEqual({ scheduled_at: at.text });
    expect(stored(id)).toMatchObject({ status: 'scheduled', scheduled_at: at.ms });
    const obj = JSON.parse(r.stdout);
    expect(obj).toMatchObject({ id, status: 'scheduled', scheduled_at: new Date(at.ms).toISOString() });
    expect(r.stderr).toContain('rescheduled');
  });

  it('a relative --at (+2h) is sent as a UTC instant two hours from now', async () => {
    const id = draft(1);
    const before = Date.now();
    const r = await cli(['schedule', id, '--at', '+2h']);
    expect(r.code, r.stderr).toBe(0);
    const sent = (emu.requests[0]!.body as { scheduled_at: string }).scheduled_at;
    expect(sent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(sent)).toBeGreaterThanOrEqual(before + 2 * 3_600_000 - 1000);
    expect(Date.parse(sent)).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    expect(stored(id)!.scheduled_at).toBe(Date.parse(sent));
  });

  it('unschedules: POST /campaigns/{id}/unschedule without a body; the campaign is a draft again', async () => {
    const id = draft(0);
    expect(stored(id)!.status).toBe('scheduled');
    const r = await cli(['unschedule', id, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'POST', path: `/campaigns/${id}/unschedule`, query: {}, body: undefined });
    expect(stored(id)).toMatchObject({ status: 'draft', scheduled_at: null });
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'draft', scheduled_at: null });

    const show = await cli(['show', id, '--json']);
    expect(JSON.parse(show.stdout)).toMatchObject({ status: 'draft', scheduled_at: null });
  });

  it('unschedule of a campaign that is not scheduled: exit 5 with the API\'s message', async () => {
    const id = draft(0);
    const r = await cli(['unschedule', id]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('The campaign is not scheduled');
    expect(r.stderr).toContain('campaign_not_scheduled, HTTP 422');
    expect(r.stdout).toBe('');
    expect(stored(id)!.status).toBe('draft');
  });

  it('--if-scheduled turns exactly that refusal into exit 0 with a notice', async () => {
    const id = draft(0);
    const r = await cli(['unschedule', id, '--if-scheduled', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(r.stderr).toContain('not scheduled, nothing to do');
    expect(JSON.parse(r.stdout)).toEqual({ id, unscheduled: false, message: expect.stringContaining('not scheduled') });

    // a scheduled campaign is still unscheduled normally
    emu.clearRequests();
    const sched = emu.fixtures.campaigns.scheduled;
    const ok = await cli(['unschedule', sched, '--if-scheduled']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(stored(sched)!.status).toBe('draft');
    expect(kv(ok.stdout).status).toBe('draft');
  });

  it('--if-scheduled swallows nothing else: 404 stays exit 4, 403 stays exit 3', async () => {
    const missing = await cli(['unschedule', '00000000-0000-4000-8000-000000000000', '--if-scheduled']);
    expect(missing.code).toBe(4);
    const readOnly = await cli(['unschedule', emu.fixtures.campaigns.scheduled, '--if-scheduled'], 'read_only');
    expect(readOnly.code).toBe(3);
  });

  it('schedule of a campaign that cannot be sent: exit 5 (campaign_not_sendable), state unchanged', async () => {
    const id = emu.fixtures.campaigns.sent;
    const r = await cli(['schedule', id, '--at', '+1d']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('campaign_not_sendable');
    expect(stored(id)!.status).toBe('sent');
  });
});

describe('the answer without data (campaign deleted meanwhile, spec 4.6)', () => {
  it('is a success: exit 0, a warning on stderr, and a small JSON result', async () => {
    const id = emu.fixtures.vanishingCampaign;
    const at = future(2, 'Z');
    const r = await cli(['schedule', id, '--at', at.text, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]!.status).toBe(200);
    expect(JSON.parse(r.stdout)).toEqual({ id, scheduled_at: at.text, deleted: true, message: expect.any(String) });
    expect(r.stderr).toContain('probably deleted');
    expect(stored(id)).toBeUndefined();
  });

  it('for unschedule too', async () => {
    const id = draft(2);
    const sched = await cli(['schedule', id, '--at', '+3d']);
    expect(sched.code, sched.stderr).toBe(0);
    stored(id)!.vanishOnWrite = true;
    const r = await cli(['unschedule', id]);
    expect(r.code, r.stderr).toBe(0);
    expect(kv(r.stdout)).toMatchObject({ id, unscheduled: 'true', deleted: 'true' });
    expect(r.stderr).toContain('probably deleted');
  });
});

describe('refused before sending', () => {
  it.each([
    ['2020-01-01T00:00:00Z', 'must be in the future'],
    ['+0m', 'must be in the future'],
    ['2030-01-01', 'needs a time of day'],
    ['next week', 'ISO 8601'],
    ['+3x', 'relative times'],
  ])('--at %s: exit 2, zero requests', async (at, message) => {
    const r = await cli(['schedule', draft(3), '--at', at]);
    expectNothingSent(r, 2);
    expect(r.stderr).toContain('--at');
    expect(r.stderr).toContain(message);
  });

  it('a past time with offset is refused too, and the campaign is untouched', async () => {
    const id = draft(3);
    const past = new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00');
    expectNothingSent(await cli(['schedule', id, '--at', past]), 2);
    expect(stored(id)!.status).toBe('draft');
  });

  it('--at is required', async () => {
    const r = await cli(['schedule', draft(3)]);
    expectNothingSent(r, 2);
    expect(r.stderr).toContain('--at');
  });

  it('non-UUID ids: exit 2 naming the argument', async () => {
    for (const args of [['schedule', '123', '--at', '+1h'], ['unschedule', 'my-campaign']]) {
      const r = await cli(args);
      expectNothingSent(r, 2);
      expect(r.stderr).toContain('CAMPAIGN_ID: must be a UUID');
    }
  });

  it('a sandbox key: exit 3 with the reason, nothing sent (also with --dry-run)', async () => {
    for (const args of [['schedule', draft(3), '--at', '+1h'], ['unschedule', emu.fixtures.campaigns.scheduled], ['schedule', draft(3), '--at', '+1h', '--dry-run']]) {
      const r = await cli(args, 'sandbox');
      expectNothingSent(r, 3);
      expect(r.stderr).toMatch(/sandbox API keys cannot (un)?schedule campaigns/);
    }
  });

  it('a read-only key reaches the API, which refuses it: 403 → exit 3', async () => {
    const id = draft(3);
    const r = await cli(['schedule', id, '--at', '+1h'], 'read_only');
    expect(r.code).toBe(3);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]!.status).toBe(403);
    expect(r.stderr).toContain('insufficient_scope');
    expect(stored(id)!.status).toBe('draft');
  });
});

describe('--dry-run', () => {
  it('schedule: prints method, URL and body, sends nothing, exit 0', async () => {
    const id = draft(3);
    const at = future(4, '-05:00');
    const r = await cli(['schedule', id, '--at', at.text, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(0);
    expect(r.stdout).toContain(`POST ${emu.baseUrl}/campaigns/${id}/schedule\n`);
    expect(r.stdout).toBe(`POST ${emu.baseUrl}/campaigns/${id}/schedule\n${JSON.stringify({ scheduled_at: at.text }, null, 2)}\n`);
    expect(r.stdout).not.toContain(emu.keys.full);
    expect(r.stderr).toContain('nothing was sent');
    expect(stored(id)!.status).toBe('draft');

    const json = await cli(['schedule', id, '--at', at.text, '--dry-run', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      dry_run: true, method: 'POST', url: `${emu.baseUrl}/campaigns/${id}/schedule`, body: { scheduled_at: at.text },
    });
    expect(emu.requests).toHaveLength(0);
  });

  it('unschedule: prints the request without a body, sends nothing', async () => {
    const id = emu.fixtures.campaigns.scheduled;
    const before = stored(id)!.status;
    const r = await cli(['unschedule', id, '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ dry_run: true, method: 'POST', url: `${emu.baseUrl}/campaigns/${id}/unschedule` });
    expect(emu.requests).toHaveLength(0);
    expect(stored(id)!.status).toBe(before);
  });

  it('still validates: a past --at fails with exit 2', async () => {
    expectNothingSent(await cli(['schedule', draft(3), '--at', '2001-01-01T00:00:00Z', '--dry-run']), 2);
  });
});
