// `report --db postgres://…`: the same emulator events synced into an SQLite
// file and into a PostgreSQL database give the same report, breakdown by
// breakdown (the counts computed by each database from one set of SQL
// definitions), and the PostgreSQL archive's coverage gates a report as the
// SQLite one does.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { day, newArchivePath, sync } from '../archive/support.js';
import { fakeClock, runCliInProcess, useEmulator, type FakeClock } from '../helpers/context.js';
import { freshDatabase, requirePostgres, type TestDatabase } from '../helpers/postgres.js';

const DAY_MS = 86_400_000;
const emu = useEmulator({ seed: 31, events: 4000 });

let file: string;
let database: TestDatabase | undefined;

beforeAll(async () => {
  const admin = inject('pgAdminUrl');
  if (!admin) return;
  file = newArchivePath();
  database = await freshDatabase(admin, 'report');
  // the days the reports below read (the oldest: --compare previous over 3 days), and more:
  // a 90-day sync would write four times the events and partitions for nothing
  for (const db of [file, database.url]) {
    const r = await sync(emu, db, ['--from', '12d']);
    expect(r.code, r.stderr).toBe(0);
  }
});

afterAll(async () => {
  await database?.drop();
});

/** The report's JSON, without the one field that names the archive. */
async function reportOf(db: string, args: string[], clock?: FakeClock) {
  const r = await runCliInProcess(['report', '--db', db, ...args, '--json'], { env: {}, clock });
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout);
  expect(doc.source).toEqual({ kind: 'archive', db: db.startsWith('postgres') ? expect.stringMatching(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\//) : db });
  delete doc.source;
  return doc;
}

describe('report --db postgres://… computes in the database', () => {
  const window = () => ['--from', day(Date.now() - 9 * DAY_MS), '--to', day(Date.now())];

  it.for(['day', 'hour', 'type', 'domain', 'provider', 'bounce-class'])('--by %s: the same report as from the SQLite archive of the same events', async (by, ctx) => {
    requirePostgres(ctx);
    const sqlite = await reportOf(file, [...window(), '--by', by]);
    const pg = await reportOf(database!.url, [...window(), '--by', by]);
    expect(pg).toEqual(sqlite);
    expect(sqlite.totals.events).toBeGreaterThan(1000);
  });

  it('an exact window inside a day (--from 30h) counts the same events', async (ctx) => {
    requirePostgres(ctx);
    // one instant for both runs: the window ends now
    const now = Date.now();
    const sqlite = await reportOf(file, ['--from', '30h', '--by', 'hour'], fakeClock(now));
    expect(await reportOf(database!.url, ['--from', '30h', '--by', 'hour'], fakeClock(now))).toEqual(sqlite);
    expect(sqlite.totals.events).toBeGreaterThan(0);
  });

  it('--compare previous and -o markdown: the same changes, trends and page as from the SQLite archive', async (ctx) => {
    requirePostgres(ctx);
    const now = Date.now();
    const args = ['--from', '3d', '--compare', 'previous', '--by', 'type'];
    const sqlite = await reportOf(file, args, fakeClock(now));
    const pg = await reportOf(database!.url, args, fakeClock(now));
    expect(pg).toEqual(sqlite);
    expect(sqlite.compare.totals.events).toBeGreaterThan(0);
    expect(Object.keys(sqlite.totals)).toEqual(expect.arrayContaining(['bounce_change', 'bounce_trend']));
    const page = async (db: string) => {
      const r = await runCliInProcess(['report', '--db', db, ...args, '-o', 'markdown'], { env: {}, clock: fakeClock(now) });
      expect(r.code, r.stderr).toBe(0);
      // the heading names the archive; everything else must be the same
      return r.stdout.replace(/^(## mailctl report — archive )[^\s,]+/, '$1ARCHIVE');
    };
    const pgPage = await page(database!.url);
    expect(pgPage).toBe(await page(file));
    expect(pgPage).toMatch(/^## mailctl report/);
  });

  it('a window before the first synced day cannot pass a gate (exit 2), as with SQLite', async (ctx) => {
    requirePostgres(ctx);
    const args = ['--from', day(Date.now() - 120 * DAY_MS), '--to', day(Date.now() - 100 * DAY_MS), '--fail-on', 'critical'];
    const r = await runCliInProcess(['report', '--db', database!.url, ...args], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/cannot compute the bounce rate .*: the gate cannot be judged/);
  });
});
