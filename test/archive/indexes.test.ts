// The indexes around a big sync (src/archive/indexes.ts): a run that adds
// more events than the archive holds goes without them, event_id's unique one
// included, and builds them at its end, however it ends (success, Ctrl-C,
// SIGTERM, a network failure), removing the copies of any event it stored
// twice. A process killed outright leaves them missing: readers still answer
// correctly (each event once), and the next writable open builds them again.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openArchive } from '../../src/archive/open.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { archiveColumn, archiveCount, archiveRows, newArchivePath, storedEvents, sync, syncState, syncStoppedAt, type Ev } from './support.js';

const EVENTS = 2500;
const INDEXES = ['events_event_id', 'events_rcpt_to', 'events_request_id', 'events_timestamp_ms', 'events_type'];
let emu: Emulator;
let all: Ev[];

beforeAll(async () => {
  emu = await startEmulator({ seed: 21, events: EVENTS });
  all = storedEvents(emu);
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.clearRequests();
  emu.clearFaults();
});

/** The archive's indexes on events, and where each one's b-tree starts (a rebuilt index moves). */
function indexes(path: string): Map<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare("SELECT name, rootpage FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL").all() as {
      name: string;
      rootpage: number;
    }[];
    return new Map(rows.map((r) => [r.name, r.rootpage]));
  } finally {
    db.close();
  }
}
const names = (path: string) => [...indexes(path).keys()].sort();

/** A spawned sync of the file's emulator, sent `signal` while the emulator holds back page `page`. */
async function interrupted(signal: NodeJS.Signals, page: number) {
  const db = newArchivePath();
  return { db, result: await syncStoppedAt(emu, db, page, signal) };
}

