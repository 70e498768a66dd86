// `doctor --db postgres://…`: the team archive's row says it is reachable, its
// schema version, its events and day partitions, the newest event and how far
// it lags behind the service; an empty database, a stale archive and a server
// that is not there are findings (exit 8), never a crash, and no API request
// is spent on the row.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sync } from '../archive/support.js';
import { emulatorEnv } from '../helpers/cli.js';
import { fakeClock, runCliInProcess, useEmulator } from '../helpers/context.js';
import { usePostgres, type TestDatabase } from '../helpers/postgres.js';
import { PG_SCHEMA_VERSION } from '../../src/archive/pg/schema.js';

const emu = useEmulator({ seed: 33, events: 1500 });

interface Row {
  name: string;
  status: string;
  detail: string;
  fix?: string;
}

async function archiveRow(db: string, clock = fakeClock()) {
  emu.clearRequests();
  const r = await runCliInProcess(['doctor', '--db', db, '--json'], { env: emulatorEnv(emu), clock });
  const row = (JSON.parse(r.stdout).checks as Row[]).find((c) => c.name === 'archive');
  return { r, row: row! };
}

describe('doctor --db postgres://…', () => {
  const pg = usePostgres('doctor');
  /** One synced archive for the tests that read it (doctor writes nothing). */
  let synced: Promise<TestDatabase> | undefined;
  const syncedArchive = () =>
    (synced ??= (async () => {
      const database = await pg.fresh();
      expect((await sync(emu, database.url)).code).toBe(0);
      return database;
    })());

  it('a synced archive passes: reachable, schema version, events in day partitions, newest event, complete up to the last sync, team', async () => {
    const database = await syncedArchive();
    const [{ n }] = await database.query<{ n: string }>('SELECT count(*) AS n FROM events');
    const [{ p }] = await database.query<{ p: string }>("SELECT count(*) AS p FROM pg_inherits WHERE inhparent = 'events'::regclass");
    const [{ t }] = await database.query<{ t: string }>(`SELECT raw->>'timestamp' AS t FROM events ORDER BY "timestamp" DESC LIMIT 1`);
    const { r, row } = await archiveRow(database.url);
    expect(row, r.stderr).toMatchObject({ status: 'pass' });
    expect(row.detail).toMatch(new RegExp(`^postgres://postgres@127\\.0\\.0\\.1:\\d+/\\w+: reachable \\(\\d+ ms\\), schema version ${PG_SCHEMA_VERSION}, `));
    expect(row.detail).toContain(`${Number(n).toLocaleString('en-US')} events in ${p} day partitions`);
    expect(row.detail).toContain(`newest event ${t}`);
    expect(row.detail).toMatch(/complete up to \S+ \(last complete sync, (just now|\d+s ago)\), team \d+/);
    expect(emu.requests.filter((q) => q.path === '/emails/events')).toHaveLength(0);
  });

  it('a day after the last complete sync it warns that the archive lags, with the sync to run (exit 8)', async () => {
    const database = await syncedArchive();
    const { r, row } = await archiveRow(database.url, fakeClock(Date.now() + 2 * 86_400_000));
    expect(r.code).toBe(8);
    expect(row.status).toBe('warn');
    expect(row.detail).toMatch(/lags the service by more than a day/);
    expect(row.fix).toMatch(/^mailctl events sync --db postgres:\/\//);
  });

  it('an empty database: the row fails naming the sync that creates the archive', async () => {
    const database = await pg.fresh();
    const { r, row } = await archiveRow(database.url);
    expect(r.code).toBe(8);
    expect(row).toMatchObject({ status: 'fail' });
    expect(row.detail).toMatch(/reachable .*but it holds no archive yet/);
    expect(row.fix).toMatch(/^mailctl events sync --db postgres:\/\//);
  });
});

describe('doctor --db postgres://… without a server', () => {
  it('no server at the address: the row fails as unreachable, exit 8, one finding', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as { port: number };
        s.close(() => resolve(p));
      });
    });
    const { r, row } = await archiveRow(`postgres://postgres@127.0.0.1:${port}/archive`);
    expect(r.code).toBe(8);
    expect(row.status).toBe('fail');
    expect(row.detail).toMatch(/cannot reach the PostgreSQL server 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });
});
