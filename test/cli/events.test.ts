// `events list` (GET /emails/events) against the emulator: filters under the
// spec's names, one page with the next-page command, --all / --limit paging
// compared with the emulator's store, output formats, and usage errors.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { emulatorEnv, ndjson } from '../helpers/cli.js';
import { tsvRows } from '../helpers/parse.js';
import { useEmulator, fakeClock, runCliInProcess as runCli } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';

const DAY = 86_400_000;
// 15 pages of 100: paging, --limit and the counts are the point, not the number
const EVENTS = 1500;
const emu = useEmulator({ seed: 7, events: EVENTS });

type Ev = Record<string, unknown> & { event_id: string; type: string; timestamp: string };

const list = (args: string[], key: Parameters<typeof emulatorEnv>[1] = 'full') =>
  runCli(['events', 'list', ...args], { env: emulatorEnv(emu, key) });

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The events the emulator holds in [fromMs, toMs], newest first, as the API renders them. */
function stored(fromMs = -Infinity, toMs = Infinity): Ev[] {
  const log = emu.store.teams.main.events;
  const out: Ev[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const t = log.ts[i] as number;
    if (t >= fromMs && t <= toMs) out.push(log.render(i) as Ev);
  }
  return out;
}

/** Stored events of the UTC days from..to (to inclusive). */
const storedDays = (from: string, to: string) => stored(Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`) + DAY - 1);

const ids = (events: unknown[]) => events.map((e) => (e as Ev).event_id);

function eventRequests() {
  return emu.requests.filter((r) => r.path === '/emails/events');
}

/** The `mailctl events list ...` line of a next-page notice, as argv. */
function nextCommand(stderr: string): string[] {
  const line = stderr.split('\n').find((l) => l.trim().startsWith('mailctl events list'));
  expect(line, stderr).toBeTruthy();
  return line!.trim().split(' ').slice(3);
}

describe('events list: filters', () => {
  it('sends every filter under the name of spec 4.1, lists comma-joined', async () => {
    const now = Date.now();
    const from = day(now - 5 * DAY);
    const to = day(now - DAY);
    const r = await list([
      '--events', 'bounce,delivery', '--events', 'open',
      '--recipient', 'ana@example.com', '--recipient', 'bo@example.org,ana@example.com',
      '--from', from, '--to', to,
      '--transmission', '1234567890123456',
      '--bounce-class', '10,25', '--bounce-class', '50',
      '--per-page', '7',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: '/emails/events', status: 200 });
    expect(emu.requests[0]!.query).toEqual({
      events: 'bounce,delivery,open',
      recipients: 'ana@example.com,bo@example.org',
      from,
      to,
      transmissions: '1234567890123456',
      bounce_classes: '10,25,50',
      per_page: '7',
    });
  });

  it('resolves relative days in UTC: --from 7d --to today, --from yesterday', async () => {
    const before = Date.now();
    const r = await list(['--from', '7d', '--to', 'today']);
    const r2 = await list(['--from', 'yesterday', '--to', '24h']);
    const after = Date.now();
    expect(r.code, r.stderr).toBe(0);
    expect(r2.code, r2.stderr).toBe(0);
    const q = emu.requests.map((x) => x.query);
    expect([day(before - 7 * DAY), day(after - 7 * DAY)]).toContain(q[0]!.from);
    expect([day(before), day(after)]).toContain(q[0]!.to);
    expect([day(before - DAY), day(after - DAY)]).toContain(q[1]!.from);
    expect(q[1]!.to).toBe(q[1]!.from);
  });

  it('the filters select what the store holds: --events bounce --all gives exactly the stored bounces', async () => {
    const r = await list(['--events', 'bounce', '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const got = ndjson(r.stdout) as Ev[];
    const want = stored().filter((e) => e.type === 'bounce');
    expect(want.length).toBeGreaterThan(10);
    expect(ids(got)).toEqual(ids(want));
    expect(got.every((e) => typeof e.bounce_class === 'number')).toBe(true);
  });

  it('--recipient and --transmission narrow to that recipient and that email', async () => {
    const sample = stored()[10]!;
    const byRcpt = await list(['--recipient', String(sample.rcpt_to), '--all', '--ndjson']);
    expect(byRcpt.code, byRcpt.stderr).toBe(0);
    expect(ids(ndjson(byRcpt.stdout))).toEqual(ids(stored().filter((e) => e.rcpt_to === sample.rcpt_to)));
    const byTx = await list(['--transmission', String(sample.request_id), '--json']);
    expect(byTx.code, byTx.stderr).toBe(0);
    expect(ids(JSON.parse(byTx.stdout))).toEqual(ids(stored().filter((e) => e.request_id === sample.request_id)));
  });
});

describe('events list: one page', () => {
  it('prints one page (the API default size) and says on stderr how many of the total, with the exact next command', async () => {
    const r = await list(['--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]!.rawQuery).toBe('');
    const first = ndjson(r.stdout);
    expect(ids(first)).toEqual(ids(stored().slice(0, 25)));
    expect(r.stderr).toMatch(new RegExp(`^Showed 25 of ${EVENTS} events`));
    const args = nextCommand(r.stderr);
    expect(args).toContain('--ndjson');
    emu.clearRequests();
    const r2 = await list(args);
    expect(r2.code, r2.stderr).toBe(0);
    expect(ids(ndjson(r2.stdout))).toEqual(ids(stored().slice(25, 50)));
    expect(emu.requests[0]!.query.cursor).toBe(args[args.indexOf('--cursor') + 1]);
  });

  it('the next command keeps the filters, with a relative span written as the instant it meant (issue 27: 3d is exactly 3 days)', async () => {
    const r = await list(['--events', 'delivery', '--from', '3d', '--per-page', '5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const args = nextCommand(r.stderr);
    const sent = emu.requests[0]!.query;
    const from = args[args.indexOf('--from') + 1]!;
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    expect(from.slice(0, 10)).toBe(sent.from); // the covering date asked of the API
    expect(args.slice(0, args.indexOf('--cursor'))).toEqual(['--events', 'delivery', '--from', from, '--per-page', '5']);
    expect(args.slice(args.indexOf('--cursor') + 2)).toEqual(['--json']);
    const r2 = await list(args);
    expect(r2.code, r2.stderr).toBe(0);
    const want = stored(Date.parse(from)).filter((e) => e.type === 'delivery');
    expect(ids(JSON.parse(r2.stdout))).toEqual(ids(want.slice(5, 10)));
  });

  it('no notice on the last page; a range with nothing in it says so on stderr', async () => {
    const sample = stored()[3]!;
    const r = await list(['--transmission', String(sample.request_id)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const old = day(Date.now() - 40 * DAY);
    const empty = await list(['--from', old, '--to', old, '--json']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual([]);
    expect(empty.stderr).toMatch(/^No events between .* match\.\n$/);
    const quiet = await list(['--from', old, '--to', old, '-q']);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toBe('');
  });

  it('a pipe gets tab-separated rows: time, type, recipient, subject, provider, detail', async () => {
    const r = await list(['--all', '--events', 'bounce,delivery']);
    expect(r.code, r.stderr).toBe(0);
    const lines = tsvRows(r.stdout);
    const want = stored().filter((e) => e.type === 'bounce' || e.type === 'delivery');
    expect(lines).toHaveLength(want.length);
    lines.forEach((cells, i) => {
      const e = want[i]!;
      const detail = e.type === 'bounce' ? `class ${e.bounce_class}: ${e.reason}` : `queued ${e.queue_time} ms`;
      expect(cells).toEqual([e.timestamp, e.type, e.rcpt_to, e.subject, e.mailbox_provider, detail]);
    });
  });

  it('csv has a header of the column keys; --fields picks columns and json keys', async () => {
    const r = await list(['-o', 'csv', '--per-page', '3']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\r\n');
    expect(rows[0]).toBe('timestamp,type,rcpt_to,subject,mailbox_provider,detail');
    expect(rows.filter((l) => l !== '')).toHaveLength(4);
    const f = await list(['--ndjson', '--per-page', '2', '--fields', 'event_id,type,detail']);
    expect(f.code, f.stderr).toBe(0);
    const want = stored().slice(0, 2);
    const got = ndjson(f.stdout) as Array<Record<string, unknown>>;
    expect(got.map((o) => Object.keys(o))).toEqual([['event_id', 'type', 'detail'], ['event_id', 'type', 'detail']]);
    expect(got.map((o) => o.event_id)).toEqual(ids(want));
  });
});

describe('events list --all / --limit', () => {
  it('--all returns exactly the stored events, newest first, none missing or repeated, 100 per request', async () => {
    const r = await list(['--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const got = ids(ndjson(r.stdout));
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual(ids(stored()));
    const reqs = eventRequests();
    expect(reqs).toHaveLength(Math.ceil(EVENTS / 100));
    expect(reqs.every((q) => q.query.per_page === '100')).toBe(true);
    expect(reqs[0]!.query.cursor).toBeUndefined();
    expect(new Set(reqs.slice(1).map((q) => q.query.cursor)).size).toBe(reqs.length - 1);
  });

  it('--all over a day range with --per-page and --json: one valid array of exactly that range', async () => {
    const now = Date.now();
    const from = day(now - 6 * DAY);
    const to = day(now - 3 * DAY);
    const r = await list(['--all', '--from', from, '--to', to, '--per-page', '37', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const want = storedDays(from, to);
    expect(want.length).toBeGreaterThan(500);
    expect(ids(JSON.parse(r.stdout))).toEqual(ids(want));
    const reqs = eventRequests();
    expect(reqs).toHaveLength(Math.ceil(want.length / 37));
    expect(reqs.every((q) => q.query.per_page === '37' && q.query.from === from && q.query.to === to)).toBe(true);
  });

  it('--limit stops early at the largest page size (cli.md, "Listing options") and fetches no page beyond the limit', async () => {
    const r = await list(['--limit', '250', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(ndjson(r.stdout))).toEqual(ids(stored().slice(0, 250)));
    expect(eventRequests().map((q) => q.query.per_page)).toEqual(['100', '100', '100']);
    expect(r.stderr).toMatch(new RegExp(`^Stopped at --limit 250 \\(${EVENTS} match\\)`));
  });

  it('--limit ending on a page boundary: the notice gives the command for the next ones', async () => {
    const r = await list(['--limit', '200', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(eventRequests().map((q) => q.query.per_page)).toEqual(['100', '100']);
    expect(r.stderr).toMatch(new RegExp(`^Stopped at --limit 200 \\(${EVENTS} match\\)`));
    const args = nextCommand(r.stderr);
    emu.clearRequests();
    const r2 = await list(args);
    expect(r2.code, r2.stderr).toBe(0);
    expect(ids(ndjson(r2.stdout))).toEqual(ids(stored().slice(200, 400)));
  });

  it('--limit under one page still asks for the largest page', async () => {
    const r = await list(['--limit', '5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(5);
    expect(eventRequests().map((q) => q.query.per_page)).toEqual(['100']);
  });

  it('--limit within one page sends one request of that size; --limit beyond the total stops at the end', async () => {
    const r = await list(['--limit', '100', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(100);
    expect(eventRequests()).toHaveLength(1);
    emu.clearRequests();
    const bounces = stored().filter((e) => e.type === 'bounce');
    const all = await list(['--limit', '100000', '--events', 'bounce', '--per-page', '20', '--ndjson']);
    expect(all.code, all.stderr).toBe(0);
    expect(ids(ndjson(all.stdout))).toEqual(ids(bounces));
    expect(eventRequests()).toHaveLength(Math.ceil(bounces.length / 20));
    expect(all.stderr).toBe('');
  });

  it('--all from a --cursor continues where an earlier page ended', async () => {
    const first = await list(['--per-page', '40', '--ndjson']);
    const args = nextCommand(first.stderr);
    const cursor = args[args.indexOf('--cursor') + 1]!;
    emu.clearRequests();
    const r = await list(['--all', '--cursor', cursor, '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(ndjson(r.stdout))).toEqual(ids(stored().slice(40)));
    expect(eventRequests()[0]!.query).toEqual({ cursor, per_page: '100' });
  });
});

describe('events list: bad input is refused before anything is sent', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--events', 'delivered'], /^error: --events: must be one of injection, delivery/],
    [['--events', 'bounce,'], /^error: --events: must not have an empty item/],
    [['--recipient', 'not-an-email'], /^error: --recipient: must be an email address \(got "not-an-email"\)/],
    [['--recipient', 'a@b.co', '--recipient', 'x@'], /^error: --recipient: must be an email address/],
    [['--from', '2026-02-30'], /^error: --from is not a real date \(got "2026-02-30"\)/],
    [['--to', '2026/01/01'], /^error: --to must be a date YYYY-MM-DD/],
    [['--from', '2026-01-10', '--to', '2026-01-09'], /^error: --from 2026-01-10 is after --to 2026-01-09/],
    [['--from', 'today', '--to', 'yesterday'], /^error: --from \d{4}-\d\d-\d\d is after --to/],
    [['--from', '2999-01-01'], /^error: --from 2999-01-01 is in the future/],
    [['--to', '2001-01-01'], /^error: --to 2001-01-01 is before the default start of the range/],
    [['--per-page', '0'], /^error: --per-page: must be from 1 to 100 \(got "0"\)/],
    [['--per-page', '101'], /^error: --per-page: must be from 1 to 100/],
    [['--per-page', 'ten'], /^error: --per-page: must be a whole number from 1 to 100/],
    [['--limit', '0'], /^error: --limit: must be from 1 to/],
    [['--bounce-class', '10,abc'], /^error: --bounce-class: must be a whole number from 1 to 999/],
    [['--transmission', 'a b'], /^error: --transmission: must be one transmission id/],
    [['--cursor', ''], /^error: --cursor: must not be empty/],
    [['--follow', '--all'], /^error: --follow cannot be combined with --all/],
    [['--follow', '--cursor', 'abc'], /^error: --follow cannot be combined with --cursor/],
    [['--follow', '--to', 'today'], /^error: --follow cannot be combined with --to/],
    [['--follow', '--poll-interval', 'soon'], /^error: --poll-interval must be a duration/],
    [['--fields', 'timestamp,nope'], /^error: --fields: unknown field "nope"/],
    [['--output', 'xml'], /--output/],
    [['extra'], /too many arguments/],
    [['--frm', '7d'], /unknown option '--frm'/],
  ];
  it.each(cases)('%j', async (args, message) => {
    expectUsageError(await list(args), emu.requests, message);
  });

  it('a bad --from on --follow is refused too (exit 2, nothing sent)', async () => {
    const r = await list(['--follow', '--from', '2026-13-01']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --from is not a real date/);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('events list: API failures', () => {
  it('a key without the scope exits 3; a server that keeps failing exits 1 after the retries', async () => {
    emu.scriptFault({ path: '/emails/events', status: 403, body: JSON.stringify({ message: 'This API key lacks the required scope: emails:read.', error_code: 'insufficient_scope' }) });
    const r = await list([]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: This API key lacks the required scope: emails:read\. \(insufficient_scope, HTTP 403\)/);
    emu.clearRequests();
    emu.scriptFault({ path: '/emails/events', status: 503, times: 4 });
    const f = await list(['--all', '--ndjson', '--retries', '3']);
    expect(f.code).toBe(1);
    expect(f.stdout).toBe('');
    expect(eventRequests()).toHaveLength(4);
  });

  it('a failure in the middle of --all --json leaves a closed array of the pages already written', async () => {
    emu.scriptFault({ path: '/emails/events', status: 500, skip: 2, times: 10 });
    const r = await list(['--all', '--json', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(ids(JSON.parse(r.stdout))).toEqual(ids(stored().slice(0, 200)));
    expect(r.stderr).toMatch(/HTTP 500/);
    // the third request failed; the writer never asked for a fourth
    expect(eventRequests()).toHaveLength(3);
  });
});

describe('events list at the production rate limit', () => {
  it('--all paces itself on the X-RateLimit headers: no 429 at all', async () => {
    // One fake clock for the emulator's rate window and the client's pacing waits: paced, not waited out.
    const clock = fakeClock();
    const limited = await startEmulator({ seed: 3, events: 1200, rateLimit: 3, now: clock.now });
    try {
      const r = await runCli(['events', 'list', '--all', '--ndjson'], { env: emulatorEnv(limited, 'full'), clock });
      expect(r.code, r.stderr).toBe(0);
      expect(ndjson(r.stdout)).toHaveLength(1200);
      expect(limited.requests).toHaveLength(12);
      expect(limited.requests.filter((q) => q.status === 429)).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});
