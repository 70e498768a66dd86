import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UsageError } from '../errors.js';
import { errorResult } from './result.js';
import type { ToolPlan } from './tools.js';

// The MCP server of `mailctl mcp` on the official SDK (loaded only by that
// command): tools/list answers the planned tools, tools/call runs one through
// `call`. Calls run one at a time, in the order they came: commands share the
// server's HTTP budget (pacing, the sandbox's daily quota) and its archive
// file, and a write must not race a read that an agent sent to check it.

/** `signal` aborts when the client cancels the call (notifications/cancelled) or the connection closes. */
export type ToolCall = (plan: ToolPlan, args: Record<string, unknown>, signal: AbortSignal) => Promise<CallToolResult>;

export interface ToolServer {
  server: Server;
  /** Resolves when no call is running or waiting. */
  idle(): Promise<void>;
}

export function toolServer(version: string, plans: readonly ToolPlan[], call: ToolCall): ToolServer {
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
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const plan = byName.get(request.params.name);
    if (!plan) return errorResult(new UsageError(`no tool named "${request.params.name}"`, { hint: 'tools/list names every tool' }));
    // A call cancelled while it waits for its turn never starts (the SDK sends no answer to a
    // cancelled request); one cancelled while it runs is stopped through its signal.
    const run = queue.then(() => (extra.signal.aborted ? cancelled : call(plan, request.params.arguments ?? {}, extra.signal)));
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

/**
 * Serves on the process's stdin and stdout until stdin ends (the client is
 * done: the calls it sent are answered first) or the signal aborts (at once).
 */
export async function serveStdio({ server, idle }: ToolServer, stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream, signal: AbortSignal): Promise<void> {
  const transport = new StdioServerTransport(stdin as Readable, stdout as Writable);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    const close = () => void server.close();
    const drain = () => void settle().then(idle).then(settle).then(close);
    stdin.once('end', drain);
    stdin.once('close', drain);
    if (signal.aborted) close();
    else signal.addEventListener('abort', close, { once: true });
  });
  await server.connect(transport);
  await closed;
}
