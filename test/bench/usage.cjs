// Preloaded with `node --require` into every process a benchmark measures (the CLI and its
// floor alike). On exit it writes the process's peak resident set size (kB, getrusage
// ru_maxrss) and its CPU time (user + system, ms) as JSON to the file named by
// BENCH_USAGE_FILE. mailctl ends through process.exit, which emits 'exit', so the figures
// cover the whole run. CommonJS and --require on purpose: an --import preload would start the
// ESM loader even in `node -e 0`, which is not free.
'use strict';
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRssKb: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 }));
  });
}
