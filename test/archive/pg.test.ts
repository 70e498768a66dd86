// What only the PostgreSQL archive has (issue 29, cli.md "Team archive on
// PostgreSQL"): the password never in the URL and never printed, --verbose
// naming host, port and database only, the password from PGPASSWORD,
// ~/.pgpass or the OS credential store (connection failures and sslmode:
// pg-connection.test.ts), the advisory
// lock of two syncs at once (--no-wait), a newer schema or another program's
// database refused and left as it is, one partition per day.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PG_SCHEMA_VERSION } from '../../src/archive/pg/schema.js';
import { partitionName } from '../../src/archive/pg/partitions.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { BIN, emulatorEnv, tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { PASSWORD_ROLE, PASSWORD_ROLE_SECRET, usePostgres } from '../helpers/postgres.js';
import { pgQuery } from './stores.js';
import { day, eventRequests, storedEvents, sync, type Ev } from './support.js';

const EVENTS = 1200;
let emu: Emulator;
let all: Ev[];
const pg = usePostgres('pg');
const fresh = () => pg.fresh();

beforeAll(async () => {
  emu = await startEmulator({ seed: 29, events: EVENTS });
  all = storedEvents(emu);
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.clearRequests();
  emu.clearFaults();
});

/** The URL of a database as the password role sees it (it owns the database, so it may create the archive). */
async function ownedByPasswordRole(): Promise<string> {
  const db = await fresh();
  await pgQuery(pg.admin(), `ALTER DATABASE ${db.name} OWNER TO ${PASSWORD_ROLE}`);
  return db.url.replace('postgres://postgres@', `postgres://${PASSWORD_ROLE}@`);
}

const errorLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('error:'));
// no OS credential store in these runs: the password comes from where the test puts it, or nowhere
const NO_KEYCHAIN = { MAILCTL_NO_KEYCHAIN: '1' };

