#!/usr/bin/env node
// `npm test`: bundles dist/ (what the spawned tests run), then type-checks src/
// (scripts/typecheck.mjs) and runs every test at the same time. vitest leaves
// part of the cores idle (tests wait on sockets, pipes and child processes), and
// the type check needs nothing the tests build, so it fills that time instead of
// going first.
// Arguments go to vitest (`npm test -- --reporter=json --outputFile=x.json`).
// Exits non-zero when either fails; tsc's output is printed after vitest's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
/** A package's command, as its package.json names it (npm would run the same file). */
const binOf = (pkg, name) => join(dirname(require.resolve(`${pkg}/package.json`)), require(`${pkg}/package.json`).bin[name]);

/** Runs a node script; resolves with its exit code (1 for a signal) and, when piped, its output. */
function run(script, args, { pipe = false } = {}) {
  const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: pipe ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  if (pipe) for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const build = await run(fileURLToPath(new URL('build.mjs', import.meta.url)), []);
if (build.code !== 0) process.exit(build.code);

const typecheck = run(fileURLToPath(new URL('typecheck.mjs', import.meta.url)), [], { pipe: true });
const tests = await run(binOf('vitest', 'vitest'), ['run', ...process.argv.slice(2)]);
const types = await typecheck;
if (types.code !== 0) process.stderr.write(`\nthe type check (npm run typecheck) failed:\n${types.output}`);
process.exit(tests.code !== 0 ? tests.code : types.code);
