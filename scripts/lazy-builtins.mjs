// esbuild plugin: what undici and commander require when they load but a
// one-call command never uses, replaced by shims that load the real module on
// first use (or, for HTTP/2, not at all). Measured in docs/performance.md;
// test/core/startup.test.ts checks that these modules stay unloaded.
import { fileURLToPath } from 'node:url';

const shim = (name) => fileURLToPath(new URL(`./shims/${name}`, import.meta.url));

// [what is required, a pattern for the file that requires it, the shim]
const REPLACEMENTS = [
  [/^\.\/client-h2\.js$/, /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/, 'undici-client-h2.cjs'],
  [/^node:child_process$/, /commander[\\/]lib[\\/]command\.js$/, 'lazy-child-process.cjs'],
  [/^node:assert$/, /undici[\\/]lib[\\/]/, 'lazy-assert.cjs'],
];

export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    for (const [what, importer, file] of REPLACEMENTS) {
      b.onResolve({ filter: what }, (args) => (importer.test(args.importer) ? { path: shim(file) } : undefined));
    }
  },
};