describe('the password: never in the URL, never printed', () => {
  it.each([
    [['events', 'sync', '--db', 'postgres://ops:Sup3r-s3cret@127.0.0.1:5432/events']],
    [['events', 'list', '--all', '--db', 'postgresql://ops:Sup3r-s3cret@db.example/events']],
    [['email', 'show', 'x1', '--db', 'postgres://ops@db.example/events?password=Sup3r-s3cret']],
  ])('%j: exit 2, one line naming where the password goes, the password never echoed, nothing sent', async (args) => {
    const r = await runCliInProcess(args, { env: emulatorEnv(emu) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(errorLines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: --db: a PostgreSQL URL must not carry a password .*PGPASSWORD, ~\/\.pgpass or the OS credential store/);
    expect(r.stderr).not.toContain('Sup3r-s3cret');
    expect(emu.requests).toHaveLength(0);
  });

  it('MAILCTL_DB with a password is refused the same way, naming MAILCTL_DB', async () => {
    const r = await runCliInProcess(['events', 'list', '--db'], { env: { MAILCTL_DB: 'postgres://ops:Sup3r-s3cret@127.0.0.1/events' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: MAILCTL_DB: a PostgreSQL URL must not carry a password/);
    expect(r.stderr).not.toContain('Sup3r-s3cret');
  });

  // A mistyped scheme (pg://, postgres:/) was taken for a file path: sync made folders named after the password and wrote a local file.
  it.each(['pg://ops:Sup3r-s3cret@127.0.0.1/events', 'postgres:/ops:Sup3r-s3cret@127.0.0.1/events', 'postgresql:ops:Sup3r-s3cret@db/events'])(
    'a URL that is not postgres:// or postgresql:// (%s): exit 2 naming the scheme only, no file made, nothing sent',
    async (url) => {
      const cwd = process.cwd();
      const dir = mkdtempSync(join(tmpdir(), 'mailctl-scheme-'));
      process.chdir(dir);
      try {
        for (const [args, env] of [[['events', 'sync', '--db', url], {}], [['events', 'sync'], { MAILCTL_DB: url }]] as const) {
          const r = await runCliInProcess([...args], { env: { ...emulatorEnv(emu), ...env } });
          expect(r.code).toBe(2);
          expect(errorLines(r.stderr)).toEqual([`error: ${args.length === 4 ? '--db' : 'MAILCTL_DB'}: "${url.split(':')[0]}:" is not a PostgreSQL URL (postgres://user@host:5432/dbname or postgresql://…)`]);
          expect(r.stderr).not.toContain('Sup3r-s3cret');
          expect(readdirSync(dir)).toEqual([]);
          expect(emu.requests).toHaveLength(0);
        }
      } finally {
        process.chdir(cwd);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('PGPASSWORD: the sync runs; --verbose names host, port and database, never the user or the password', async () => {
    const url = await ownedByPasswordRole();
    const { hostname, port, pathname } = new URL(url);
    const r = await sync(emu, url, ['--verbose', '--from', '3d'], { PGPASSWORD: PASSWORD_ROLE_SECRET, ...NO_KEYCHAIN });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`> PostgreSQL: connecting to ${hostname}:${port}, database ${pathname.slice(1)}`);
    const line = r.stderr.split('\n').find((l) => l.includes('PostgreSQL: connecting'))!;
    expect(line).not.toContain(PASSWORD_ROLE);
    expect(r.stdout + r.stderr).not.toContain(PASSWORD_ROLE_SECRET);
    const listed = await runCliInProcess(['events', 'list', '--db', url, '--from', '3d', '--all', '--ndjson'], { env: { PGPASSWORD: PASSWORD_ROLE_SECRET, ...NO_KEYCHAIN } });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n').length).toBeGreaterThan(10);
  });

  it('~/.pgpass (0600) gives the password; one readable by others is ignored with a warning, and the login fails with exit 3', async () => {
    const url = await ownedByPasswordRole();
    const { port, pathname } = new URL(url);
    const home = tempDir();
    mkdirSync(home, { recursive: true });
    const file = join(home, '.pgpass');
    writeFileSync(file, `# comment\nother:*:*:*:nope\n127.0.0.1:${port}:${pathname.slice(1)}:${PASSWORD_ROLE}:${PASSWORD_ROLE_SECRET}\n`, { mode: 0o600 });
    const env = { HOME: home, ...NO_KEYCHAIN };
    const ok = await runCliInProcess(['events', 'sync', '--db', url, '--from', '2d', '--json'], { env: { ...emulatorEnv(emu), ...env } });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout + ok.stderr).not.toContain(PASSWORD_ROLE_SECRET);
    chmodSync(file, 0o644);
    const refused = await runCliInProcess(['events', 'list', '--db', url, '--all'], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`password file ${file} has group or world access and is ignored`);
    expect(errorLines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toMatch(/asks a password for mailctl_pw@127\.0\.0\.1:\d+\/pg_\w+, and none was found/);
    expect(refused.stderr).toContain('PGPASSWORD, ~/.pgpass or the OS credential store (service "mailctl-postgres"');
  });

  it('the OS credential store (service mailctl-postgres, account user@host:port/db) gives the password when nothing else does', async (ctx) => {
    const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => spawnSync('sh', ['-c', `command -v ${c}`]).status !== 0);
    if (missing.length > 0) {
      // as helpers/tools.ts's requireCommand
      if (process.env.MAILCTL_CI_STRICT === '1') throw new Error(`${missing.join(', ')} not installed, and MAILCTL_CI_STRICT=1 forbids skipping`);
      ctx.skip(`${missing.join(', ')} not installed: skipped; .ci/run installs gnome-keyring and dbus-daemon`);
    }
    const url = await ownedByPasswordRole();
    const { port, pathname } = new URL(url);
    const account = `${PASSWORD_ROLE}@127.0.0.1:${port}${pathname}`;
    const script = [
      'echo -n test-keyring-pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || exit 90',
      `"${process.execPath}" -e 'const { Entry } = require(process.argv[1]); new Entry("mailctl-postgres", process.argv[2]).setPassword(process.argv[3])' "$KEYRING" "$ACCOUNT" "$PW" || exit 11`,
      `"${process.execPath}" "${BIN}" events sync --db "$URL" --from 1d --json || exit 12`,
    ].join('\n');
    const env = { ...emulatorEnv(emu), PATH: process.env.PATH!, HOME: tempDir('mailctl-home-'), KEYRING: createRequire(import.meta.url).resolve('@napi-rs/keyring'), ACCOUNT: account, PW: PASSWORD_ROLE_SECRET, URL: url };
    // spawned, not spawnSync: the emulator answers from this process
    const child = spawn('dbus-run-session', ['--', 'sh', '-c', script], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const r = { status, stdout, stderr };
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ archive: url });
    expect(r.stdout + r.stderr).not.toContain(PASSWORD_ROLE_SECRET);
  });

  it('a wrong password: exit 3, one line, the password given never printed', async () => {
    const url = await ownedByPasswordRole();
    const r = await runCliInProcess(['events', 'list', '--db', url, '--all'], { env: { PGPASSWORD: 'wrong-Pa55', ...NO_KEYCHAIN } });
    expect(r.code).toBe(3);
    expect(errorLines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: the PostgreSQL server 127\.0\.0\.1:\d+ refused the login to pg_\w+: password authentication failed/);
    expect(r.stderr).not.toContain('wrong-Pa55');
  });
});

describe('the schema: created once, partitioned by day, never written when it is not ours', () => {
  it('one partition per day of the events, each holding its day, and one for the next day; the version table says this version', async () => {
    const db = await fresh();
    expect((await sync(emu, db.url, ['--from', '6d'])).code).toBe(0);
    const days = [...new Set(all.filter((e) => e.timestamp >= day(Date.now() - 6 * 86_400_000)).map((e) => e.timestamp.slice(0, 10)))].sort();
    const parts = await db.query<{ name: string; n: string }>(
      `SELECT c.relname AS name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text AS n
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass ORDER BY 1`,
    );
    // and the day after the newest, made ahead of its first event, empty
    const ahead = day(Date.parse(`${days.at(-1)!}T00:00:00Z`) + 86_400_000);
    expect(parts.map((p) => p.name)).toEqual([...days, ahead].map(partitionName));
    for (const [i, d] of [...days, ahead].entries()) expect(Number(parts[i]!.n)).toBe(all.filter((e) => e.timestamp.startsWith(d)).length);
    expect(await db.query('SELECT max(version) AS v FROM mailctl_schema')).toEqual([{ v: PG_SCHEMA_VERSION }]);
  });

  it('an archive of schema version 1 (queue_time bigint) is migrated by the next sync: queue_time holds fractions', async () => {
    const db = await fresh();
    expect((await sync(emu, db.url, ['--from', '2d'])).code).toBe(0);
    // what version 1 was: the column an integer, no row for version 2
    await db.query('ALTER TABLE events ALTER COLUMN queue_time TYPE bigint');
    await db.query('DELETE FROM mailctl_schema WHERE version > 1');
    const r = await sync(emu, db.url, ['--from', '2d']);
    expect(r.code, r.stderr).toBe(0);
    expect(await db.query('SELECT max(version) AS v FROM mailctl_schema')).toEqual([{ v: PG_SCHEMA_VERSION }]);
    const [column] = await db.query<{ data_type: string }>("SELECT data_type FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'queue_time'");
    expect(column?.data_type).toBe('double precision');
    // the rows are all still there
    const [count] = await db.query<{ n: string }>('SELECT count(*) AS n FROM events');
    expect(Number(count!.n)).toBe(all.filter((e) => e.timestamp >= day(Date.now() - 2 * 86_400_000)).length);
  });

  it('a database of a newer schema version is refused (exit 1) and not altered, by sync and by readers', async () => {
    const db = await fresh();
    expect((await sync(emu, db.url, ['--from', '2d'])).code).toBe(0);
    await db.query('INSERT INTO mailctl_schema (version) VALUES ($1)', [PG_SCHEMA_VERSION + 1]);
    const snapshot = async () => ({
      tables: await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"),
      events: await db.query('SELECT count(*)::int AS n, max(seq)::int AS seq FROM events'),
      state: await db.query('SELECT * FROM sync_state'),
      version: await db.query('SELECT version FROM mailctl_schema ORDER BY 1'),
    });
    const before = await snapshot();
    emu.clearRequests();
    for (const args of [['events', 'sync', '--db', db.url], ['events', 'list', '--db', db.url, '--all'], ['events', 'sync', '--db', db.url, '--dry-run']]) {
      const r = await runCliInProcess(args, { env: emulatorEnv(emu) });
      expect(r.code, args.join(' ')).toBe(1);
      expect(errorLines(r.stderr)).toEqual([`error: the event archive ${db.url} has schema version ${PG_SCHEMA_VERSION + 1}, newer than this mailctl knows (${PG_SCHEMA_VERSION})`]);
    }
    expect(emu.requests).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });

  it("another program's database is refused (exit 2) naming its tables, and nothing is created in it", async () => {
    const db = await fresh();
    await db.query('CREATE TABLE customers (id int)');
    const r = await sync(emu, db.url);
    expect(r.code).toBe(2);
    expect(errorLines(r.stderr)).toEqual([expect.stringMatching(/is a PostgreSQL database that mailctl did not write \(its tables: customers\): nothing was changed/)]);
    expect(await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([{ tablename: 'customers' }]);
    expect(eventRequests(emu)).toHaveLength(0);
  });
});

describe('two syncs at once', () => {
  it('the second waits with a notice, or with --no-wait stops at once (exit 5); nothing lost or doubled', async () => {
    // slow answers (every one 60 ms late): the first sync holds the lock long enough
    emu.scriptFault({ delayMs: 60, times: Number.MAX_SAFE_INTEGER });
    const slow = emu;
    try {
      const db = await fresh();
      const first = runCliInProcess(['events', 'sync', '--db', db.url, '--json'], { env: emulatorEnv(slow) });
      // the first holds the position's lock once it reads its pages
      while (slow.requests.filter((q) => q.path === '/emails/events').length < 2) await new Promise((r) => setTimeout(r, 20));
      const busy = await runCliInProcess(['events', 'sync', '--db', db.url, '--no-wait'], { env: emulatorEnv(slow) });
      expect(busy.code).toBe(5);
      expect(errorLines(busy.stderr)).toEqual([expect.stringMatching(/^error: another `mailctl events sync` .*is writing the same sync position of postgres:\/\/.*: --no-wait, nothing was synced$/)]);
      const second = runCliInProcess(['events', 'sync', '--db', db.url, '--json'], { env: emulatorEnv(slow) });
      const [a, b] = await Promise.all([first, second]);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      expect(b.stderr).toMatch(/Another `mailctl events sync`.* is writing postgres:\/\/.*: waiting for it to end/);
      const [sa, sb] = [JSON.parse(a.stdout), JSON.parse(b.stdout)];
      expect(sa.new + sb.new).toBe(EVENTS);
      expect(sb.archive_total).toBe(EVENTS);
      const ids = await db.query<{ event_id: string }>('SELECT event_id FROM events');
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids.map((r) => r.event_id))).toEqual(new Set(all.map((e) => e.event_id)));
    } finally {
      emu.clearFaults();
    }
  });

  it('two positions (all types, and bounces only) synced at once into a new database: both complete, each event once', async () => {
    const db = await fresh();
    const [a, b] = await Promise.all([
      runCliInProcess(['events', 'sync', '--db', db.url, '--json'], { env: emulatorEnv(emu) }),
      runCliInProcess(['events', 'sync', '--db', db.url, '--events', 'bounce', '--json'], { env: emulatorEnv(emu) }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const ids = await db.query<{ event_id: string }>('SELECT event_id FROM events');
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids.map((r) => r.event_id)).size).toBe(EVENTS);
  });
});

describe('a big archive: counted by the planner, and said so', () => {
  // At the service's rate ceiling an archive holds billions of events: an exact
  // count(*) would read terabytes at the end of every sync (from cron), in
  // doctor and in prune. The planner's statistics say how big it is; here they
  // are made to say about a billion events a day (2^30: exact in reltuples' real),
  // after an ANALYZE (so that autovacuum has no reason to correct them during the test).
  it('events sync, events prune --dry-run and doctor report the estimate, flagged as one', async () => {
    const db = await fresh();
    expect((await sync(emu, db.url)).code).toBe(0);
    await db.query('ANALYZE events');
    const parts = await db.query<{ name: string }>(
      "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass ORDER BY 1",
    );
    const BIG = 2 ** 30;
    await db.query(`UPDATE pg_class SET reltuples = ${BIG} WHERE oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'events'::regclass)`);

    const again = await runCliInProcess(['events', 'sync', '--db', db.url, '--json'], { env: emulatorEnv(emu) });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ archive_total: parts.length * BIG, archive_total_estimated: true });
    const human = await runCliInProcess(['events', 'sync', '--db', db.url], { env: emulatorEnv(emu) });
    // a pipe gets key<TAB>value lines: the flag is one of them
    expect(human.stdout).toContain(`archive_total\t${parts.length * BIG}\narchive_total_estimated\ttrue\n`);

    // the oldest three days go: three partitions' worth, the rest left
    const before = parts[3]!.name.replace(/^events_p(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
    const dry = await runCliInProcess(['events', 'prune', '--before', before, '--db', db.url, '--dry-run', '--json'], { env: emulatorEnv(emu) });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      removed_events: 3 * BIG, removed_events_estimated: true, removed_days: 3, archive_total: (parts.length - 3) * BIG, archive_total_estimated: true,
    });
    expect(dry.stderr).toContain(`removes about ${(3 * BIG).toLocaleString('en-US')} events of 3 days`);

    const doctor = await runCliInProcess(['doctor', '--db', db.url, '--json'], { env: emulatorEnv(emu) });
    const row = (JSON.parse(doctor.stdout).checks as Array<{ name: string; detail: string }>).find((c) => c.name === 'archive')!;
    expect(row.detail).toContain(`about ${(parts.length * BIG).toLocaleString('en-US')} events in ${parts.length} day partitions`);

    // the real counts were never the figures: a small archive is counted exactly
    const [{ n }] = await db.query<{ n: string }>('SELECT count(*) AS n FROM events');
    expect(Number(n)).toBeLessThan(EVENTS + 1);
  });

  it('a small archive is counted exactly: no estimate flag', async () => {
    const db = await fresh();
    // a week: small enough, and 8 partitions to create instead of 91
    const r = await runCliInProcess(['events', 'sync', '--db', db.url, '--from', '7d', '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    const [{ n }] = await db.query<{ n: string }>('SELECT count(*) AS n FROM events');
    const summary = JSON.parse(r.stdout);
    expect(summary.archive_total).toBe(Number(n));
    expect(summary).not.toHaveProperty('archive_total_estimated');
  });
});
