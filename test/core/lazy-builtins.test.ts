import { AssertionError } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error scripts/ is plain JavaScript without types
import { lazyBuiltinSource } from '../../scripts/app-bundle.mjs';
import { tempDir } from '../helpers/cli.js';

// scripts/app-bundle.mjs gives some dependencies a stand-in for a built-in they require as
// they load but use only on paths a plain call rarely takes (LAZY_BUILTINS). The stand-in
// must behave as the real module does, and loads it only when it is really used.

const undiciFile = (path: string) => createRequire(import.meta.url).resolve(`undici/lib/${path}`);

/** Evaluates a stand-in's source as its CommonJS module, counting the real requires. */
function standIn(source: string) {
  const required: string[] = [];
  const module = { exports: {} as unknown };
  const realRequire = createRequire(import.meta.url);
  new Function('module', 'exports', 'require', source)(module, module.exports, (id: string) => (required.push(id), realRequire(id)));
  return { exports: module.exports, required };
}

describe("node:assert's stand-in for undici", () => {
  it('passes a true invariant without loading node:assert, and throws node:assert\'s own error for a false one', async () => {
    const { exports: assert, required } = standIn(await lazyBuiltinSource('node:assert', undiciFile('api/api-request.js')));
    expect(typeof assert).toBe('function');
    for (const value of [true, 1, 'x', {}]) (assert as (v: unknown) => void)(value);
    expect(required).toEqual([]);
    expect(() => (assert as (v: unknown, m?: string) => void)(false, 'disturbed')).toThrow(AssertionError);
    expect(() => (assert as (v: unknown, m?: string) => void)(0, 'disturbed')).toThrow('disturbed');
    expect(() => (assert as (v: unknown) => void)(null)).toThrow(AssertionError);
    expect(required).toEqual(['node:assert']);
  });

  it('fails the build for a file that uses node:assert other than as assert(value, message)', async () => {
    const dir = tempDir('mailctl-lazy-');
    const cases: Array<[string, boolean]> = [
      ["const assert = require('node:assert')\nassert(a)\nassert(b, 'm')\n", true],
      ["const assert = require('node:assert')\nassert.strictEqual(a, b)\n", false],
      ["const assert = require('node:assert')\nfoo(assert)\n", false],
      ["const { ok } = require('node:assert')\nok(a)\n", false],
    ];
    for (const [i, [source, fits]] of cases.entries()) {
      const file = join(dir, `case-${i}.js`);
      writeFileSync(file, source);
      const built = lazyBuiltinSource('node:assert', file);
      if (fits) await expect(built).resolves.toContain('load()(value, message)');
      else await expect(built).rejects.toThrow(/uses node:assert other than as assert\(value, message\)/);
    }
  });
});
