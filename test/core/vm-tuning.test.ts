// Speed machinery lives in one place (architecture.md, src/boot/): no engine
// tunes the VM. Outside src/boot/, nothing under src/ sets V8 flags, starts a
// worker thread or forces a garbage collection; and only src/api/undici.ts
// (with its type declarations) reaches into undici's files by path, so that an
// `npm update` of undici can break one documented module, not the engines.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(f))
  .map((f) => ({ path: relative(SRC, join(SRC, f)).split('\\').join('/'), text: readFileSync(join(SRC, f), 'utf8') }));

/** The files (relative to src/) outside `allowed` whose text matches `pattern`. */
function offenders(pattern: RegExp, allowed: (path: string) => boolean): string[] {
  return files.filter((f) => !allowed(f.path) && pattern.test(f.text)).map((f) => f.path);
}

const inBoot = (path: string) => path.startsWith('boot/');

describe('VM tuning stays in src/boot/', () => {
  it('reads the sources', () => {
    expect(files.map((f) => f.path)).toContain('main.ts');
    expect(files.map((f) => f.path)).toContain('boot/v8-flags.ts');
  });

  it('no V8 flag is set outside src/boot/', () => {
    expect(offenders(/setFlagsFromString|--expose-gc|--expose_gc/, inBoot)).toEqual([]);
  });

  it('no worker thread is started outside src/boot/', () => {
    expect(offenders(/node:worker_threads|['"]worker_threads['"]|new Worker\s*\(/, inBoot)).toEqual([]);
  });

  it('no garbage collection is forced outside src/boot/', () => {
    expect(offenders(/\bglobalThis\.gc\b|\bglobal\.gc\b|runInNewContext\(\s*['"]gc['"]|\bgc\(\s*\)/, inBoot)).toEqual([]);
  });

  it('only src/api/undici.ts (and its type declarations) imports undici by internal path', () => {
    expect(offenders(/undici\/lib\//, (p) => p === 'api/undici.ts' || p === 'api/undici-lib.d.ts')).toEqual([]);
  });
});

// The flags are set as the first WebAssembly module compiles (src/boot/v8-flags.ts): built-ins
// loaded before keep Node's code cache, and the code cache of our bundles, written at exit, is
// made with the defaults back, as the next run starts. A cache made under other flags is
// rejected, and every run would then compile the bundles again.
describe('the V8 flags of src/boot/v8-flags.ts', () => {
  const source = `(function () { return ${Date.now()} + 1; })`;
  /** Whether V8 takes a cache made of `source` now (a new file name each time: no in-memory hit). */
  let n = 0;
  const accepted = (cachedData: Buffer) => !new Script(source, { filename: `flags-${++n}.js`, cachedData }).cachedDataRejected;

  it('a cache made after tuneV8 and untuneV8 carries the default flags: a run that starts with them accepts it', async () => {
    const { tuneV8, untuneV8 } = await import('../../src/boot/v8-flags.js');
    const before = new Script(source, { filename: 'flags-0.js' }).createCachedData();
    expect(accepted(before)).toBe(true);
    tuneV8();
    try {
      // the check can fail: under the flags, a cache made with the defaults is refused
      expect(accepted(before)).toBe(false);
    } finally {
      untuneV8();
    }
    expect(accepted(before)).toBe(true);
  });

  it('tuneV8BeforeWasm sets them as the first WebAssembly.Module is made, puts the constructor back and hands the module to the warm-up', async () => {
    const { tuneV8BeforeWasm, untuneV8 } = await import('../../src/boot/v8-flags.js');
    const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } }).WebAssembly;
    const original = wasm.Module;
    const before = new Script(source, { filename: 'flags-wasm.js' }).createCachedData();
    tuneV8BeforeWasm();
    try {
      expect(accepted(before)).toBe(true); // nothing set yet
      const parser = new wasm.Module(createRequire(import.meta.url)('undici/lib/llhttp/llhttp_simd-wasm.js') as Uint8Array);
      expect(parser).toBeInstanceOf(original);
      expect(wasm.Module).toBe(original);
      expect(accepted(before)).toBe(false); // set now
      // and the module went to the warm-up (wasm-warmup.ts), which runs it once
      const { warmFirstWasm } = await import('../../src/boot/wasm-warmup.js');
      expect(warmFirstWasm()).toBe(true);
    } finally {
      wasm.Module = original;
      untuneV8();
    }
  });

  it("undici compiles its HTTP parser with new WebAssembly.Module, the moment the flags are set", () => {
    const clientH1 = readFileSync(createRequire(import.meta.url).resolve('undici/lib/dispatcher/client-h1.js'), 'utf8');
    expect(clientH1).toMatch(/new WebAssembly\.Module\(/);
    expect(clientH1).not.toMatch(/WebAssembly\.(compile|instantiate)(Streaming)?\(/);
  });
});
