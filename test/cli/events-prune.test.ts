// `events prune --before DAY` on both archives: what it removes is
// exactly the events of the days before DAY, it asks (or needs --yes) like
// every destructive command, --dry-run changes nothing, and a report over a
// pruned window no longer passes a gate on data the archive lost.
import Database from 'better-sqlite3';
import { copyFileSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { archiveColumn, archiveCount, day, newArchivePath, storedEvents, sync, syncState, type Ev } from '../archive/support.js';
import { runCliInProcess, runInProcess, useEmulator } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { usePostgres, type TestDatabase } from '../helpers/postgres.js';

const DAY_MS = 86_400_000;
const emu = useEmulator({ seed: 29, events: 3000 });

let synced: string;
let all: Ev[];
// the emulator's events span the last 10 days
const cutDay = () => day(Date.now() - 5 * DAY_MS);
const cutMs = () => Date.parse(`${cutDay()}T00:00:00Z`);

/** A fresh copy of the synced archive, so each test prunes its own. */
function archive(): string {
  const file = newArchivePath();
  copyFileSync(synced, file);
  return file;
}

const prune = (file: string, ...args: string[]) => runCliInProcess(['events', 'prune', '--db', file, ...args], { env: {} });

beforeAll(async () => {
  synced = newArchivePath();
  const r = await sync(emu, synced);
  expect(r.code, r.stderr).toBe(0);
  all = storedEvents(emu);
});

describe('events prune --before DAY (SQLite)', () => {
  it('removes exactly the events before the day, reports what it removed and what is left', async () => {
    const file = archive();
    const gone = all.filter((e) => Date.parse(e.timestamp) < cutMs());
    const kept = all.filter((e) => Date.parse(e.timestamp) >= cutMs());
    expect(gone.length).toBeGreaterThan(0);
    const r = await prune(file, '--before', '5d', '--yes', '--json');
    expect(r.code, r.stderr).toBe(0);
    const days = [...new Set(gone.map((e) => day(Date.parse(e.timestamp))))].sort();
    const oldest = kept.reduce((a, e) => (Date.parse(e.timestamp) < Date.parse(a.timestamp) ? e : a));
    expect(JSON.parse(r.stdout)).toEqual({
      archive: file,
      before: cutDay(),
      removed_events: gone.length,
      removed_days: days.length,
      first_day: days[0],
      last_day: days.at(-1),
      archive_total: kept.length,
      oldest: oldest.timestamp,
    });
    expect(new Set(archiveColumn(file, 'event_id'))).toEqual(new Set(kept.map((e) => e.event_id)));
    expect(r.stderr).toContain('VACUUM');
    // again: nothing older is left
    const again = await prune(file, '--before', cutDay(), '--yes', '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ removed_events: 0, removed_days: 0, first_day: null, archive_total: kept.length });
  });

  it('--dry-run says what it would remove and leaves the file byte for byte', async () => {
    const file = archive();
    const before = readFileSync(file);
    const r = await prune(file, '--before', cutDay(), '--dry-run', '--json');
    expect(r.code, r.stderr).toBe(0);
    const gone = all.filter((e) => Date.parse(e.timestamp) < cutMs()).length;
    expect(JSON.parse(r.stdout)).toMatchObject({ dry_run: true, before: cutDay(), removed_events: gone, archive_total: all.length - gone });
    expect(r.stderr).toContain('dry run: nothing was removed');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('without a terminal and without --yes: exit 2, naming --yes, nothing removed', async () => {
    const file = archive();
    const r = await prune(file, '--before', cutDay());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/events prune would remove [\d,]+ events of \d+ days .*pass --yes/);
    expect(archiveCount(file)).toBe(all.length);
  });

  it('on a terminal it asks; declining removes nothing (exit 1)', async () => {
    const file = archive();
    const r = await runInProcess(['events', 'prune', '--db', file, '--before', cutDay()], { emulator: false, key: null, stdinIsTTY: true, stderrIsTTY: true, stdin: 'n\n' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/Remove [\d,]+ events of \d+ days/);
    expect(r.stderr).toContain('cancelled: nothing was removed');
    expect(archiveCount(file)).toBe(all.length);
  });

  it('the archive stops claiming the pruned days: a report over them cannot pass a gate', async () => {
    const file = archive();
    const window = ['--from', day(Date.now() - 8 * DAY_MS), '--to', day(Date.now())];
    const gate = await runCliInProcess(['report', '--db', file, ...window, '--fail-on', 'critical', '--json'], { env: {} });
    expect(gate.code, gate.stderr).not.toBe(2);
    expect((await prune(file, '--before', cutDay(), '--yes')).code).toBe(0);
    expect(syncState(file).map((s) => s.first_day)).toEqual([cutDay()]);
    const after = await runCliInProcess(['report', '--db', file, ...window, '--fail-on', 'critical', '--json'], { env: {} });
    expect(after.code).toBe(2);
    expect(after.stdout).toBe('');
    expect(after.stderr).toContain(`cannot compute the bounce rate`);
    expect(after.stderr).toContain(`the archive holds them for ${cutDay()}T00:00:00.000Z to`);
    // a window inside what is left is judged as before
    const inside = await runCliInProcess(['report', '--db', file, '--from', day(Date.now() - 3 * DAY_MS), '--fail-on', 'critical', '--json'], { env: {} });
    expect(inside.code, inside.stderr).not.toBe(2);
  });

  it.each([
    [['--before', '24h'], /--before takes a whole day/],
    [['--before', '2026-11-23T10:00:00Z'], /--before takes a whole day/],
    [['--before', '2026-02-30'], /--before is not a real date/],
    [['--before', 'soon'], /--before must be a date/],
    [['--before', day(Date.now() + DAY_MS)], /--before .* is after today/],
  ])('%j: exit 2 naming --before, nothing removed', async (args, message) => {
    const file = archive();
    const r = await prune(file, ...(args as string[]), '--yes');
    expectUsageError(r, [], message);
    expect(archiveCount(file)).toBe(all.length);
  });

  it('--before today removes every day before today and keeps today', async () => {
    const file = archive();
    const r = await prune(file, '--before', 'today', '--yes', '--json');
    expect(r.code, r.stderr).toBe(0);
    const today = day(Date.now());
    expect(archiveColumn(file, 'timestamp').every((timestamp) => timestamp >= today)).toBe(true);
  });

  it('a missing archive is a usage error, and no file is created', async () => {
    const file = newArchivePath();
    const r = await prune(file, '--before', cutDay(), '--yes');
    expectUsageError(r, [], /no event archive at .*nothing to prune/);
    expect(() => new Database(file, { fileMustExist: true })).toThrow();
  });
});

describe('events prune --before DAY (PostgreSQL)', () => {
  const pg = usePostgres('prune');

  /** A fresh database holding the emulator's events, synced by mailctl. */
  async function pgArchive(): Promise<TestDatabase> {
    const database = await pg.fresh();
    const r = await sync(emu, database.url);
    expect(r.code, r.stderr).toBe(0);
    return database;
  }
  const partitions = async (db: TestDatabase) =>
    (await db.query<{ name: string }>("SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass ORDER BY 1")).map((r) => r.name);

  it('drops the day partitions before the day: the same report of what it removed as SQLite gives', async () => {
    const db = await pgArchive();
    const sqlite = archive();
    const dry = await prune(db.url, '--before', cutDay(), '--dry-run', '--json');
    expect(dry.code, dry.stderr).toBe(0);
    const all = await partitions(db);
    expect(all.length).toBeGreaterThan(5);
    const r = await prune(db.url, '--before', cutDay(), '--yes', '--json');
    expect(r.code, r.stderr).toBe(0);
    const mine = await prune(sqlite, '--before', cutDay(), '--yes', '--json');
    const { archive: pgWhere, ...pgDone } = JSON.parse(r.stdout);
    const { archive: _file, ...sqliteDone } = JSON.parse(mine.stdout);
    expect(pgWhere).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\//);
    expect(pgDone).toEqual(sqliteDone);
    expect({ ...JSON.parse(dry.stdout), archive: undefined, dry_run: undefined }).toEqual({ ...pgDone, archive: undefined, dry_run: undefined });
    const cut = `events_p${cutDay().replaceAll('-', '')}`;
    expect(await partitions(db)).toEqual(all.filter((name) => name >= cut));
    const kept = all.length - (await partitions(db)).length;
    expect(pgDone.removed_days).toBe(kept);
    const ids = (await db.query<{ event_id: string }>('SELECT event_id FROM events')).map((row) => row.event_id);
    expect(new Set(ids)).toEqual(new Set(archiveColumn(sqlite, 'event_id')));
    expect((await db.query<{ first_day: string }>('SELECT first_day FROM sync_state')).map((s) => s.first_day)).toEqual([cutDay()]);
    expect(r.stderr).not.toContain('VACUUM');
  });

  it('without --yes off a terminal: exit 2, no partition dropped', async () => {
    const db = await pgArchive();
    const before = await partitions(db);
    const r = await prune(db.url, '--before', cutDay());
    expectUsageError(r, [], /events prune would remove .* pass --yes/);
    expect(await partitions(db)).toEqual(before);
  });
});
