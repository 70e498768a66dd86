// `events sync` against the emulator, the same cases for both stores (an
// SQLite file, a PostgreSQL database): the archive holds exactly the API's
// events (every id, every field), a second run adds nothing and re-reads only
// the newest day, failures of the API lose nothing, one archive holds one
// team, and the sync position records what was read completely (coverage).
// SIGKILL and SIGTERM of the SQLite sync: sync.test.ts; of the PostgreSQL
// sync: test/hostile/pg-sync.test.ts.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { get } from '../helpers/emulator.js';
import { pgQuery, STORES } from './stores.js';
import { day, eventRequests, storedEvents, sync, type Ev } from './support.js';

// 15 pages: room for every fault script below to hit mid-sync (the last 429 is request 19)
const EVENTS = 1500;
const PAGES = Math.ceil(EVENTS / 100);
let emu: Emulator;
let all: Ev[];
let teams: { main: number; other: number };

beforeAll(async () => {
  emu = await startEmulator({ seed: 18, events: EVENTS });
  all = storedEvents(emu);
  teams = {
    main: (await get(emu, '/auth/check')).body.data.team_id,
    other: (await get(emu, '/auth/check', { key: emu.keys.other_team })).body.data.team_id,
  };
});
afterAll(async () => {
  await emu.close();
  for (const store of STORES) await store.cleanup();
});

const okRequests = () => eventRequests(emu).filter((r) => r.status === 200);

