// The benchmark rows of issue 19: `report` streamed from the API against
// `events list --all --ndjson` over the same events, its peak RSS at 20,000
// and 200,000 events, and `report --db` against the sqlite3 shell computing
// the same aggregates over 1,000,000 archived events.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP, CaseCrash, ROOT, cli, interleave, measure, median, scratch, stats, timed } from './lib.mjs';

const emuEnv = (emu) => ({ MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full });
const maxRss = (runs) => Math.max(...runs.map((r) => r.rssKb ?? 0));

function ratio(name, runs, floorRuns, floorLabel, max) {
  const time = stats(runs.map((r) => r.ms));
  const floorMs = median(floorRuns.map((r) => r.ms));
  const r = time.median / floorMs;
  // CPU time (user + system) is steadier than wall time on a shared machine; the sqlite3 floor has none recorded.
  const cpu = runs.every((x) => x.cpuMs !== undefined) && floorRuns.every((x) => x.cpuMs !== undefined)
    ? { median: median(runs.map((x) => x.cpuMs)), floorMedian: median(floorRuns.map((x) => x.cpuMs)) }
    : undefined;
  if (cpu) cpu.ratio = cpu.median / cpu.floorMedian;
  return { case: name, time, floor: { label: floorLabel, median: floorMs }, ratio: r, cpu, rssKb: maxRss(runs), target: `≤ ${max}x floor`, met: r <= max, figure: `${r.toFixed(2)}x` };
}

async function apiRuns(startEmulator, events, runs, warmup) {
  const emu = await startEmulator({ seed: 1, events });
  try {
    const pages = Math.ceil(events / 100);
    const counted = (args) => async () => {
      emu.clearRequests();
      const res = await measure(args, { env: emuEnv(emu), rss: true, stdout: 'null' });
      // The same pages for both: one pass at per_page=100 over the covering days.
      if (emu.requests.length !== pages) throw new CaseCrash(`${args.slice(1).join(' ')}: ${emu.requests.length} requests, expected ${pages}`);
      return res;
    };
    return await interleave(
      {
        floor: counted(cli('events', 'list', '--all', '--ndjson', '--from', '10d')),
        cli: counted(cli('report', '--from', '10d', '--json')),
      },
      { runs, warmup },
    );
  } finally {
    await emu.close();
  }
}

/**
 * 1,000,000 events in a real archive: mailctl creates it (its migrations, its indexes, its
 * schema version) with a sync of one emulator event, then the rows are written straight into
 * its table (a sync of a million would take minutes). Once per bench run.
 */
async function buildArchive(startEmulator, n) {
  const file = join(scratch, 'archive.sqlite');
  const seedEmu = await startEmulator({ seed: 2, events: 1 });
  try {
    await measure(cli('events', 'sync', '--from', '10d'), { env: { ...emuEnv(seedEmu), MAILCTL_DB: file }, stdout: 'null' });
  } finally {
    await seedEmu.close();
  }
  const Database = createRequire(join(APP, 'package.json'))('better-sqlite3');
  const db = new Database(file);
  db.exec('DELETE FROM events');
  const types = ['injection', 'delivery', 'initial_open', 'open', 'click', 'injection', 'delivery', 'bounce', 'spam_complaint', 'list_unsubscribe'];
  const domains = ['example.com', 'example.org', 'example.net', 'mail.example'];
  const providers = ['Gmail', 'Microsoft Outlook', 'Yahoo', 'Apple iCloud'];
  const start = Date.parse('2026-08-01T00:00:00Z');
  const insert = db.prepare(`INSERT INTO events (event_id, type, timestamp, timestamp_ms, request_id, rcpt_to, raw_rcpt_to, recipient_domain, mailbox_provider,
    mailbox_provider_region, subject, friendly_from, queue_time, bounce_class, error_code, reason, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const ms = start + i * 7000;
      const type = types[i % types.length];
      const d = i % domains.length;
      const rcpt = `r${i % 5000}@${domains[d]}`;
      insert.run(`e${i}`, type, new Date(ms).toISOString(), ms, `tx${Math.floor(i / 5)}`, rcpt, rcpt, domains[d], providers[d], 'Global', 'Hello', 'news@acme.example',
        type === 'delivery' ? 300 : null, type === 'bounce' ? [10, 22, 21][i % 3] : null, null, null, '{}');
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { file, from: '2026-08-01', to: new Date(start + n * 7000).toISOString().slice(0, 10) };
}

export async function report({ runs, bigRuns, startEmulator }) {
  if (!(await measure(cli('report', '--help'), { expectCode: undefined })).stdout.includes('mailctl report')) {
    return [{ case: 'report', skipped: 'command missing' }];
  }
  const small = await apiRuns(startEmulator, 20_000, runs, 1);
  const big = await apiRuns(startEmulator, 200_000, bigRuns, 0);
  const flat = maxRss(big.cli) / maxRss(small.cli);
  const rows = [
    ratio('report: from the API, 200,000 events', big.cli, big.floor, 'events list --all --ndjson > /dev/null', 1.3),
    {
      case: 'report: peak RSS 200,000 vs 20,000 events',
      rssKb: maxRss(big.cli),
      floor: { label: '20,000 events', rssKb: maxRss(small.cli) },
      ratio: flat,
      target: '≤ 1.10x (flat)',
      met: flat <= 1.1,
      figure: `${(maxRss(big.cli) / 1024).toFixed(1)} MB vs ${(maxRss(small.cli) / 1024).toFixed(1)} MB = ${flat.toFixed(2)}x`,
    },
  ];
  let hasSqlite = true;
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
  } catch {
    hasSqlite = false;
  }
  if (!hasSqlite) return [...rows, { case: 'report --db: 1,000,000 events', skipped: 'sqlite3 shell missing (apt-get install sqlite3)' }];
  const archive = await buildArchive(startEmulator, 1_000_000);
  const { archiveSql } = await reportSql();
  const from = Date.parse(`${archive.from}T00:00:00Z`);
  const to = Date.parse(`${archive.to}T00:00:00Z`) + 86_400_000 - 1;
  const sql = sqlFor(archiveSql, from, to);
  const db = await interleave(
    {
      floor: () => timed('sqlite3', [archive.file, sql]),
      cli: () => measure(cli('report', '--db', archive.file, '--from', archive.from, '--to', archive.to, '--json'), { rss: true, stdout: 'null' }),
    },
    { runs: bigRuns, warmup: 1 },
  );
  return [...rows, ratio('report --db: 1,000,000 archived events, by day', db.cli, db.floor, 'sqlite3 shell, same aggregates', 2)];
}

/** The SQL the CLI runs, taken from its source (bundled on the fly: the bench runs plain .mjs). */
async function reportSql() {
  const { build } = await import('esbuild');
  const outfile = join(scratch, 'report-sql.mjs');
  await build({ entryPoints: [join(ROOT, 'src/report/archive.ts')], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'error' });
  return import(pathToFileURL(outfile).href);
}

/** The report's two statements (rows by day, totals) with the window written in. */
function sqlFor(archiveSql, from, to) {
  const { rows, totals } = archiveSql('day', 'sqlite');
  return [rows, totals].map((s) => `${s.replaceAll('@from', String(from)).replaceAll('@to', String(to))};`).join('\n');
}
