import { StringDecoder } from 'node:string_decoder';
import { Transform, type Readable, type Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, JSONRPCMessageSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { Exclusion, ToolPlan } from './tools.js';

// The MCP server of `mailctl mcp` on the official SDK (loaded only by that
// command): tools/list answers the planned tools, tools/call runs one through
// `call`. Calls run one at a time, in the order they came: commands share the
// server's HTTP budget (pacing, the sandbox's daily quota) and its archive
// file, and a write must not race a read that an agent sent to check it.

/**
 * `signal` aborts when the client cancels the call (notifications/cancelled) or the connection
 * closes. `progress` is there when the call asked for progress (a progressToken): one message
 * per step (each request the command sends).
 */
export type ToolCall = (plan: ToolPlan, args: Record<string, unknown>, signal: AbortSignal, progress?: (message: string) => void) => Promise<CallToolResult>;

type Extra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];

/**
 * MCP (basic/utilities/progress): a request whose _meta has a progressToken may get
 * notifications/progress with that token, `progress` rising at each. A long call (events_sync,
 * a listing of 1000 rows at the API's pace, a 429's wait) so shows it is alive, and a client
 * that resets its request timeout on progress (the MCP Inspector does) does not give it up.
 *
 * Each step waits until the next one comes or `holdMs` pass, and the one still waiting when the
 * command ends is dropped: the SDK's client handles a notification a microtask after it reads it
 * and a response at once, so a step read together with the result is dropped by the client as
 * for "an unknown token", with an error in its log. Held so, a step sent is followed by at least
 * one more request before the result, and a quick call sends none.
 */
function progressOf(extra: Extra, holdMs: number): { progress?: (message: string) => void; end: () => Promise<void> } {
  const token = extra._meta?.progressToken;
  if (token === undefined) return { end: () => Promise.resolve() };
  let step = 0;
  let sent: Promise<unknown> = Promise.resolve();
  let held: { message: string; timer: NodeJS.Timeout } | undefined;
  const send = () => {
    if (!held) return;
    clearTimeout(held.timer);
    const { message } = held;
    held = undefined;
    step += 1;
    sent = extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, message } }).catch(() => undefined);
  };
  return {
    progress: (message) => {
      send();
      held = { message, timer: setTimeout(send, holdMs) };
    },
    end: async () => {
      if (held) clearTimeout(held.timer);
      held = undefined;
      await sent;
    },
  };
}

/** How long a progress step waits for the next before it goes anyway. */
const PROGRESS_HOLD_MS = 250;

export interface ToolServer {
  server: Server;
  /** Resolves when no call is running or waiting. */
  idle(): Promise<void>;
}

/**
 * The route of tools/call, whatever its params: the SDK's tools/call wrapper checks them against
 * CallToolRequestSchema and refuses a misfit (a name that is not a string, arguments that are
 * not an object) as -32602, invalid params. Registered under CallToolRequestSchema itself, the
 * SDK's parse of the route throws first, and the misfit went out as -32603 "Internal error".
 */
const ToolsCallRoute = z.looseObject({ method: z.literal('tools/call') });

/**
 * The protocol error of a name that is not a tool here, saying why when it is a command left
 * out by rule. A plain Error with a code, not an McpError: the SDK sends `message` as it is, and
 * McpError's carries an "MCP error -32602: " prefix that the client's McpError adds once more.
 */
function unknownTool(name: string, excluded: readonly Exclusion[]): Error {
  const left = excluded.find((e) => e.path.replace(/ /g, '_') === name);
  const why = left ? `; mailctl ${left.path} has no tool here: ${left.reason}` : '; tools/list names every tool';
  return Object.assign(new Error(`Unknown tool: ${name}${why}`), { code: ErrorCode.InvalidParams });
}

export function toolServer(version: string, plans: readonly ToolPlan[], call: ToolCall, excluded: readonly Exclusion[] = [], progressHoldMs = PROGRESS_HOLD_MS): ToolServer {
  const server = new Server(
    { name: 'mailctl', version },
    {
      capabilities: { tools: {} },
      instructions:
        'Each tool runs one mailctl command and returns what its --json output prints. ' +
        'Writes are dry runs unless the call sets confirm: true; listings return at most 1000 rows per call.',
    },
  );
  const byName = new Map(plans.map((p) => [p.name, p]));
  let queue: Promise<unknown> = Promise.resolve();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: plans.map((p) => p.tool) }));
  server.setRequestHandler(ToolsCallRoute, (raw, extra) => {
    // the SDK's wrapper has checked it against CallToolRequestSchema (else -32602)
    const request = CallToolRequestSchema.parse(raw);
    const plan = byName.get(request.params.name);
    // MCP (server/tools, "Error Handling"): an unknown tool is a protocol error, not a tool result
    if (!plan) throw unknownTool(request.params.name, excluded);
    // A call cancelled while it waits for its turn never starts (the SDK sends no answer to a
    // cancelled request); one cancelled while it runs is stopped through its signal.
    const run = queue.then(async () => {
      if (extra.signal.aborted) return cancelled;
      const { progress, end } = progressOf(extra, progressHoldMs);
      try {
        return await call(plan, request.params.arguments ?? {}, extra.signal, progress);
      } finally {
        await end();
      }
    });
    queue = run.catch(() => undefined);
    return run;
  });
  return { server, idle: () => queue.then(() => undefined) };
}

