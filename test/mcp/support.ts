// An MCP client connected in-process (the SDK's own Client over a linked pair of
// in-memory transports) to the tool server of `mailctl mcp`, over a test Context.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createToolServer } from '../../src/commands/mcp/tool-server.js';
import { createContext, type GlobalOptions } from '../../src/context.js';
import { buildProgram } from '../../src/program.js';
import { testContext, type TestContext, type TestContextOptions } from '../helpers/context.js';

export interface Connected {
  client: Client;
  tc: TestContext;
  excluded: { path: string; reason: string }[];
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connect(options: TestContextOptions & { readOnly?: boolean; globals?: GlobalOptions; progressHoldMs?: number } = {}): Promise<Connected> {
  const tc = await testContext(options);
  const program = buildProgram(tc.runtime);
  const ctx = createContext(tc.io, options.globals ?? {}, new AbortController().signal, { ...tc.runtime, program });
  const { served, excluded } = createToolServer(ctx, program, { readOnly: Boolean(options.readOnly), progressHoldMs: options.progressHoldMs });
  const { server } = served;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    tc,
    excluded,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    async close() {
      await client.close();
      await server.close();
      await tc.close();
    },
  };
}

/** The first text block of a result: what the command printed (or the error object). */
export function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** Every text block after the first: notices. */
export function notes(result: CallToolResult): string {
  return result.content
    .slice(1)
    .map((c) => (c.type === 'text' ? c.text : ''))
    .join('\n');
}
