// Shared pieces of the benchmark harness: spawning a measured process, statistics, formatting.
import { spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FLOORS = fileURLToPath(new URL('./floors/', import.meta.url));
const USAGE = fileURLToPath(new URL('./usage.cjs', import.meta.url));

/** A failure that makes a case's figures meaningless: reported as crashed, exit code 1. */
export class CaseCrash extends Error {}

export const scratch = mkdtempSync(join(tmpdir(), 'mailctl-bench-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** Names, sizes and times of the files under dir: changes when anything is rebuilt. */
function fingerprint(dir) {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true })
    .sort()
    .map((f) => {
      const st = statSync(join(dir, f));
      return `${f}:${st.size}:${st.mtimeMs}`;
    })
    .join('|');
}

/**
 * The work tree may be shared with engineers who rebuild dist/ at any moment. The CLI and the
 * emulator therefore run from a snapshot of bin/, dist/ and package.json (node_modules linked),
 * taken when the bench starts, so one run measures one build. BENCH_IN_PLACE=1 runs the tree.
 */
function snapshot() {
  const app = join(scratch, 'app');
  for (let attempt = 1; ; attempt++) {
    rmSync(app, { recursive: true, force: true });
    mkdirSync(app);
    const before = fingerprint(join(ROOT, 'dist'));
    for (const part of ['bin', 'dist', 'package.json']) {
      if (existsSync(join(ROOT, part))) cpSync(join(ROOT, part), join(app, part), { recursive: true });
    }
    if (fingerprint(join(ROOT, 'dist')) === before) break;
    if (attempt === 5) throw new Error('dist/ kept changing while the bench copied it (another build running?)');
  }
  symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
  return app;
}

/** Where bin/ and dist/ are run from. */
export const APP = process.env.BENCH_IN_PLACE === '1' ? ROOT : snapshot();
export const BIN = join(APP, 'bin/mailctl.js');

let seq = 0;

/**
 * Runs `node [--require usage.cjs] ...args` and times it from spawn to exit.
 * stdout: 'null' (/dev/null, as `> /dev/null`) or 'pipe' (collected).
 * With rss, the process's peak RSS (kB) and CPU time (ms) are read back from the preload's file.
 */
export async function measure(args, { env = {}, stdout = 'pipe', rss = false, expectCode = 0 } = {}) {
  const id = ++seq;
  const rssFile = join(scratch, `usage-${id}.json`);
  const nodeArgs = rss ? ['--require', USAGE, ...args] : args;
  const fullEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    MAILCTL_CONFIG_DIR: join(scratch, 'config'),
    // The bench's own code cache, kept for the whole run as a user's is between runs. Not
    // $HOME/.cache/mailctl: on a shared machine another build's run there deletes this
    // build's cache (a new bundle hash replaces the old), and a row would then measure
    // compiling the bundles instead of loading them.
    MAILCTL_CACHE_DIR: join(scratch, 'cache'),
    ...(rss ? { BENCH_USAGE_FILE: rssFile } : {}),
    ...env,
  };
  const outFd = stdout === 'null' ? openSync('/dev/null', 'w') : undefined;
  let out = '';
  let err = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: APP,
    env: fullEnv,
    stdio: ['ignore', outFd ?? 'pipe', 'pipe'],
  });
  if (outFd !== undefined) closeSync(outFd); // the child holds its own copy
  child.stdout?.setEncoding('utf8').on('data', (d) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
  let ms = 0;
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => (ms = performance.now() - t0));
    child.on('close', (c, signal) => resolve(c ?? signal));
  });
  const usage = rss && existsSync(rssFile) ? JSON.parse(readFileSync(rssFile, 'utf8')) : {};
  if (expectCode !== undefined && code !== expectCode) {
    const shown = args.map((a) => (a.startsWith(APP) ? a.slice(APP.length + 1) : a.startsWith(ROOT) ? a.slice(ROOT.length) : a)).join(' ');
    throw new CaseCrash(`\`node ${shown}\` exited ${code} (expected ${expectCode}): ${(err.trim().split('\n').slice(-3).join(' | ') || out.slice(0, 300)).trim()}`);
  }
  return { ms, code, stdout: out, stderr: err, rssKb: usage.maxRssKb, cpuMs: usage.cpuMs };
}

/** `mailctl <args...>` as the bin runs it. */
export const cli = (...args) => [BIN, ...args];
export const floor = (name) => [join(FLOORS, name)];

/** Whether `mailctl <noun> <verb>` exists in the built CLI (its --help exits 0). */
export async function commandExists(noun, verb) {
  if (!existsSync(BIN) || !existsSync(join(APP, 'dist/main.js'))) return false;
  const r = await measure(cli(noun, verb, '--help'), { expectCode: undefined });
  return r.code === 0 && r.stdout.includes(`mailctl ${noun} ${verb}`);
}

/**
 * Runs each named runner `runs` times after `warmup` untimed runs, interleaved run by run
 * (and alternating which goes first) so that machine noise hits every runner alike.
 * runners: { name: async () => { ms, rssKb } }. Returns { name: [results] }.
 */
export async function interleave(runners, { runs, warmup = 1, between } = {}) {
  const names = Object.keys(runners);
  const results = Object.fromEntries(names.map((n) => [n, []]));
  for (let w = 0; w < warmup; w++) for (const n of names) await runners[n]();
  for (let r = 0; r < runs; r++) {
    const order = r % 2 === 0 ? names : [...names].reverse();
    for (const n of order) {
      if (between) await between(n);
      results[n].push(await runners[n]());
    }
  }
  return results;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function stats(xs) {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), samples: xs.map((x) => Math.round(x * 10) / 10) };
}

/** Wall time of a plain command (the sqlite3 shell, psql), spawn to exit, its stdout discarded. */
export function timed(command, args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - t0 }) : reject(new CaseCrash(`${command} exited ${code}: ${err.trim()}`))));
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function fmtMs(ms) {
  if (ms === undefined || ms === null) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export const fmtMb = (kb) => (kb === undefined || kb === null ? '' : `${(kb / 1024).toFixed(1)} MB`);
export const fmtRatio = (r) => (r === undefined || r === null ? '' : `${r.toFixed(2)}x`);

/** Renders rows of strings as an aligned plain-text table (and the same as Markdown). */
export function renderTable(header, rows, markdown = false) {
  if (markdown) {
    const line = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
    return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