const cancelled: CallToolResult = { content: [{ type: 'text', text: 'cancelled' }], isError: true };

/** Lets the requests already read reach their handlers (the SDK dispatches them a few microtasks later). */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A JSON-RPC error that answers no request the server could read (MCP 2025-11-25: its id may be absent). */
function lineError(code: number, message: string, id: unknown): string {
  const known = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  return `${JSON.stringify({ jsonrpc: '2.0', ...(known ? { id } : {}), error: { code, message } })}\n`;
}

/**
 * What to do with one line of stdin: pass it on to the SDK's transport, or the error that
 * answers it. The SDK drops a line that is not a JSON-RPC message without a word (its
 * transport reports it to onerror only), so a client that sent one would wait for an answer
 * forever: JSON-RPC 2.0 answers it, -32700 for text that is not JSON, -32600 for JSON that is
 * not a message. A batch (an array) is refused as such: MCP 2025-06-18 took batching out, and
 * a client that has to split its batch is better off than one left waiting.
 */
function screenLine(line: string): { pass: true } | { pass: false; answer: string; why: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { pass: false, answer: lineError(ErrorCode.ParseError, 'Parse error: the line is not JSON', undefined), why: 'a line that is not JSON' };
  }
  if (Array.isArray(value)) {
    return { pass: false, answer: lineError(ErrorCode.InvalidRequest, 'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per line', undefined), why: 'a JSON-RPC batch' };
  }
  if (JSONRPCMessageSchema.safeParse(value).success) return { pass: true };
  const id = value !== null && typeof value === 'object' && 'method' in value ? (value as { id?: unknown }).id : undefined;
  return { pass: false, answer: lineError(ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response', id), why: 'a line that is not a JSON-RPC message' };
}

/**
 * The longest line read, in UTF-8 bytes: the SDK's transport holds at most
 * STDIO_DEFAULT_MAX_BUFFER_SIZE bytes, the line and its line break, and closes the whole
 * session past that (it throws inside its data handler).
 */
const MAX_LINE_BYTES = 10 * 1024 * 1024 - 1;
const tooLong = () => lineError(ErrorCode.InvalidRequest, `Invalid Request: a message longer than ${MAX_LINE_BYTES} bytes`, undefined);

/**
 * stdin as the SDK's transport reads it: the lines that are messages, each with its line
 * break; a line that is not is answered on stdout at once (and said on stderr), blank lines
 * are skipped, and a last line without its line break still counts (`printf` in a script).
 * A line longer than MAX_LINE_BYTES is answered as too long and skipped to its end, instead of
 * being held in memory whole.
 */
function screenedInput(stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream, say: (line: string) => void): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  /** pending's length in UTF-8 bytes, counted as it grows (a line arrives in many pipe reads). */
  let pendingBytes = 0;
  let skipping = false;
  const refuse = (answer: string, why: string) => {
    stdout.write(answer);
    say(`mailctl mcp: answered ${why} with a JSON-RPC error`);
  };
  const take = (line: string, out: Transform) => {
    const text = line.replace(/\r$/, '');
    if (text.trim() === '') return;
    if (Buffer.byteLength(text) > MAX_LINE_BYTES) return refuse(tooLong(), 'a line too long to read');
    const verdict = screenLine(text);
    if (verdict.pass) out.push(`${text}\n`);
    else refuse(verdict.answer, verdict.why);
  };
  const read = (text: string, out: Transform) => {
    let start = 0;
    let end: number;
    while ((end = text.indexOf('\n', start)) >= 0) {
      const line = pending + text.slice(start, end);
      pending = '';
      pendingBytes = 0;
      start = end + 1;
      if (skipping) skipping = false;
      else take(line, out);
    }
    if (skipping) return;
    const rest = text.slice(start);
    pending += rest;
    pendingBytes += Buffer.byteLength(rest);
    if (pendingBytes > MAX_LINE_BYTES) {
      refuse(tooLong(), 'a line too long to read');
      skipping = true;
      pending = '';
      pendingBytes = 0;
    }
  };
  const screen = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // a character split between two chunks is decoded whole
      read(decoder.write(chunk), this);
      done();
    },
    flush(done) {
      read(decoder.end(), this);
      if (!skipping) take(pending, this);
      pending = '';
      done();
    },
  });
  (stdin as Readable).pipe(screen);
  // a stdin closed without an end (its pipe broke) ends the screen too
  stdin.once('close', () => screen.end());
  return screen;
}

/**
 * Serves on the process's stdin and stdout until stdin ends (the client is
 * done: the calls it sent are answered first) or the signal aborts (at once).
 * `say` writes a line on stderr (a line of stdin that was not a message, an SDK error).
 */
export async function serveStdio({ server, idle }: ToolServer, stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream, signal: AbortSignal, say: (line: string) => void = () => undefined): Promise<void> {
  const input = screenedInput(stdin, stdout, say);
  const transport = new StdioServerTransport(input, stdout as Writable);
  server.onerror = (error) => say(`mailctl mcp: ${error.message}`);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    const close = () => void server.close();
    const drain = () => void settle().then(idle).then(settle).then(close);
    input.once('end', drain);
    if (signal.aborted) close();
    else signal.addEventListener('abort', close, { once: true });
  });
  await server.connect(transport);
  await closed;
}
