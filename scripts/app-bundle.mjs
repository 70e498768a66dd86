// Builds the CommonJS bundles that dist/main.js loads through the V8 code cache
// (src/boot/code-cache.ts): dist/app.js (our code and commander, from src/app.ts),
// dist/vendor/{zod,undici}.js and dist/emulator.js (`mailctl emulator`), which app.js
// requires only inside the modules that import them, so `--help` never reads them and a
// one-call command never reads the emulator. Why CommonJS: Node 20 can cache the
// compiled code of a vm.Script, not of an ES module. Returns each file's content
// hash, which names its cache file. Measured in docs/performance.md.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';

/** Imports app.js leaves to the vendor bundles, by what is imported. */
const vendorSplit = {
  name: 'vendor-split',
  setup(b) {
    b.onResolve({ filter: /^zod$/ }, () => ({ path: './vendor/zod.js', external: true }));
    b.onResolve({ filter: /^\.\/undici\.js$/ }, (args) =>
      /src[\\/]api$/.test(args.resolveDir) ? { path: './vendor/undici.js', external: true } : undefined,
    );
    // the emulator (`mailctl emulator`) is a bundle of its own: no other command reads or compiles it
    b.onResolve({ filter: /^\.\.\/\.\.\/emulator\/serve\.js$/ }, (args) =>
      /src[\\/]commands[\\/]emulator$/.test(args.resolveDir) ? { path: './emulator.js', external: true } : undefined,
    );
  },
};

/**
 * The zod exports app.js uses. Our modules `import * as z from 'zod'`; a bundle
 * of all of zod is four times the size of what they use (its locales...), and
 * esbuild cannot shake a namespace that crosses bundles, so the names are read
 * from the built app.js: `zN = __toESM(require("./vendor/zod.js"))`, then `zN.name`.
 */
async function zodNamesUsed(appText) {
  const exported = new Set(Object.keys(await import('zod')));
  const spaces = [...appText.matchAll(/([\w$]+)\s*=\s*__toESM\(require\("\.\/vendor\/zod\.js"\)/g)].map((m) => m[1]);
  const names = new Set();
  for (const space of spaces) {
    for (const m of appText.matchAll(new RegExp(`(?<![\\w$.])${space.replaceAll('$', '\\$')}\\.([\\w$]+)`, 'g'))) {
      if (!exported.has(m[1])) throw new Error(`build: app.js uses ${space}.${m[1]}, which zod does not export`);
      names.add(m[1]);
    }
  }
  if (names.size === 0) throw new Error('build: app.js uses nothing from zod (has the way it imports zod changed?)');
  return [...names].sort();
}

// Loaded only inside the verbs that need them, from node_modules as published.
// better-sqlite3 finds its native binding relative to its own package: bundled, it looks under dist/ and fails.
// selfsigned (emulator --tls) and @napi-rs/keyring (its native binding, likewise) load only in the commands that use them.
// pg and pg-copy-streams (the PostgreSQL archive) and @modelcontextprotocol/sdk (`mailctl mcp`, imported by
// subpath) load only in their commands: bundled, every run would read and compile them.
export const EXTERNAL = ['chalk', 'better-sqlite3', 'selfsigned', '@napi-rs/keyring', 'pg', 'pg-copy-streams', '@modelcontextprotocol/sdk'];

/**
 * The external packages that are ES modules only (chalk). A CommonJS
 * bundle require()s them (Node >= 20.19 loads ES modules that way), but esbuild
 * then reads `import chalk from 'chalk'` as Node reads a default import of
 * CommonJS: the whole namespace, not its default export. So each static import
 * of one goes through a small ES module that re-exports the namespace by name,
 * and so does each `await import()` of one (the bundles contain no import():
 * see NO_DYNAMIC_IMPORT).
 */
const esmExternals = {
  name: 'esm-externals',
  setup(b) {
    const filter = new RegExp(`^(${EXTERNAL.map((e) => e.replace('/', '\\/')).join('|')})(/.*)?$`);
    b.onResolve({ filter }, async (args) => {
      if (args.kind !== 'import-statement' && args.kind !== 'dynamic-import') return { path: args.path, external: true };
      const { createRequire } = await import('node:module');
      const esm = createRequire(`${args.resolveDir}/`)(args.path)[Symbol.toStringTag] === 'Module';
      return esm ? { path: args.path, namespace: 'esm-external' } : { path: args.path, external: true };
    });
    b.onLoad({ filter: /.*/, namespace: 'esm-external' }, async (args) => {
      const names = Object.keys(await import(args.path)).filter((n) => n !== 'default');
      const named = names.length ? `export const { ${names.join(', ')} } = ns;\n` : '';
      return { contents: `const ns = require(${JSON.stringify(args.path)});\nexport default ns.default;\n${named}`, loader: 'js', resolveDir: args.path };
    });
  },
};

/**
 * The bundles run as vm.Scripts with a V8 code cache (src/boot/code-cache.ts). An
 * import() in such a script has no module loader behind it once its code comes
 * from the cache ("A dynamic import callback was not specified", Node 20), so
 * esbuild turns every import() into a require(): of a built-in, of a CommonJS
 * package (better-sqlite3), or, through esmExternals, of an ES module package
 * (Node >= 20.19 requires those). assertNoDynamicImport checks the result.
 */
const NO_DYNAMIC_IMPORT = { 'dynamic-import': false };

/** esbuild's metafile lists what each output still imports at run time, and how. */
function assertNoDynamicImport(result) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const left = output.imports.filter((i) => i.kind === 'dynamic-import');
    if (left.length) throw new Error(`build: ${file} still calls import(${left.map((i) => i.path).join(', ')}), which fails under the code cache (see NO_DYNAMIC_IMPORT)`);
  }
}

