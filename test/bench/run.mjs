#!/usr/bin/env node
// `npm run bench`: the benchmark suite of issue 9. Builds nothing itself (npm run bench builds
// first); starts the emulator from dist/ in this process, runs each case several times after a
// warm-up, interleaved with its floor, prints one table and writes test/bench/results.json.
//
// A missed target is reported (MISSED, with its figure) and the exit code stays 0: this is a
// report. A case that crashes (a command failing, a wrong request count from a floor) makes
// the exit code 1, after the other cases ran.
//
// Options: --only startup,one-call,tls,stream,rate,bulk,archive,ids,import,report,archive-pg  run some cases (results.json untouched)
//          --quick                                    fewer repetitions (a smoke run)
//          --markdown                                 also print the table as Markdown
//          --in-place                                 run bin/ and dist/ where they are, not from
//                                                     a snapshot taken at the start (see lib.mjs)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: { only: { type: 'string' }, quick: { type: 'boolean' }, markdown: { type: 'boolean' }, 'in-place': { type: 'boolean' } },
});
if (flags['in-place']) process.env.BENCH_IN_PLACE = '1';
// Imported after the flags: lib.mjs takes the snapshot of dist/ when it loads.
const cases = await import('./cases.mjs');
const { APP, CaseCrash, ROOT, fmtMb, fmtMs, fmtRatio, renderTable } = await import('./lib.mjs');

const CASES = [
  ['startup', cases.startup],
  ['one-call', cases.oneCall],
  ['tls', cases.oneCallTls],
  ['stream', cases.streaming],
  ['rate', cases.rateLimited],
  ['bulk', cases.bulk],
  ['archive', cases.archive],
  ['ids', cases.ids],
  ['import', cases.contactImport],
  ['report', (await import('./report.mjs')).report],
  ['archive-pg', (await import('./archive-pg.mjs')).archivePg],
];
const only = flags.only?.split(',').map((s) => s.trim());
const unknown = only?.filter((n) => !CASES.some(([c]) => c === n)) ?? [];
if (unknown.length) {
  process.stderr.write(`unknown case ${unknown.join(', ')}; cases: ${CASES.map(([c]) => c).join(', ')}\n`);
  process.exit(2);
}

// Repetitions: modest, because the machine is shared; the floors run interleaved with the cases.
const config = flags.quick
  ? { runs: 3, bigRuns: 1, rateRuns: 1, bulkRuns: 1 }
  : { runs: 11, bigRuns: 3, rateRuns: 3, bulkRuns: 3 };

const emulatorPath = join(APP, 'dist/emulator/index.mjs');
if (!existsSync(emulatorPath)) {
  process.stderr.write(`bench: ${emulatorPath} is missing: run \`npm run build\` (npm run bench does)\n`);
  process.exit(1);
}
const { startEmulator } = await import(pathToFileURL(emulatorPath).href);

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

