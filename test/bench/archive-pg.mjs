// The PostgreSQL archive's benchmark rows (issue 29), on a throwaway cluster
// this bench starts itself (test/helpers/pg-cluster.ts, the tests' own
// helper: initdb on a temporary directory, 127.0.0.1, a free port, stopped and
// deleted at the end). Without PostgreSQL the rows are skipped, saying why.
//
// - `events sync` of 200,000 emulator events (no rate limit) into PostgreSQL
//   against the same sync into SQLite; its peak RSS, and flat against 20,000.
// - `report --db postgres://… --by day` over 1,000,000 archived events against
//   psql running the same statement (taken from src/report/archive.ts).
// - `events list --db postgres://… --events bounce --all --ndjson` over the same
//   archive against psql printing the same rows.
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ratioRow } from './archive.mjs';
import { CaseCrash, ROOT, cli, interleave, measure, scratch, timed } from './lib.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const DAY = 86_400_000;
const maxRss = (runs) => Math.max(...runs.map((r) => r.rssKb ?? 0));
const emuEnv = (emu, db) => ({ MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, MAILCTL_DB: db });

/** A TypeScript module of the source tree, bundled on the fly (the bench runs plain .mjs). */
async function bundled(entry, name) {
  const { build } = await import('esbuild');
  // Inside node_modules, so that the bundle's requires of packages (pg, selfsigned) resolve;
  // CommonJS, because the packages it requires are left out of the bundle.
  const outfile = join(ROOT, 'node_modules', '.cache', `mailctl-bench-${process.pid}-${name}.cjs`);
  await build({ entryPoints: [join(ROOT, entry)], bundle: true, format: 'cjs', platform: 'node', outfile, logLevel: 'error', packages: 'external' });
  try {
    return require(outfile);
  } finally {
    rmSync(outfile, { force: true });
  }
}

async function admin(adminUrl, sql) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const dbUrl = (adminUrl, name) => adminUrl.replace(/\/postgres$/, `/${name}`);

/** The same sync into a fresh SQLite file and a fresh PostgreSQL database, run by run. */
async function syncBoth(startEmulator, adminUrl, events, runs, warmup) {
  const emu = await startEmulator({ seed: 1, events });
  const file = join(scratch, `pg-sync-${events}.sqlite`);
  const url = dbUrl(adminUrl, `sync_${events}`);
  const pages = Math.ceil(events / 100);
  const counted = (what, fn) => async () => {
    emu.clearRequests();
    const res = await fn();
    const ok = emu.requests.filter((r) => r.path === '/emails/events' && r.status === 200).length;
    if (ok !== pages) throw new CaseCrash(`${what}: ${ok} event pages answered 200, expected ${pages}`);
    return res;
  };
  try {
    return await interleave(
      {
        sqlite: counted('events sync (SQLite)', () => {
          for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
          return measure(cli('events', 'sync', '--from', '10d'), { env: emuEnv(emu, file), rss: true, stdout: 'null' });
        }),
        pg: counted('events sync (PostgreSQL)', async () => {
          await admin(adminUrl, `DROP DATABASE IF EXISTS sync_${events} WITH (FORCE)`);
          await admin(adminUrl, `CREATE DATABASE sync_${events}`);
          return measure(cli('events', 'sync', '--from', '10d'), { env: emuEnv(emu, url), rss: true, stdout: 'null' });
        }),
      },
      { runs, warmup },
    );
  } finally {
    await emu.close();
  }
}

/**
 * 1,000,000 events over the last 9 days in a real PostgreSQL archive: mailctl
 * creates it (schema, version, team) with a sync of one emulator event, then
 * the server writes the rows into day partitions named as the sync names them
 * (a sync of a million would take minutes). Once per bench run.
 */
