#!/usr/bin/env node
// `npm run completions` (after the build): writes completions/ from the built
// command tree, the same text `mailctl completion SHELL` prints.
// `node scripts/completions.mjs --check` writes nothing and exits 1 when a
// checked-in script differs from what the program generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { buildProgram } = await import('../dist/program.js');
const { scriptFor, SHELLS, COMPLETION_FILES } = await import('../dist/commands/completion/script.js');

// buildProgram only needs streams to route help output; nothing runs here.
const sink = new PassThrough();
const program = buildProgram({
  io: { stdout: sink, stderr: sink, stdin: sink, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80, env: {} },
  signal: new AbortController().signal,
  disposers: [],
});

const check = process.argv.includes('--check');
let stale = 0;
for (const shell of SHELLS) {
  const file = join(root, COMPLETION_FILES[shell]);
  const text = scriptFor(shell, program);
  if (check) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (current !== text) {
      stale++;
      console.error(`${COMPLETION_FILES[shell]} is out of date: run \`npm run completions\``);
    }
  } else {
    writeFileSync(file, text);
    console.error(`wrote ${COMPLETION_FILES[shell]}`);
  }
}
process.exit(stale ? 1 : 0);