/**
 * Built-ins that a dependency requires as it loads but uses only on a path a plain call
 * never takes, given to it as a stand-in that requires the real one on first use: so a
 * one-call command does not compile them (rows "one call", "one call over TLS").
 * - commander requires node:child_process for executable subcommands, which mailctl has
 *   none of: every property read goes to the real module, so any use works, only later.
 * - undici's HTTP/2 client requires node:http2 (and with it tls and crypto, over plain HTTP)
 *   for a session that starts only when ALPN picks h2, which the transport never offers
 *   (no allowH2). It reads http2.constants as it loads, so the stand-in carries the values
 *   it reads, taken from node:http2 here; connect() loads the real module. checkLazyHttp2
 *   fails the build when undici uses http2 in any other way.
 * - undici checks its invariants with assert(value[, message]) as it runs, and uses node:assert
 *   no other way (checkCallOnlyAssert fails the build when it does): the stand-in is a function
 *   that does the same check and loads the real assert only to throw its error.
 * This is the one place a dependency's require is redirected; test/core/startup.test.ts
 * checks that a plain call loads none of these modules.
 */
const LAZY_BUILTINS = [
  { builtin: 'node:child_process', importer: /[\\/]commander[\\/]lib[\\/]command\.js$/ },
  { builtin: 'node:http2', importer: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ },
  { builtin: 'node:assert', importer: /[\\/]undici[\\/]lib[\\/]/ },
];

/** The source of the stand-in for `builtin` as `importer` requires it (exported for test/core/lazy-builtins.test.ts). */
export async function lazyBuiltinSource(builtin, importer) {
  const load = `let real; const load = () => (real ??= require(${JSON.stringify(builtin)}));`;
  if (builtin === 'node:assert') {
    const { readFileSync } = await import('node:fs');
    checkCallOnlyAssert(readFileSync(importer, 'utf8'), importer);
    return `${load}\nmodule.exports = function assert(value, message) { if (!value) load()(value, message); };\n`;
  }
  if (builtin !== 'node:http2') return `${load}\nmodule.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });\n`;
  const { readFileSync } = await import('node:fs');
  const { constants } = await import('node:http2');
  const names = checkLazyHttp2(readFileSync(importer, 'utf8'), importer, constants);
  const values = Object.fromEntries(names.map((n) => [n, constants[n]]));
  return `${load}\nmodule.exports = { constants: ${JSON.stringify(values)}, connect: (...args) => load().connect(...args) };\n`;
}