async function millionArchive(startEmulator, adminUrl, n) {
  await admin(adminUrl, 'CREATE DATABASE million');
  const url = dbUrl(adminUrl, 'million');
  const seedEmu = await startEmulator({ seed: 2, events: 1 });
  try {
    await measure(cli('events', 'sync', '--from', '10d'), { env: emuEnv(seedEmu, url), stdout: 'null' });
  } finally {
    await seedEmu.close();
  }
  const end = Date.now();
  const start = end - 9 * DAY;
  const step = (end - start) / n;
  const days = [];
  for (let t = Date.parse(`${new Date(start).toISOString().slice(0, 10)}T00:00:00Z`); t <= end; t += DAY) days.push(new Date(t).toISOString().slice(0, 10));
  const partitions = days.map((d) => {
    const next = new Date(Date.parse(`${d}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    return `CREATE TABLE IF NOT EXISTS events_p${d.replaceAll('-', '')} PARTITION OF events FOR VALUES FROM ('${d} 00:00:00+00') TO ('${next} 00:00:00+00')`;
  });
  await admin(url, ['DELETE FROM events', ...partitions].join(';\n'));
  // The mix and fields of the SQLite bench's million (report.mjs), raw as the API renders an event.
  await admin(url, `
    INSERT INTO events (event_id, type, "timestamp", request_id, rcpt_to, raw_rcpt_to, recipient_domain, mailbox_provider, mailbox_provider_region,
                        subject, friendly_from, queue_time, bounce_class, raw)
    SELECT e.id, e.type, e.ts, e.tx, e.rcpt, e.rcpt, e.domain, e.provider, 'Global', 'Hello', 'news@acme.example', e.queue, e.class,
           jsonb_build_object('event_id', e.id, 'type', e.type, 'timestamp', to_char(e.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'request_id', e.tx, 'rcpt_to', e.rcpt, 'raw_rcpt_to', e.rcpt, 'recipient_domain', e.domain, 'mailbox_provider', e.provider,
             'mailbox_provider_region', 'Global', 'subject', 'Hello', 'friendly_from', 'news@acme.example', 'queue_time', e.queue, 'bounce_class', e.class)
    FROM (
      SELECT 'e' || i AS id, (ARRAY['injection','delivery','initial_open','open','click','injection','delivery','bounce','spam_complaint','list_unsubscribe'])[i % 10 + 1] AS type,
             to_timestamp((${start} + i * ${step}) / 1000.0) AS ts, 'tx' || (i / 5) AS tx,
             'r' || (i % 5000) || '@' || (ARRAY['example.com','example.org','example.net','mail.example'])[i % 4 + 1] AS rcpt,
             (ARRAY['example.com','example.org','example.net','mail.example'])[i % 4 + 1] AS domain,
             (ARRAY['Gmail','Microsoft Outlook','Yahoo','Apple iCloud'])[i % 4 + 1] AS provider,
             CASE WHEN i % 10 = 1 THEN 300 END AS queue, CASE WHEN i % 10 = 7 THEN (ARRAY[10, 22, 21])[i % 3 + 1] END AS class
      FROM generate_series(0, ${n - 1}) AS i
    ) AS e`);
  await admin(url, 'VACUUM ANALYZE events');
  return { url, from: days[0], to: days.at(-1) };
}

export async function archivePg({ runs, bigRuns, startEmulator }) {
  const { startCluster } = await bundled('test/helpers/pg-cluster.ts', 'cluster');
  const cluster = await startCluster();
  if (typeof cluster === 'string') return [{ case: 'archive-pg: PostgreSQL archive rows', skipped: cluster }];
  try {
    const small = await syncBoth(startEmulator, cluster.adminUrl, 20_000, Math.min(runs, 5), 1);
    const big = await syncBoth(startEmulator, cluster.adminUrl, 200_000, bigRuns, 0);
    const flat = maxRss(big.pg) / maxRss(small.pg);
    const rows = [
      ratioRow('archive-pg: events sync, 200,000 events into PostgreSQL', big.pg, big.sqlite, 'the same sync into SQLite', 1.5),
      {
        case: 'archive-pg: events sync into PostgreSQL, peak RSS 200,000 events',
        rssKb: maxRss(big.pg),
        target: '≤ 120 MB',
        met: maxRss(big.pg) <= 120 * 1024,
        figure: `${(maxRss(big.pg) / 1024).toFixed(1)} MB`,
      },
      {
        case: 'archive-pg: events sync into PostgreSQL, peak RSS 200,000 vs 20,000 events',
        rssKb: maxRss(big.pg),
        floor: { label: '20,000 events', rssKb: maxRss(small.pg) },
        ratio: flat,
        target: '≤ 1.10x (flat)',
        met: flat <= 1.1,
        figure: `${(maxRss(big.pg) / 1024).toFixed(1)} MB vs ${(maxRss(small.pg) / 1024).toFixed(1)} MB = ${flat.toFixed(2)}x`,
      },
    ];
    const archive = await millionArchive(startEmulator, cluster.adminUrl, 1_000_000);
    const psql = (sql) => () => timed('psql', ['-X', '-q', '-At', '-d', archive.url, '-c', sql]);
    const { archiveSql } = await bundled('src/report/archive.ts', 'report-sql');
    const fromMs = Date.parse(`${archive.from}T00:00:00Z`);
    const toMs = Date.parse(`${archive.to}T00:00:00Z`) + DAY - 1;
    const aggregate = archiveSql('day', 'postgres').both.replaceAll('$1', String(fromMs)).replaceAll('$2', String(toMs));
    const report = await interleave(
      {
        floor: psql(aggregate),
        cli: () => measure(cli('report', '--db', archive.url, '--by', 'day', '--from', archive.from, '--to', archive.to, '--json'), { rss: true, stdout: 'null' }),
      },
      { runs: bigRuns, warmup: 1 },
    );
    rows.push(ratioRow('archive-pg: report --db postgres:// --by day, 1,000,000 events', report.cli, report.floor, 'psql, the same statement', 1.5));
    // events list's default window: the last 10 days up to now (the same rows for both, give or take the seconds between runs)
    const now = Date.now();
    const listing = `SELECT raw FROM events WHERE "timestamp" BETWEEN '${new Date(now - 10 * DAY).toISOString()}' AND '${new Date(now + 60_000).toISOString()}'
      AND type = 'bounce' ORDER BY "timestamp" DESC, seq ASC`;
    const list = await interleave(
      {
        floor: psql(listing),
        cli: () => measure(cli('events', 'list', '--db', archive.url, '--events', 'bounce', '--all', '--ndjson'), { rss: true, stdout: 'null' }),
      },
      { runs: bigRuns, warmup: 1 },
    );
    rows.push(ratioRow('archive-pg: events list --db postgres:// --events bounce --all --ndjson, 1,000,000 events', list.cli, list.floor, 'psql printing the same rows', 2));
    return rows;
  } finally {
    cluster.stop();
  }
}
