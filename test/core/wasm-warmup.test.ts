import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rememberFirstWasm, warmFirstWasm } from '../../src/boot/wasm-warmup.js';

// src/boot/wasm-warmup.ts: undici's HTTP parser (llhttp) run once over a canned answer while
// the first request waits, so that its code is compiled before the real answer comes.

const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } }).WebAssembly;
const require = createRequire(import.meta.url);
/** The parser undici compiles (client-h1.js), from the same files. */
const llhttp = () => new wasm.Module(require('undici/lib/llhttp/llhttp_simd-wasm.js') as Uint8Array);
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe('the HTTP parser warm-up', () => {
  it("reads the canned answer to its end with undici's llhttp, once", () => {
    rememberFirstWasm(llhttp());
    expect(warmFirstWasm()).toBe(true);
    expect(warmFirstWasm()).toBe(false); // the module is let go after one run
  });

  it('does nothing without a module, or with one that is not llhttp', () => {
    expect(warmFirstWasm()).toBe(false);
    rememberFirstWasm(new wasm.Module(EMPTY_MODULE));
    expect(warmFirstWasm()).toBe(false);
  });

  it('undici still reads llhttp with the functions the warm-up calls', () => {
    // the warm-up calls these by name; undici's parser (client-h1.js) calls the same
    const clientH1 = require('node:fs').readFileSync(require.resolve('undici/lib/dispatcher/client-h1.js'), 'utf8') as string;
    for (const name of ['llhttp_alloc', 'llhttp_execute', 'llhttp_free', 'malloc', 'free', 'wasm_on_message_complete']) expect(clientH1).toContain(name);
    expect(clientH1).toMatch(/llhttp_alloc\(constants\.TYPE\.RESPONSE\)/);
  });
});
