#!/usr/bin/env node
// Where the CPU of `npm test` goes, by process: runs scripts/test.mjs (arguments go
// to vitest) while reading /proc five times a second, then prints the CPU (user +
// system) of vitest's main process, of its workers (the test files' own work), of
// the processes the workers started and waited for (spawned CLIs, emulators, shells,
// Chromium), of the PostgreSQL test cluster (a daemon: nobody's child, so no other
// figure counts it) and of the whole command. Linux only. CONTRIBUTING.md, "How long
// `npm test` takes", says how to read it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TICK_MS = 10; // USER_HZ is 100 on Linux
const SAMPLE_MS = 200;

/** pid → the latest reading of a process seen during the run. */
const seen = new Map();

function read(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3): ppid is field 4, utime..cstime are fields 14-17.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return { ppid: Number(fields[1]), own: (utime + stime) * TICK_MS, children: (cutime + cstime) * TICK_MS };
}

/**
 * The process that started a PostgreSQL test cluster (the owner.pid of its directory,
 * test/helpers/pg-cluster.ts), for a postmaster: another worktree's test run may have one
 * running at the same time, and its CPU is not this run's.
 */
function clusterOwner(ppid, cmd) {
  const dir = ppid === 1 ? /postgres -D (\S*mailctl-pg\S*)\/data/.exec(cmd)?.[1] : undefined;
  if (!dir) return undefined;
  try {
    return Number(readFileSync(`${dir}/owner.pid`, 'utf8'));
  } catch {
    return undefined;
  }
}

function sample() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const now = read(pid);
      const known = seen.get(pid);
      const cmd = () => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!known) seen.set(pid, { pid: Number(pid), ...now, cmd: cmd(), owner: undefined });
      // pg_ctl's server is first seen as pg_ctl's child, then as init's once it has exec'd and detached
      else if (known.ppid !== 1 && now.ppid === 1) Object.assign(known, now, { cmd: cmd() });
      else Object.assign(known, now);
      const p = seen.get(pid);
      if (p.owner === undefined && p.ppid === 1) p.owner = clusterOwner(p.ppid, p.cmd) ?? null;
    } catch {
      // it ended between the listing and the read
    }
  }
}

const timer = setInterval(sample, SAMPLE_MS);
const started = performance.now();
const child = spawn(process.execPath, [fileURLToPath(new URL('test.mjs', import.meta.url)), ...process.argv.slice(2)], { stdio: 'inherit' });
const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
clearInterval(timer);
const wall = performance.now() - started;
// Every process of the run has ended and been waited for: its CPU is this one's children time.
const all = read(process.pid).children;

// This run's processes only: another worktree's tests (a vitest, a test cluster) may run at the same time.
const processes = [...seen.values()];
const ours = new Set([child.pid]);
for (let grew = true; grew; ) {
  grew = false;
  for (const p of processes) {
    if (!ours.has(p.pid) && ours.has(p.ppid)) {
      ours.add(p.pid);
      grew = true;
    }
  }
}
const main = processes.find((p) => ours.has(p.pid) && /vitest(\.mjs)? run/.test(p.cmd) && !p.cmd.includes('suppress-warnings'));
const workers = processes.filter((p) => p.ppid === main?.pid && p.cmd.includes('suppress-warnings'));
const cluster = processes.filter((p) => typeof p.owner === 'number' && ours.has(p.owner));
const sum = (list, key) => list.reduce((s, p) => s + p[key], 0);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
const rows = [
  ['vitest main process', main?.own ?? 0],
  [`workers' own (${workers.length})`, sum(workers, 'own')],
  ['what the workers started', sum(workers, 'children')],
  ['PostgreSQL test cluster', sum(cluster, 'own') + sum(cluster, 'children')],
  ['npm test (build, type check, vitest and all they started)', all],
];
process.stderr.write(`\nCPU by process (${s(wall).trim()} wall; samples every ${SAMPLE_MS} ms: a process's last ${SAMPLE_MS} ms may be missed):\n`);
for (const [name, ms] of rows) process.stderr.write(`${s(ms)}  ${name}\n`);
process.exit(code);