describe('events sync: the indexes of a big run', () => {
  it('a first sync into an empty archive builds them once, at its end: every index is there and queries use them', async () => {
    const db = newArchivePath();
    const r = await sync(emu, db);
    expect(r.code, r.stderr).toBe(0);
    expect(names(db)).toEqual(INDEXES);
    const check = new Database(db, { readonly: true });
    const plan = check.prepare("EXPLAIN QUERY PLAN SELECT raw FROM events WHERE type = 'bounce' AND timestamp_ms > 0").all() as { detail: string }[];
    check.close();
    expect(plan.map((p) => p.detail).join(' ')).toContain('events_type');
  });

  it('a small sync into a bigger archive keeps the indexes it has (they are not rebuilt)', async () => {
    const db = newArchivePath();
    expect((await sync(emu, db)).code).toBe(0);
    const before = indexes(db);
    const again = await sync(emu, db);
    expect(again.code, again.stderr).toBe(0);
    expect(indexes(db)).toEqual(before);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s mid-sync: exit %i, every index is there, the re-run completes', async (signal, code) => {
    const { db, result } = await interrupted(signal, 6);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toMatch(/events sync stopped after \d+ pages?/);
    expect(archiveCount(db)).toBeLessThan(EVENTS);
    expect(names(db)).toEqual(INDEXES);
    const again = await sync(emu, db);
    expect(again.code, again.stderr).toBe(0);
    expect(archiveCount(db)).toBe(EVENTS);
    expect(names(db)).toEqual(INDEXES);
  });

  it('a network failure that outlasts the retries (exit 7): every index is there', async () => {
    const db = newArchivePath();
    emu.scriptFault({ path: '/emails/events', drop: true, skip: 6, times: 3 });
    const r = await sync(emu, db, ['--retries', '1']);
    expect(r.code, r.stderr).toBe(7);
    expect(archiveCount(db)).toBeGreaterThanOrEqual(500);
    expect(names(db)).toEqual(INDEXES);
  });

  it('SIGKILL mid-sync leaves them missing: events list --db still answers right, the next sync rebuilds them and completes', async () => {
    const { db, result } = await interrupted('SIGKILL', 8);
    expect(result.signal).toBe('SIGKILL');
    // the run went without them: that is what made it fast
    expect(names(db)).toEqual([]);
    const kept = archiveRows(db);
    const bounces = kept.filter((row) => row.type === 'bounce').map((row) => row.event_id);
    expect(bounces.length).toBeGreaterThan(0);
    const listed = await runCli(['events', 'list', '--db', db, '--events', 'bounce', '--from', '90d', '--all', '--ndjson']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n').map((l) => JSON.parse(l).event_id)).toEqual(bounces);
    expect(names(db)).toEqual([]); // a reader does not write

    const again = await sync(emu, db, ['--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ archive_total: EVENTS });
    expect(names(db)).toEqual(INDEXES);
    expect(new Set(archiveColumn(db, 'event_id'))).toEqual(new Set(all.map((e) => e.event_id)));
  });

  it('any writable open of an archive missing them builds them', () => {
    const path = newArchivePath();
    openArchive(path).close();
    const raw = new Database(path);
    for (const name of INDEXES) raw.exec(`DROP INDEX ${name}`);
    raw.close();
    expect(names(path)).toEqual([]);
    openArchive(path).close();
    expect(names(path)).toEqual(INDEXES);
  });
});

/** Stores copies of events in the archive file as a sync without the unique index would: appended, newer. */
function appendCopies(path: string, events: readonly Ev[], change: (e: Ev) => Ev): void {
  const raw = new Database(path);
  const insert = raw.prepare('INSERT INTO events (event_id, type, timestamp, timestamp_ms, request_id, rcpt_to, raw) VALUES (?, ?, ?, ?, ?, ?, ?)');
  raw.transaction(() => {
    for (const e of events.map(change)) insert.run(e.event_id, e.type, e.timestamp, Date.parse(e.timestamp), e.request_id, e.rcpt_to, JSON.stringify(e));
  })();
  raw.close();
}

describe('events sync without the unique index: each event stored once', () => {
  it('a big run over events the archive holds: one row each, the copy just read kept, counted as already present', async () => {
    const path = newArchivePath();
    openArchive(path).close();
    // 300 of the events, as an older copy of them (another subject), stored before any sync
    const old = all.slice(1000, 1300);
    appendCopies(path, old, (e) => ({ ...e, subject: 'as it was' }));

    const r = await sync(emu, path, ['--json']);
    expect(r.code, r.stderr).toBe(0);
    // 2,500 to read against 300 held: the run went without the indexes, so it appended them all
    expect(JSON.parse(r.stdout)).toMatchObject({ read: EVENTS, new: EVENTS - 300, already_present: 300, archive_total: EVENTS });
    expect(syncState(path)).toMatchObject([{ last_run_read: EVENTS, last_run_new: EVENTS - 300, last_run_present: 300 }]);
    expect(names(path)).toEqual(INDEXES);
    const rows = archiveRows(path);
    expect(rows.length).toBe(EVENTS);
    expect(rows.map((row) => JSON.parse(row.raw))).toEqual(all);
  });

  it('a reader of an archive a killed run left with copies sees each event once, the newest; the next writable open removes them', async () => {
    const path = newArchivePath();
    expect((await sync(emu, path)).code).toBe(0);
    const raw = new Database(path);
    raw.exec('DROP INDEX events_event_id');
    raw.close();
    const copied = all.filter((e) => e.type === 'bounce').slice(0, 10);
    appendCopies(path, copied, (e) => ({ ...e, reason: 'read again' }));
    expect(archiveCount(path)).toBe(EVENTS + 10);

    const want = all.filter((e) => e.type === 'bounce').map((e) => (copied.some((c) => c.event_id === e.event_id) ? { ...e, reason: 'read again' } : e));
    const listed = await runCli(['events', 'list', '--db', path, '--events', 'bounce', '--from', '90d', '--all', '--ndjson']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual(want);
    const shown = await runCli(['email', 'show', String(copied[0]!.request_id), '--db', path, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).events.filter((e: Ev) => e.event_id === copied[0]!.event_id)).toEqual([{ ...copied[0], reason: 'read again' }]);
    expect(names(path)).not.toContain('events_event_id'); // a reader does not write

    openArchive(path).close();
    expect(names(path)).toEqual(INDEXES);
    const rows = archiveRows(path);
    expect(rows.length).toBe(EVENTS);
    expect(rows.filter((row) => row.type === 'bounce').map((row) => JSON.parse(row.raw))).toEqual(want);
  });
});
