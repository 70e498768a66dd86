// The built binary as an MCP client starts it: JSON-RPC over its stdin and stdout. stdout
// holds the protocol and nothing else (notices go to stderr), and the process ends with
// exit 0 once its stdin ends, after answering every call it was sent.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { BIN, emulatorEnv, finished, startCli, tempDir } from '../helpers/cli.js';
import { useEmulator } from '../helpers/context.js';

const emu = useEmulator({ events: 20 });

describe('mailctl mcp (spawned)', () => {
  it('answers initialize, tools/list and tools/call on stdio; stdout is only JSON-RPC messages', async () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'webhook_list', arguments: {} } },
    ];
    const child = startCli(['mcp', '--read-only'], { env: emulatorEnv(emu), input: messages.map((m) => `${JSON.stringify(m)}\n`).join('') });
    const r = await finished(child);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^mailctl mcp: \d+ tools \(read-only\) on stdio\n$/);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    const answers = lines.map((l) => JSON.parse(l) as { jsonrpc: string; id: number; result: Record<string, unknown> });
    for (const a of answers) expect(a.jsonrpc).toBe('2.0');
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(answers[0]!.result).toMatchObject({ serverInfo: { name: 'mailctl' }, capabilities: { tools: {} } });
    const tools = answers[1]!.result.tools as { name: string; annotations: { readOnlyHint: boolean } }[];
    expect(tools.map((t) => t.name)).toContain('webhook_list');
    expect(tools.every((t) => t.annotations.readOnlyHint)).toBe(true);
    const call = answers[2]!.result as { content: { text: string }[]; isError?: boolean };
    expect(call.isError).toBeFalsy();
    expect(Array.isArray(JSON.parse(call.content[0]!.text))).toBe(true);
    expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
  });

  // JSON-RPC 2.0: a line that is not JSON is answered with -32700, JSON that is not a message
  // with -32600 (with its id when it has one); MCP 2025-06-18 has no batches. The SDK alone
  // dropped such lines without an answer, and a client waited on them for ever.
  it('answers a line that is not JSON, a batch and a malformed request with JSON-RPC errors; blank lines are skipped, a last line without its line break is read', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } };
    const lines = [
      JSON.stringify(init),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      '{"jsonrpc": "2.0", "id": 2, "method": "ping"',
      '',
      JSON.stringify([{ jsonrpc: '2.0', id: 3, method: 'ping' }]),
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 7 }),
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }),
    ];
    const child = startCli(['mcp', '--read-only'], { env: emulatorEnv(emu), input: lines.join('\n') });
    const r = await finished(child);
    expect(r.code, r.stderr).toBe(0);
    const answers = r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { id?: number; result?: object; error?: { code: number; message: string } });
    const errors = answers.filter((a) => a.error).map((a) => [a.id, a.error!.code]);
    expect(errors).toEqual([[undefined, -32700], [undefined, -32600], [4, -32600]]);
    expect(answers.find((a) => a.error?.code === -32600 && a.id === undefined)!.error!.message).toMatch(/batches are not supported/);
    expect(answers.filter((a) => a.result).map((a) => a.id).sort()).toEqual([1, 5]);
    expect(r.stderr.match(/answered .* with a JSON-RPC error/g)).toHaveLength(3);
    expect(emu.requests).toEqual([]);
  });

  it.each([['SIGTERM', 143], ['SIGINT', 130]] as const)('%s while a tool call waits on the API: exit %i, as any command stopped so, and stdout holds whole JSON-RPC lines', async (signal, code) => {
    emu.scriptFault({ method: 'GET', path: '/webhooks', delayMs: 600_000, times: 1 });
    const env = { PATH: process.env.PATH ?? '', MAILCTL_CONFIG_DIR: tempDir('mailctl-config-'), MAILCTL_NO_KEYCHAIN: '1', ...emulatorEnv(emu) };
    // stdin stays open: the client has not gone away, it stops the server with a signal
    const child = spawn(process.execPath, [BIN, 'mcp', '--read-only'], { env, stdio: 'pipe' });
    const done = finished(child);
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'webhook_list', arguments: {} } });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setInterval(() => emu.requests.some((q) => q.path === '/webhooks') && resolve(), 2)))]);
    clearInterval(timer);
    child.kill(signal);
    const r = await done;
    child.stdin.destroy();
    emu.clearFaults();
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout.endsWith('\n')).toBe(true);
    for (const line of r.stdout.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
