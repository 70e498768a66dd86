#!/usr/bin/env node
// Bundles src/ into dist/ with esbuild. Why bundle a CLI: on these machines
// every module file costs start-up time (resolution, read, compile), and
// `mailctl --help` must start within 1.3x of `node -e 0`. One file for the
// start-up path (our code + commander) and lazily loaded chunks for each verb
// keep --help light; zod is bundled into the verb chunks for the same reason.
// Type checking is tsc's job (`tsc --noEmit` runs first in `npm run build`).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'emulator/index': 'src/emulator/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Chunks stay flat in dist/: version.ts finds package.json at ../package.json.
  chunkNames: '[name]-[hash]',
  // Loaded only inside the verbs that need them, from node_modules as published:
  // undici through two of its own files (see src/api/undici.ts).
  external: ['undici', 'conf', 'ora', 'cli-table3', 'chalk'],
  // commander is CommonJS: its require() calls of node built-ins need a real
  // require in ESM output.
  banner: { js: "import { createRequire as __mailctlCreateRequire } from 'node:module'; const require = __mailctlCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
});

// The root help, rendered once by the real program (in a pipe, so at commander's
// 80 columns): main.ts prints it for `mailctl --help` without loading commander.
// test/core/startup.test.ts checks it against what commander renders.
const help = execFileSync(process.execPath, [fileURLToPath(new URL('../bin/mailctl.js', import.meta.url)), '--help'], {
  cwd: root,
  encoding: 'utf8',
  env: { PATH: process.env.PATH ?? '' },
});
writeFileSync(new URL('../dist/help.txt', import.meta.url), help);
