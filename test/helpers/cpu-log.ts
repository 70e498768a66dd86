// Loaded by vitest.config.ts only when MAILCTL_TEST_CPU_LOG names a file: appends
// one JSON line per test file with the CPU its worker spent on it and the CPU of
// the processes it started and waited for (spawned CLIs, shells), read from
// /proc/self/stat (Linux only). CONTRIBUTING, "How long `npm test` takes".
import { readFileSync, appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** [own, children] CPU in ms: utime + stime, cutime + cstime of this process. */
function cpu(): [number, number] {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3), so utime, stime, cutime, cstime (14-17) are 11-14.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
  return [(utime + stime) * TICK_MS, (cutime + cstime) * TICK_MS];
}

const log = process.env.MAILCTL_TEST_CPU_LOG;
let start: [number, number] = [0, 0];
let startWall = 0;
beforeAll(() => {
  start = cpu();
  startWall = performance.now();
});
afterAll(() => {
  if (!log) return;
  const end = cpu();
  const file = expect.getState().testPath ?? '?';
  const entry = { file: file.slice(file.indexOf('/test/') + 1), own: end[0] - start[0], children: end[1] - start[1], wall: Math.round(performance.now() - startWall) };
  appendFileSync(log, JSON.stringify(entry) + '\n');
});
