// Builds the CommonJS bundles that dist/main.js loads through the V8 code cache
// (src/boot/code-cache.ts): dist/app.js (our code and commander, from src/app.ts) and
// dist/vendor/{zod,undici}.js, which app.js requires only inside the modules that
// import them, so `--help` never reads them. Why CommonJS: Node 20 can cache the
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
  const spaces = [...appText.matchAll(/([\w$]+) = __toESM\(require\("\.\/vendor\/zod\.js"\)/g)].map((m) => m[1]);
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
// The MCP SDK (`mailctl mcp` only) is large, and imported by subpath (`@modelcontextprotocol/sdk/server/index.js`).
const EXTERNAL = ['cli-table3', 'chalk', 'better-sqlite3', 'selfsigned', '@napi-rs/keyring', '@modelcontextprotocol/sdk'];

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
    const filter = new RegExp(`^(${EXTERNAL.map((e) => e.replace('/', '\\/')).join('|')})(\\/.*)?$`);
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

export async function buildAppBundles(common, root) {
  const cjs = { ...common, bundle: true, format: 'cjs', write: false, outdir: 'dist', supported: NO_DYNAMIC_IMPORT, metafile: true };
  const app = await build({
    ...cjs,
    entryPoints: { app: 'src/app.ts' },
    plugins: [vendorSplit, esmExternals],
  });
  const zodEntry = `export { ${(await zodNamesUsed(app.outputFiles[0].text)).join(', ')} } from 'zod';`;
  const results = [
    app,
    ...(await Promise.all([
      build({ ...cjs, stdin: { contents: zodEntry, resolveDir: root, loader: 'js' }, outfile: 'dist/vendor/zod.js', outdir: undefined }),
      build({ ...cjs, entryPoints: { 'vendor/undici': 'src/api/undici.ts' } }),
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
