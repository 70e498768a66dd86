#!/usr/bin/env node
// Bundles src/ into dist/ with esbuild. Why bundle a CLI: on these machines
// every module file costs start-up time (resolution, read, compile), and
// `mailctl --help` must start within 1.3x of `node -e 0`.
// - dist/main.js is src/main.ts alone, not bundled: it answers --version and a
//   plain --help with no other module loaded, then imports the entries below.
// - dist/errors.js and dist/program.js (our code + commander) are entries of a
//   split bundle, each verb a lazily loaded chunk; zod is bundled into the verb
//   chunks for the same reason.
// Type checking is tsc's job (`tsc` with noEmit runs first in `npm run build`).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

const common = { absWorkingDir: root, format: 'esm', platform: 'node', target: 'node20.19', logLevel: 'warning', legalComments: 'none' };

// main.ts imports only node:fs and, dynamically, './errors.js' and './program.js':
// the entries of the bundle below keep those names.
await build({ ...common, entryPoints: { main: 'src/main.ts' }, outdir: 'dist', bundle: false });

await build({
  ...common,
  entryPoints: { errors: 'src/errors.ts', program: 'src/program.ts', 'emulator/index': 'src/emulator/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  // Loaded only inside the verbs that need them, from node_modules as published.
  external: ['conf', 'ora', 'cli-table3', 'chalk'],
  // commander is CommonJS: its require() calls of node built-ins need a real
  // require in ESM output.
  banner: { js: "import { createRequire as __mailctlCreateRequire } from 'node:module'; const require = __mailctlCreateRequire(import.meta.url);" },
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
