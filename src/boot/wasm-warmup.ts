// The HTTP parser compiled while the first answer is on its way, not after it came.
//
// undici parses answers with llhttp, a WebAssembly module it compiles as its first
// connection opens. V8 compiles each WebAssembly function the first time it runs, so the
// first answer would wait for the parser's code. While a request waits for its answer
// (the client's `whileWaiting`), warmFirstWasm runs a throwaway instance of the same module
// over one canned answer: V8 keeps compiled code per module, not per instance, so the real
// parser finds its code ready. The instance has its own memory and callbacks that do
// nothing; undici's parser is not touched. A module without llhttp's functions is left
// alone. Bench rows: "one call over TLS" and "one call: webhook list --json".

type WasmFunction = (...args: number[]) => number;
interface Wasm {
  Module: { imports(module: object): Array<{ module: string; name: string; kind: string }> };
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: abstract new (...args: never[]) => { buffer: ArrayBuffer };
}

// WebAssembly is a global of Node; the project's type library (ES2023, no DOM) does not declare it
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

/** llhttp's parser type for answers (llhttp.h: HTTP_RESPONSE). */
const RESPONSE = 2;
const ANSWER = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nx-ratelimit-remaining: 9\r\n\r\n{}';

let first: object | undefined;

/** The first WebAssembly module the run compiles (v8-flags.ts's constructor hook hands it over). */
export function rememberFirstWasm(module: object): void {
  first = module;
}

/**
 * Runs the first module's llhttp over a canned answer, once. True when the parser read
 * it to the end; false when there was no module, it is not llhttp, or it failed (the
 * real parser then compiles what it needs as it runs, as it would without this).
 */
export function warmFirstWasm(): boolean {
  const module = first;
  first = undefined;
  if (!module) return false;
  try {
    let complete = false;
    const stubs: Record<string, Record<string, () => number>> = {};
    for (const { module: from, name, kind } of wasm.Module.imports(module)) {
      if (kind === 'function') (stubs[from] ??= {})[name] = name === 'wasm_on_message_complete' ? () => ((complete = true), 0) : () => 0;
    }
    const exports = new wasm.Instance(module, stubs).exports;
    const [alloc, execute, release, malloc, free] = ['llhttp_alloc', 'llhttp_execute', 'llhttp_free', 'malloc', 'free'].map((name) => exports[name]);
    const memory = exports.memory;
    if (![alloc, execute, release, malloc, free].every((f) => typeof f === 'function') || !(memory instanceof wasm.Memory)) return false;
    const bytes = Buffer.from(ANSWER, 'latin1');
    const parser = (alloc as WasmFunction)(RESPONSE);
    const at = (malloc as WasmFunction)(bytes.length);
    new Uint8Array(memory.buffer, at, bytes.length).set(bytes);
    const error = (execute as WasmFunction)(parser, at, bytes.length);
    (free as WasmFunction)(at);
    (release as WasmFunction)(parser);
    return error === 0 && complete;
  } catch {
    return false;
  }
}
