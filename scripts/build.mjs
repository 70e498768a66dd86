#!/usr/bin/env node
// Bundles src/ into dist/ with esbuild. Why bundle a CLI: on these machines
// every module file costs start-up time (resolution, read, compile), and
// `mailctl --help` must start within 1.3x of `node -e 0`.
// - dist/main.js is src/main.ts alone, as CommonJS (dist/package.json says so;
//   bin/ has its own): `--version` and a plain `--help` are answered without
//   starting the ES module loader at all. Everything else it imports
//   dynamically from the bundle below.
// - The bundle is ES modules (.mjs): entries errors.mjs, program.mjs (our code
//   + commander) and emulator/index.mjs, each verb a lazily loaded chunk; zod and
//   undici are bundled into the chunks of the verbs that use them.
// Type checking is tsc's job (`tsc` with noEmit runs first in `npm run build`).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = new URL('../dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
writeFileSync(new URL('package.json', dist), `${JSON.stringify({ type: 'commonjs' })}\n`);

const common = { absWorkingDir: root, platform: 'node', target: 'node20.19', logLevel: 'warning', legalComments: 'none' };

await build({
  ...common,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: false,
  format: 'cjs',
  // main.ts finds package.json and help.txt beside itself through import.meta.url.
  define: { 'import.meta.url': '__mailctlMainUrl' },
  banner: { js: "const __mailctlMainUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// main.ts names the modules it imports as tsc resolves them ("./errors.js"); in
// dist/ they are the bundle's ES module entries.
const mainFile = new URL('main.js', dist);
let mainText = readFileSync(mainFile, 'utf8');
for (const name of ['errors', 'program']) {
  const from = `import("./${name}.js")`;
  if (!mainText.includes(from)) throw new Error(`build: dist/main.js has no ${from} to point at the bundle`);
  mainText = mainText.replaceAll(from, `import("./${name}.mjs")`);
}
writeFileSync(mainFile, mainText);

await build({
  ...common,
  entryPoints: { errors: 'src/errors.ts', program: 'src/program.ts', 'emulator/index': 'src/emulator/index.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  // Loaded only inside the verbs that need them, from node_modules as published.
  external: ['conf', 'ora', 'cli-table3', 'chalk', 'selfsigned', '@napi-rs/keyring'],
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
writeFileSync(new URL('help.txt', dist), help);