// The work tree is shared: another engineer's build can replace dist/ while the bench runs,
// and `tsc` emitting into a bundled dist/ mixes two builds. Note which build was measured and
// whether it changed under us.
function distState() {
  const main = join(APP, 'dist/main.js');
  if (!existsSync(main)) return { build: 'missing' };
  const text = readFileSync(main, 'utf8');
  const build = text.includes('__mailctlMainUrl') ? 'esbuild bundle' : 'tsc (one file per module)';
  const files = readdirSync(join(APP, 'dist')).sort().join(',');
  return { build, hash: createHash('sha1').update(text).update(files).digest('hex').slice(0, 12), mixed: existsSync(join(APP, 'dist/program.mjs')) && existsSync(join(APP, 'dist/program.js')) };
}
const distAtStart = distState();
const env = {
  date: new Date().toISOString(),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model,
  memory_gb: Math.round(totalmem() / 2 ** 30),
  load_start: load(),
  commit: gitCommit(),
  build: distAtStart.build,
  measured: APP === ROOT ? 'the work tree (--in-place)' : 'a snapshot of bin/, dist/ and package.json taken at the start',
  repetitions: config,
};

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'bin', 'scripts'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${head} (+ uncommitted changes in src/)` : head;
  } catch {
    return undefined;
  }
}

const rows = [];
let crashed = false;
for (const [name, run] of CASES) {
  if (only && !only.includes(name)) continue;
  const t0 = performance.now();
  process.stderr.write(`bench: ${name} ...`);
  try {
    rows.push(...(await run({ ...config, startEmulator })));
  } catch (error) {
    crashed = true;
    const message = error instanceof CaseCrash ? error.message : (error?.stack ?? String(error));
    rows.push({ case: name, crashed: message });
  }
  process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
env.load_end = load();
const distAtEnd = distState();
env.dist_changed_during_run = distAtEnd.hash !== distAtStart.hash;

const result = (r) => {
  if (r.skipped) return `skipped: ${r.skipped}`;
  if (r.crashed) return 'CRASHED';
  if (r.met === undefined) return r.figure ?? '';
  return `${r.met ? 'met' : 'MISSED'} (${r.figure})`;
};
const floorCell = (f) => (!f ? '' : f.median !== undefined ? `${fmtMs(f.median)} ${f.label}` : `${fmtMb(f.rssKb)} at ${f.label}`);
const legend = [
  'ratio: median wall time / floor median, runs interleaved; cpu ratio: the same for user+system CPU time (steadier on a busy machine)',
  'peak RSS: largest ru_maxrss of the runs (kB from getrusage, via test/bench/usage.cjs)',
];
const header = ['case', 'median', 'min', 'max', 'floor (median)', 'ratio', 'cpu ratio', 'peak RSS', 'target', 'result'];
const cells = rows.map((r) => [
  r.case,
  fmtMs(r.time?.median),
  fmtMs(r.time?.min),
  fmtMs(r.time?.max),
  floorCell(r.floor),
  fmtRatio(r.ratio),
  fmtRatio(r.cpu?.ratio),
  fmtMb(r.rssKb),
  r.target ?? '',
  result(r),
]);

const out = process.stdout;
out.write(`\nmailctl benchmarks — node ${env.node}, ${env.cpus} CPUs, load ${env.load_start.join(' ')} → ${env.load_end.join(' ')}, commit ${env.commit ?? '?'}, dist: ${env.build}\n\n`);
out.write(`${renderTable(header, cells)}\n\n${legend.join('\n')}\n`);
for (const r of rows) {
  for (const note of r.notes ?? []) out.write(`note: ${r.case}: ${note}\n`);
  if (r.crashed) out.write(`crashed: ${r.case}: ${r.crashed}\n`);
}
const missed = rows.filter((r) => r.met === false);
out.write(`\n${rows.filter((r) => r.met === true).length} met, ${missed.length} missed, ${rows.filter((r) => r.skipped).length} skipped, ${rows.filter((r) => r.crashed).length} crashed\n`);
if (env.load_start[0] > env.cpus) out.write(`note: the load average (${env.load_start[0]}) exceeds the ${env.cpus} CPUs: absolute times are noisy; ratios are measured interleaved\n`);
if (env.dist_changed_during_run) out.write('WARNING: dist/ changed during the run (another build?): the figures may mix two builds; run again\n');
if (distAtStart.mixed) out.write(`WARNING: dist/ holds tsc output over an esbuild bundle (\`tsc\` emitted into it?); measured: ${env.build}. \`npm run build\` gives a clean bundle\n`);
if (flags.markdown) out.write(`\n${renderTable(header, cells, true)}\n`);

if (only) {
  out.write('\n(--only: test/bench/results.json left as it was)\n');
} else {
  const file = join(ROOT, 'test/bench/results.json');
  writeFileSync(file, `${JSON.stringify({ environment: env, legend, table: { header, rows: cells }, cases: rows }, null, 2)}\n`);
  out.write(`\nwrote ${file.slice(ROOT.length)}\n`);
}
process.exit(crashed ? 1 : 0);
