import { rememberFirstWasm } from './wasm-warmup.js';

// The V8 flags mailctl sets at run time, and when. These flags steer only tiering and heap
// sizing, never what a command does.
//
// When: just before the first WebAssembly module compiles (undici's HTTP parser, once the
// first connection is up), not at start. Any flag set changes V8's flag hash, and Node's
// built-in modules carry a code cache made under the default flags: every built-in loaded
// after a flag is set is compiled from source. Set at the first compile, they come after
// what a call loads (net, http, tls, crypto, assert, undici) and before anything they steer.
// A run that compiles no WebAssembly (help, config, an offline read) sets none.
// Bench rows: "one call: webhook list --json", "one call over TLS".

const FLAGS: readonly string[] = [
  // undici's llhttp stays on V8's baseline WebAssembly code: no optimising
  // thread to wait for at exit, nothing of its code kept resident during a long
  // export. Bench row: "one call: webhook list --json".
  '--liftoff-only',
  // A young generation that does not grow, and a heap policy that collects
  // early: every page of a long export is garbage at once, so peak memory stays
  // where a short export's is. Bench row: "stream: peak RSS 200,000 vs 20,000 events".
  '--semi-space-growth-factor=1',
  '--optimize-for-size',
  // Only what stays hot is optimised: each optimising thread's malloc arena
  // keeps what its biggest job needed. Bench row: "stream: peak RSS at 200,000 events".
  '--interrupt-budget=2000000',
];

/**
 * The same flags at V8's defaults, with what setting them implied (`node --print-flag-values`
 * with and without each): set back before the code cache is written at exit (code-cache.ts),
 * so that the cache carries the flag hash of the next run's start. test/core/vm-tuning.test.ts
 * checks that a cache made after tuneV8 and untuneV8 is accepted by a run with the defaults.
 */
const DEFAULTS: readonly string[] = [
  '--no-liftoff-only',
  '--wasm-tier-up',
  '--wasm-dynamic-tiering',
  '--semi-space-growth-factor=2',
  '--no-optimize-for-size',
  '--max-semi-space-size=0',
  '--interrupt-budget=67584',
];

let tuned = false;

function setFlags(flags: readonly string[]): void {
  const { setFlagsFromString } = process.getBuiltinModule('node:v8');
  for (const flag of flags) setFlagsFromString(flag);
}

/** Sets the flags now (the tests; a run calls tuneV8BeforeWasm). */
export function tuneV8(): void {
  if (tuned) return;
  setFlags(FLAGS);
  tuned = true;
}

/** The defaults back, if the flags were set: before the code cache is made. */
export function untuneV8(): void {
  if (!tuned) return;
  setFlags(DEFAULTS);
  tuned = false;
}

/**
 * Runs `compile` under V8's defaults when the flags are set: V8 accepts a code cache only
 * under the flags it was made with (the defaults, see untuneV8), and a command loads zod and
 * the schemas of api/ while its first request waits for the answer, after the flags are set.
 */
export function withDefaultFlags<T>(compile: () => T): T {
  if (!tuned) return compile();
  untuneV8();
  try {
    return compile();
  } finally {
    tuneV8();
  }
}

/**
 * Sets the flags as the first WebAssembly.Module is constructed, then puts the constructor
 * back: one wrapped call, nothing left behind. The module goes to wasm-warmup.ts, which
 * compiles its code while the first request waits.
 */
export function tuneV8BeforeWasm(): void {
  // WebAssembly is a global of Node; the project's type library (ES2023, no DOM) does not declare it
  const wasm = (globalThis as unknown as { WebAssembly: { Module: new (...args: unknown[]) => object } }).WebAssembly;
  const Original = wasm.Module;
  wasm.Module = new Proxy(Original, {
    construct(target, args: unknown[]) {
      wasm.Module = Original;
      tuneV8();
      const module = new target(...args);
      rememberFirstWasm(module);
      return module;
    },
  });
}