/** No archive was made: no file, or a database with no table. */
async function nothingCreated(db: string): Promise<boolean> {
  if (!db.startsWith('postgres')) return !existsSync(db);
  return (await pgQuery(db, "SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).length === 0;
}

describe.each(STORES)('$name', (store) => {
  beforeEach((ctx) => {
    store.require(ctx);
    emu.clearRequests();
    emu.clearFaults();
  });

  /**
   * One full sync of the emulator per store (the first run's, or one made here when that test
   * did not run or failed), shared by the tests that start from a synced archive: none of them
   * adds or removes an event (each re-reads the newest day at most, or is refused), so each
   * finds it as a fresh full sync leaves it.
   */
  let synced: Promise<string> | undefined;
  async function syncedArchive(): Promise<string> {
    synced ??= (async () => {
      const db = (await store.create())!;
      const r = await sync(emu, db);
      expect(r.code, r.stderr).toBe(0);
      return db;
    })();
    const db = await synced;
    emu.clearRequests();
    return db;
  }

  async function expectFullSet(db: string): Promise<void> {
    const ids = await store.eventIds(db);
    expect(ids.length).toBe(all.length);
    expect(new Set(ids)).toEqual(new Set(all.map((e) => e.event_id)));
  }

  describe('events sync: the first run', () => {
    it('stores every event of the range with every field, and prints the summary', async () => {
      const db = (await store.create())!;
      const r = await sync(emu, db, [], {});
      expect(r.code, r.stderr).toBe(0);
      // one request per 100 events, each for the 90 days back to today at the largest page size
      const reqs = eventRequests(emu);
      expect(reqs.length).toBe(PAGES);
      const today = day(Date.now());
      for (const q of reqs) expect(q.query).toMatchObject({ per_page: '100', from: day(Date.now() - 90 * 86_400_000), to: today });
      const rows = (await store.rows(db));
      expect(rows.map((r) => r.event_id)).toEqual(all.map((e) => e.event_id));
      // every row at once (one comparison of two arrays costs far less than one expect per row)
      expect(rows.map((row) => JSON.parse(row.raw))).toEqual(all);
      const typed = all.map((e) => ({
        type: e.type, timestamp: e.timestamp, timestamp_ms: Date.parse(e.timestamp), request_id: e.request_id, rcpt_to: e.rcpt_to,
        raw_rcpt_to: e.raw_rcpt_to, recipient_domain: e.recipient_domain, mailbox_provider: e.mailbox_provider,
        mailbox_provider_region: e.mailbox_provider_region, subject: e.subject, friendly_from: e.friendly_from,
        queue_time: e.queue_time ?? null, bounce_class: e.bounce_class ?? null, error_code: e.error_code ?? null, reason: e.reason ?? null,
      }));
      // toMatchObject's rule per row: each of those columns present, with that value
      const MISSING = Symbol('missing');
      const columns = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(typed[0]!).map((k) => [k, Object.hasOwn(row, k) ? row[k] : MISSING]));
      expect(rows.map(columns)).toEqual(typed);
      // the summary: data on stdout, tab-separated in a pipe
      expect(r.stdout).toContain(`read\t${EVENTS}\n`);
      expect(r.stdout).toContain(`new\t${EVENTS}\n`);
      expect(r.stdout).toContain('already_present\t0\n');
      expect(r.stdout).toContain(`archive_total\t${EVENTS}\n`);
      expect(r.stdout).toContain(`newest\t${all[0]!.timestamp}\n`);
      expect(r.stdout).toContain(`oldest\t${all.at(-1)!.timestamp}\n`);
      expect((await store.syncState(db))).toMatchObject([{ newest_day: today, pending_from: null, pending_cursor: null, last_run_new: EVENTS }]);
      synced ??= Promise.resolve(db);
    });

    it('a second run adds nothing and re-reads the newest day only, in as many requests as its pages', async () => {
      const db = await syncedArchive();
      const r = await sync(emu, db, ['--json']);
      expect(r.code, r.stderr).toBe(0);
      const today = day(Date.now());
      const todays = all.filter((e) => e.timestamp.startsWith(today)).length;
      expect(eventRequests(emu).length).toBe(Math.max(1, Math.ceil(todays / 100)));
      for (const q of eventRequests(emu)) expect(q.query).toMatchObject({ from: today, to: today });
      expect(JSON.parse(r.stdout)).toMatchObject({ read: todays, new: 0, already_present: todays, archive_total: EVENTS });
      await expectFullSet(db);
    });

    it('--overlap 3d re-reads the newest day and the two before it', async () => {
      const db = await syncedArchive();
      const r = await sync(emu, db, ['--overlap', '3d', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(eventRequests(emu)[0]!.query).toMatchObject({ from: day(Date.now() - 2 * 86_400_000), to: day(Date.now()) });
      expect(JSON.parse(r.stdout)).toMatchObject({ new: 0 });
    });

    it('--events stores only those types and asks the API for only those', async () => {
      const db = (await store.create())!;
      const r = await sync(emu, db, ['--events', 'bounce,spam_complaint', '--from', '30d']);
      expect(r.code, r.stderr).toBe(0);
      for (const q of eventRequests(emu)) expect(q.query.events).toBe('bounce,spam_complaint');
      const wanted = all.filter((e) => e.type === 'bounce' || e.type === 'spam_complaint');
      expect(await store.eventIds(db)).toEqual(wanted.map((e) => e.event_id));
    });

    it('--db without a value writes the default archive ($MAILCTL_DB here), the one events list --db reads', async () => {
      const db = (await store.create())!;
      const env = { ...emulatorEnv(emu), MAILCTL_DB: db };
      const r = await runCliInProcess(['events', 'sync', '--db', '--events', 'bounce', '--from', '30d', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      const bounces = all.filter((e) => e.type === 'bounce' && Date.parse(e.timestamp) >= Date.parse(day(Date.now() - 29 * 86_400_000)));
      expect(await store.eventIds(db)).toEqual(bounces.map((e) => e.event_id));
      const listed = await runCliInProcess(['events', 'list', '--db', '--events', 'bounce', '--from', '30d', '--all', '--ndjson'], { env: { MAILCTL_DB: db } });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.trim().split('\n').map((l) => JSON.parse(l).event_id)).toEqual(bounces.map((e) => e.event_id));
    });
  });


  describe('events sync: failures of the API lose nothing', () => {
    it('503s, dropped connections and a 429 storm mid-sync are retried: the full set, exit 0', async () => {
      const db = (await store.create())!;
      emu.scriptFault({ path: '/emails/events', status: 503, skip: 3, times: 2 });
      emu.scriptFault({ path: '/emails/events', drop: true, skip: 8, times: 1 });
      emu.scriptFault({ path: '/emails/events', dropMidBody: true, skip: 12, times: 1 });
      emu.scriptFault({ path: '/emails/events', status: 429, skip: 16, times: 3, headers: { 'Retry-After': '0' }, body: '{"message":"Rate limit exceeded.","error_code":"rate_limit_exceeded"}' });
      const r = await sync(emu, db, ['--retries', '5']);
      expect(r.code, r.stderr).toBe(0);
      await expectFullSet(db);
      expect(okRequests().length).toBe(PAGES);
    });

    it('a network failure that outlasts the retries: exit 7, the committed pages stay, the next run finishes', async () => {
      const db = (await store.create())!;
      emu.scriptFault({ path: '/emails/events', drop: true, skip: 6, times: 3 });
      const r = await sync(emu, db, ['--retries', '1']);
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(/events sync stopped after \d+ pages?/);
      const kept = (await store.eventIds(db)).length;
      expect(kept).toBeGreaterThanOrEqual(500);
      emu.clearRequests();
      emu.clearFaults();
      const again = await sync(emu, db);
      expect(again.code, again.stderr).toBe(0);
      await expectFullSet(db);
      // the pages not committed, then the range's last day (today) again, for what arrived after its first page
      const today = all.filter((e) => day(Date.parse(e.timestamp)) === day(Date.now())).length;
      expect(eventRequests(emu).length).toBe(Math.ceil((EVENTS - kept) / 100) + Math.max(1, Math.ceil(today / 100)));
    });
  });

  describe('events sync: dry run', () => {
    it('--dry-run prints the range and the request estimate, creates no archive, sends nothing', async () => {
      const db = (await store.create())!;
      const r = await sync(emu, db, ['--dry-run', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ dry_run: true, ranges: [{ from: day(Date.now() - 90 * 86_400_000), to: day(Date.now()) }], requests_estimate: null });
      expect(r.stderr).toContain('dry run: nothing was sent');
      expect(await nothingCreated(db)).toBe(true);
      expect(emu.requests.length).toBe(0);
    });

    it('--dry-run after a sync estimates from the archived newest day; a sandbox key is told whether its day budget covers it', async () => {
      const db = await syncedArchive();
      const r = await sync(emu, db, ['--dry-run', '--json'], { MAILCTL_API_KEY: emu.keys.sandbox! });
      expect(r.code, r.stderr).toBe(0);
      const todays = all.filter((e) => e.timestamp.startsWith(day(Date.now()))).length;
      const plan = JSON.parse(r.stdout);
      expect(plan).toMatchObject({ ranges: [{ from: day(Date.now()), to: day(Date.now()) }], requests_estimate: Math.max(1, Math.ceil(todays / 100)) });
      expect(plan.sandbox_budget).toMatch(/^covered/);
      expect(emu.requests.length).toBe(0);
    });

  });

  describe('one archive, one team', () => {
    it("another team's key is refused with exit 2 naming both team ids: nothing synced, the archive unchanged", async () => {
      const db = await syncedArchive();
      const rows = await store.rows(db);
      const state = await store.syncState(db);
      emu.clearRequests();
      const r = await runCliInProcess(['events', 'sync', '--db', db], { env: emulatorEnv(emu, 'other_team') });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^error: the event archive .* holds the events of team/);
      expect(r.stderr).toContain(`team ${teams.main}`);
      expect(r.stderr).toContain(`team ${teams.other}`);
      for (const key of Object.values(emu.keys)) expect(r.stderr).not.toContain(key);
      expect(r.stdout).toBe('');
      // one request, the key's team; no event was read
      expect(emu.requests.map((q) => q.path)).toEqual(['/auth/check']);
      expect(await store.rows(db)).toEqual(rows);
      expect(await store.syncState(db)).toEqual(state);
    });

    it('the same team with another key (read-only) continues the archive', async () => {
      const db = await syncedArchive();
      const r = await runCliInProcess(['events', 'sync', '--db', db], { env: emulatorEnv(emu, 'read_only') });
      expect(r.code, r.stderr).toBe(0);
    });
  });

  describe('coverage: what the sync position says was read completely', () => {
    it('a complete run records its first day and its start; --events is a position of its own', async () => {
      const db = (await store.create())!;
      const before = Date.now();
      expect((await sync(emu, db, ['--from', '5d'])).code).toBe(0);
      expect((await sync(emu, db, ['--from', '5d', '--events', 'bounce'])).code).toBe(0);
      const state = await store.syncState(db);
      expect(state.map((s) => s.event_types).sort()).toEqual(['', 'bounce']);
      for (const s of state) {
        expect(s.first_day).toBe(day(Date.now() - 5 * 86_400_000));
        expect(Date.parse(s.covered_until as string)).toBeGreaterThanOrEqual(before - 1000);
        expect(s.covered_until).toBe(s.last_run_started_at);
        expect(s).toMatchObject({ pending_from: null, pending_cursor: null, newest_day: day(Date.now()) });
      }
    });

    it('a run stopped part-way covers nothing new: covered_until stays unset until a run completes', async () => {
      const db = (await store.create())!;
      emu.scriptFault({ path: '/emails/events', drop: true, skip: 4, times: 3 });
      expect((await sync(emu, db, ['--retries', '1'])).code).toBe(7);
      const [stopped] = await store.syncState(db);
      expect(stopped).toMatchObject({ covered_until: null, pending_to: day(Date.now()) });
      expect(stopped!.pending_cursor).toBeTruthy();
      emu.clearFaults();
      expect((await sync(emu, db)).code).toBe(0);
      const [done] = await store.syncState(db);
      expect(done).toMatchObject({ pending_from: null, pending_cursor: null });
      expect(done!.covered_until).toBeTruthy();
      await expectFullSet(db);
    });
  });
});
