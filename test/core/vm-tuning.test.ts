// Speed machinery lives in one place (architecture.md, src/boot/): no engine
// tunes the VM. Outside src/boot/, nothing under src/ sets V8 flags, starts a
// worker thread or forces a garbage collection; and only src/api/undici.ts
// (with its type declarations) reaches into undici's files by path, so that an
// `npm update` of undici can break one documented module, not the engines.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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
