// The stdio side of `mailctl mcp` in-process: serveStdio over streams of the test's, written in
// chunks as a pipe delivers them. A line is read whole whatever the chunks (a character split
// between two of them included), and a line too long to hold is answered and skipped.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolServer } from '../../src/commands/mcp/tool-server.js';
import { createContext } from '../../src/context.js';
import { serveStdio } from '../../src/mcp/server.js';
import { buildProgram } from '../../src/program.js';
import { testContext, useEmulator, type TestContext } from '../helpers/context.js';

const emu = useEmulator({ events: 0 });

interface Message {
  id?: number;
  result?: { content?: { text: string }[] };
  error?: { code: number; message: string };
}

interface Served {
  write(bytes: Buffer | string): void;
  /** The message answering `id`, once it has come. */
  answer(id: number): Promise<Message>;
  messages: Message[];
  said: string[];
  end(): Promise<void>;
}

let tc: TestContext | undefined;
afterEach(async () => {
  await tc?.close();
  tc = undefined;
});

async function serve(): Promise<Served> {
  tc = await testContext({ emulator: emu });
  const program = buildProgram(tc.runtime);
  const ctx = createContext(tc.io, {}, new AbortController().signal, { ...tc.runtime, program });
  const { served } = createToolServer(ctx, program, { readOnly: false });
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const messages: Message[] = [];
  const said: string[] = [];
  const waiting: Array<() => void> = [];
  let rest = '';
  stdout.on('data', (chunk: Buffer) => {
    rest += chunk.toString('utf8');
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      messages.push(JSON.parse(rest.slice(0, end)) as Message);
      rest = rest.slice(end + 1);
    }
    waiting.splice(0).forEach((wake) => wake());
  });
  const done = serveStdio(served, stdin, stdout, new AbortController().signal, (line) => said.push(line));
  const answer = async (id: number): Promise<Message> => {
    for (;;) {
      const found = messages.find((m) => m.id === id);
      if (found) return found;
      await new Promise<void>((wake) => waiting.push(wake));
    }
  };
  return {
    write: (bytes) => void stdin.write(bytes),
    answer,
    messages,
    said,
    end: async () => {
      stdin.end();
      await done;
    },
  };
}

const line = (m: object) => Buffer.from(`${JSON.stringify(m)}\n`);
const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } };

describe('mailctl mcp on stdio, in chunks', () => {
  it('a message cut into chunks in the middle of a character is read whole', async () => {
    const s = await serve();
    s.write(line(initialize));
    await s.answer(1);
    const html = '<p>héllo wörld ✓ 日本語</p>';
    const bytes = line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'template_create', arguments: { name: 'Accents', html } } });
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    const cut2 = bytes.indexOf(Buffer.from('日')) + 2;
    s.write(bytes.subarray(0, cut));
    s.write(bytes.subarray(cut, cut2));
    s.write(bytes.subarray(cut2));
    const r = await s.answer(2);
    expect(JSON.parse(r.result!.content![0]!.text)).toMatchObject({ dry_run: true, body: { html } });
    await s.end();
  });

  it('a line longer than 10 MiB is answered as too long and skipped; the next message is read', async () => {
    const s = await serve();
    s.write(line(initialize));
    await s.answer(1);
    const long = `{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"${'a'.repeat(11 * 1024 * 1024)}"}}\n`;
    for (let at = 0; at < long.length; at += 1 << 20) s.write(long.slice(at, at + (1 << 20)));
    s.write(line({ jsonrpc: '2.0', id: 3, method: 'ping' }));
    expect((await s.answer(3)).result).toEqual({});
    expect(s.messages.filter((m) => m.error).map((m) => [m.id, m.error!.code, m.error!.message])).toEqual([[undefined, -32600, 'Invalid Request: a message longer than 10485759 bytes']]);
    expect(s.messages.some((m) => m.id === 2)).toBe(false);
    expect(s.said).toEqual(['mailctl mcp: answered a line too long to read with a JSON-RPC error']);
    await s.end();
  });

  it('the limit is in bytes, as the SDK counts: 4 Mi CJK characters (12 MiB of UTF-8) are refused, and the session goes on', async () => {
    const s = await serve();
    s.write(line(initialize));
    await s.answer(1);
    // in one write, so that the whole line, not a part of it, meets the limit
    s.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"${'日'.repeat(4 * 1024 * 1024)}"}}\n`);
    s.write(line({ jsonrpc: '2.0', id: 3, method: 'ping' }));
    expect((await s.answer(3)).result).toEqual({});
    expect(s.messages.filter((m) => m.error).map((m) => m.error!.message)).toEqual(['Invalid Request: a message longer than 10485759 bytes']);
    await s.end();
  });
});
