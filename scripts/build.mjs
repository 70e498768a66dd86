#!/usr/bin/env node
// Bundles src/ into dist/ with esbuild. Why bundle a CLI: on these machines
// every module file costs start-up time (resolution, read, compile), and
// `mailctl --help` must start within 1.15x of `node -e 0` (bench rows "startup: ...").
// - dist/main.js is src/main.ts and the start-up machinery of src/boot/, as CommonJS
//   (dist/package.json says so; bin/ has its own): `--version` and a plain
//   `--help` are answered without loading anything else.
// - Everything else it loads from CommonJS bundles through the V8 code cache
//   (scripts/app-bundle.mjs): dist/app.js (our code + commander, each module
//   evaluated when first used), dist/vendor/{zod,undici}.js and dist/emulator.js.
// - dist/emulator/index.mjs is an ES module build of the emulator for the tests
//   and the bench.
// Type checking is tsc's job (`tsc` with noEmit runs first in `npm run build`).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAppBundles, EXTERNAL } from './app-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = new URL('../dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
writeFileSync(new URL('package.json', dist), `${JSON.stringify({ type: 'commonjs' })}\n`);

const common = { absWorkingDir: root, platform: 'node', target: 'node20.19', logLevel: 'warning', legalComments: 'none' };

// The ES module entries of the bundle: the emulator, which the tests and the
// bench import. The CLI itself runs from the CommonJS bundles (app-bundle.mjs).
const ENTRIES = {
  'emulator/index': 'src/emulator/index.ts',
};

const bundles = await buildAppBundles(common, root);

// What main.ts may import from src/: the start-up machinery of src/boot/ (the
// fast paths, the code-cache loader, the V8 flags), bundled into main.js, and
// app.js, the CommonJS bundle beside it. Anything else would load outside the
// code cache, or not be there in dist/, so it fails the build.
const MAIN_INLINE = 'src/boot/';
const mainImportsBundle = {
  name: 'main-imports-bundle',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const source = relative(root, join(args.resolveDir, args.path)).replace(/\.js$/, '.ts');
      if (source === 'src/app.ts') return { path: './app.js', external: true };
      if (source.startsWith(MAIN_INLINE)) return undefined;
      return { errors: [{ text: `main.ts imports ${args.path}: main.ts loads our modules through app() (src/app.ts), see scripts/build.mjs` }] };
    });
  },
};

await build({
  ...common,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  // main.ts and src/boot/: it loads the rest from dist/app.js
  bundle: true,
  packages: 'external',
  plugins: [mainImportsBundle],
  format: 'cjs',
  // main.ts finds package.json and help.txt beside itself through import.meta.url.
  define: { 'import.meta.url': '__mailctlMainUrl', __MAILCTL_BUNDLES__: JSON.stringify(bundles) },
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
  external: EXTERNAL.flatMap((e) => [e, `${e}/*`]),
  // commander is CommonJS: its require() calls of node built-ins need a real
  // require in ESM output.
  banner: { js: "import { createRequire as __mailctlCreateRequire } from 'node:module'; const require = __mailctlCreateRequire(import.meta.url);" },
});

// The root help, rendered once by the real program (in a pipe, so at commander's
// 80 columns): main.ts prints it for `mailctl --help` without loading commander.
// test/core/startup.test.ts checks it against what commander renders.
// A scratch code cache: this run compiles little, and a thin cache in the
// user's cache directory would be kept by later runs (same bundle hash).
const scratchCache = mkdtempSync(join(tmpdir(), 'mailctl-build-cache-'));
const help = execFileSync(process.execPath, [fileURLToPath(new URL('../bin/mailctl.js', import.meta.url)), '--help'], {
  cwd: root,
  encoding: 'utf8',
  env: { PATH: process.env.PATH ?? '', MAILCTL_CACHE_DIR: scratchCache },
});
rmSync(scratchCache, { recursive: true, force: true });
writeFileSync(new URL('help.txt', dist), help);