/** The constants undici's HTTP/2 client destructures from node:http2, after checking that it uses nothing else as it loads. */
function checkLazyHttp2(source, file, constants) {
  const fail = (why) => {
    throw new Error(`build: ${file} ${why}: the node:http2 stand-in of scripts/app-bundle.mjs (LAZY_BUILTINS) no longer fits this undici; update it or remove it`);
  };
  const destructured = /const\s*\{\s*constants:\s*\{([^}]*)\}\s*\}\s*=\s*http2\b/.exec(source);
  if (!destructured) fail('no longer reads node:http2 as `const { constants: { ... } } = http2`');
  const names = destructured[1].split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !/^[A-Z0-9_]+$/.test(n) || constants[n] === undefined);
  if (unknown.length) fail(`reads constants node:http2 does not have: ${unknown.join(', ')}`);
  const members = new Set([...source.matchAll(/\bhttp2\.(\w+)/g)].map((m) => m[1]));
  const others = [...members].filter((m) => m !== 'connect');
  if (others.length) fail(`uses http2.${others.join(', http2.')}`);
  return names;
}

/** Fails the build when a file uses node:assert other than as `assert(value[, message])` (the stand-in is that function only). */
function checkCallOnlyAssert(source, file) {
  const binding = /const\s+(\w+)\s*=\s*require\(['"](?:node:)?assert['"]\)/.exec(source);
  const name = binding?.[1];
  const rest = binding ? source.slice(0, binding.index) + source.slice(binding.index + binding[0].length) : '';
  // calls only: no assert.strictEqual, no assert passed along
  if (!name || [...rest.matchAll(new RegExp(`\\b${name}\\b(.)`, 'g'))].some((m) => m[1] !== '(')) {
    throw new Error(`build: ${file} uses node:assert other than as assert(value, message): the node:assert stand-in of scripts/app-bundle.mjs (LAZY_BUILTINS) no longer fits this undici; update it or remove it`);
  }
}

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(child_process|http2|assert)$/ }, (args) => {
      const builtin = `node:${args.path.replace(/^node:/, '')}`;
      const lazy = LAZY_BUILTINS.find((l) => l.builtin === builtin && l.importer.test(args.importer));
      return lazy ? { path: `${builtin} (required lazily)`, namespace: 'lazy-builtin', pluginData: args.importer } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (args) => ({ contents: await lazyBuiltinSource(args.path.split(' ')[0], args.pluginData), loader: 'js' }));
  },
};

export async function buildAppBundles(common, root) {
  // Whitespace only (names and the code's shape stay, for stack traces): each run reads
  // every byte of the bundles it loads, a quarter fewer this way.
  const cjs = { ...common, bundle: true, format: 'cjs', write: false, outdir: 'dist', supported: NO_DYNAMIC_IMPORT, metafile: true, minifyWhitespace: true };
  const app = await build({
    ...cjs,
    entryPoints: { app: 'src/app.ts' },
    plugins: [vendorSplit, esmExternals, lazyBuiltins],
  });
  const zodEntry = `export { ${(await zodNamesUsed(app.outputFiles[0].text)).join(', ')} } from 'zod';`;
  const results = [
    app,
    ...(await Promise.all([
      build({ ...cjs, stdin: { contents: zodEntry, resolveDir: root, loader: 'js' }, outfile: 'dist/vendor/zod.js', outdir: undefined }),
      build({ ...cjs, entryPoints: { 'vendor/undici': 'src/api/undici.ts' }, plugins: [lazyBuiltins] }),
      build({ ...cjs, entryPoints: { emulator: 'src/emulator/serve.ts' }, plugins: [esmExternals] }),
    ])),
  ];
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  const hashes = {};
  results.forEach(assertNoDynamicImport);
  for (const file of results.flatMap((r) => r.outputFiles)) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
    hashes[relative(`${root}/dist`, file.path).split(sep).join('/')] = createHash('sha256').update(file.contents).digest('hex').slice(0, 16);
  }
  return hashes;
}
