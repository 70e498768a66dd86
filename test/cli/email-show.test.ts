// `email show` (GET /emails/{requestId}) against the emulator.
import { describe, expect, it } from 'vitest';
import { emulatorEnv } from '../helpers/cli.js';
import { tsvRows } from '../helpers/parse.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { get } from '../helpers/emulator.js';

const DAY = 86_400_000;
const emu = useEmulator({ seed: 5, events: 1500 });

const show = (args: string[]) => runCli(['email', 'show', ...args], { env: emulatorEnv(emu, 'full') });
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The API's answer for an email, read before the CLI runs. */
async function apiEmail(id: string, query: Record<string, string> = {}) {
  const a = await get(emu, `/emails/${id}`, { query });
  expect(a.status).toBe(200);
  emu.clearRequests();
  return a.body.data as {
    transmission_id: string; state: string; from: string; from_name: string | null; subject: string; recipients: string[];
    events: Array<Record<string, unknown> & { timestamp: string; type: string; rcpt_to: string }>;
  };
}

/** An email of the fixtures with at least `n` events. */
async function emailWith(n: number): Promise<string> {
  for (const id of emu.fixtures.requestIds) {
    if ((await apiEmail(id)).events.length >= n) return id;
  }
  throw new Error(`no fixture email with ${n} events`);
}

describe('email show', () => {
  it('--json prints the data object exactly as the API gave it (events newest first)', async () => {
    const id = emu.fixtures.requestIds[0]!;
    const want = await apiEmail(id);
    const r = await show([id, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(want);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: `/emails/${id}`, rawQuery: '', status: 200 });
  });

  it('a pipe gets key<TAB>value header lines, then the timeline oldest first as tab-separated rows', async () => {
    const id = await emailWith(3);
    const want = await apiEmail(id);
    const r = await show([id]);
    expect(r.code, r.stderr).toBe(0);
    const lines = tsvRows(r.stdout);
    const sender = want.from_name ? `${want.from_name} <${want.from}>` : want.from;
    expect(lines.slice(0, 6)).toEqual([
      ['transmission_id', id],
      ['state', want.state],
      ['scheduled_at', ''],
      ['from', sender],
      ['subject', want.subject],
      ['recipients', want.recipients.join(', ')],
    ]);
    const timeline = lines.slice(6);
    const oldestFirst = [...want.events].reverse();
    expect(timeline.map((c) => [c[0], c[1], c[2]])).toEqual(oldestFirst.map((e) => [e.timestamp, e.type, e.rcpt_to]));
    const times = timeline.map((c) => Date.parse(c[0]!));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const delivery = timeline.find((c) => c[1] === 'delivery');
    if (delivery) expect(delivery[3]).toMatch(/^queued \d+ ms$/);
  });

  it('--from/--to are sent as days (relative ones resolved in UTC) and narrow the events', async () => {
    const id = emu.fixtures.requestIds[1]!;
    const today = day(Date.now());
    const want = await apiEmail(id, { from: today, to: today });
    const r = await show([id, '--from', 'today', '--to', 'today', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests[0]!.query).toEqual({ from: today, to: today });
    expect(JSON.parse(r.stdout)).toEqual(want);
    // a range holding none of its events: the service, which finds an email by its events, has none
    const old = day(Date.now() - 30 * DAY);
    const none = await show([id, '--from', old, '--to', old, '--json']);
    expect(none.code, none.stderr).toBe(4);
    expect(none.stdout).toBe('');
    expect(emu.requests.at(-1)!.query).toEqual({ from: old, to: old });
  });

  it('an unknown request id exits 4 with the API message and a hint; one request, never retried', async () => {
    const r = await show(['9999999999999999']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*not found.* \(not_found, HTTP 404\)\nhint: a request id is the request_id of an email's events/i);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]!.status).toBe(404);
    const json = await show(['9999999999999999', '--json']);
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stderr.trimEnd().split('\n').at(-1)!).error).toMatchObject({ status: 404, code: 'not_found', exit_code: 4 });
  });

  it('the id is sent path-encoded', async () => {
    const r = await show(['abc%41']);
    expect(r.code).toBe(4);
    expect(emu.requests[0]!.path).toBe('/emails/abc%2541');
  });

  const bad: Array<[string[], RegExp]> = [
    [[], /missing required argument 'request_id'/],
    [['events'], /^error: REQUEST_ID: is not a transmission id/],
    [['a/b'], /^error: REQUEST_ID: must be a transmission id/],
    [['1', '--from', '2026-02-29'], /^error: --from is not a real date/],
    [['1', '--from', '2026-03-02', '--to', '2026-03-01'], /^error: --from 2026-03-02 is after --to 2026-03-01/],
    [['1', '--to', 'next week'], /^error: --to must be a date YYYY-MM-DD/],
    [['1', '--fields', 'nope'], /^error: --fields: unknown field "nope"/],
  ];
  it.each(bad)('bad input %j: exit 2, nothing sent', async (args, message) => {
    expectUsageError(await show(args), emu.requests, message);
  });
});
