#!/usr/bin/env node
// `npm run completions` (after the build): writes completions/ with exactly
// what `mailctl completion SHELL` prints, from the built command tree.
// `node scripts/completions.mjs --check` writes nothing and exits 1 when a
// checked-in script differs from what the program generates.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'mailctl.js');
// The same paths as COMPLETION_FILES in src/completion/index.ts (the bundle does not export it).
const FILES = { bash: 'completions/mailctl.bash', zsh: 'completions/_mailctl', fish: 'completions/mailctl.fish' };

const check = process.argv.includes('--check');
let stale = 0;
for (const [shell, path] of Object.entries(FILES)) {
  const text = execFileSync(process.execPath, [bin, 'completion', shell], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  const file = join(root, path);
  if (check) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (current !== text) {
      stale++;
      console.error(`${path} is out of date: run \`npm run completions\``);
    }
  } else {
    writeFileSync(file, text);
    console.error(`wrote ${path}`);
  }
}
process.exit(stale ? 1 : 0);
