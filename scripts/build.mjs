#!/usr/bin/env node
// Bundles src/ into dist/ with esbuild. Why bundle a CLI: on these machines
// every module file costs start-up time (resolution, read, compile), and
// `mailctl --help` must start within 1.3x of `node -e 0`.
// - dist/main.js is src/main.ts alone, as CommonJS (dist/package.json says so;
//   bin/ has its own): `--version` and a plain `--help` are answered without
//   starting the ES module loader at all. Everything else it imports
//   dynamically from the bundle below.
// - The bundle is ES modules (.mjs): entries errors.mjs, output/error.mjs, program.mjs (our code
//   + commander) and emulator/index.mjs, each verb a lazily loaded chunk; zod and
//   undici are bundled into the chunks of the verbs that use them.
// Type checking is tsc's job (`tsc` with noEmit runs first in `npm run build`).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = new URL('../dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
writeFileSync(new URL('package.json', dist), `${JSON.stringify({ type: 'commonjs' })}\n`);

const common = { absWorkingDir: root, platform: 'node', target: 'node20.19', logLevel: 'warning', legalComments: 'none' };

// The ES module entries of the bundle. main.ts imports some of them by their
// source names ("./errors.js"); the plugin below points those imports at the
// built files, so nothing is patched after the build.
const ENTRIES = {
  errors: 'src/errors.ts',
  'output/error': 'src/output/error.ts',
  program: 'src/program.ts',
  'emulator/index': 'src/emulator/index.ts',
};

/** Resolves main.ts's relative imports to the bundle's .mjs entries; any other relative import fails the build. */
const mainImportsBundle = {
  name: 'main-imports-bundle',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const source = relative(root, join(args.resolveDir, args.path)).replace(/\.js$/, '.ts');
      const entry = Object.keys(ENTRIES).find((name) => ENTRIES[name] === source);
      if (!entry) return { errors: [{ text: `main.ts imports ${args.path}, which is not a bundle entry (see ENTRIES in scripts/build.mjs)` }] };
      return { path: `./${entry}.mjs`, external: true };
    });
  },
};

await build({
  ...common,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  // bundled so that the plugin sees main.ts's imports; everything it imports is external
  bundle: true,
  plugins: [mainImportsBundle],
  format: 'cjs',
  // main.ts finds package.json and help.txt beside itself through import.meta.url.
  define: { 'import.meta.url': '__mailctlMainUrl' },
  banner: { js: "const __mailctlMainUrl = require('node:url').pathToFileURL(__filename).href;" },
});

await build({
  ...common,
  entryPoints: ENTRIES,
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
