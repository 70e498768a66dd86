// Item 14 of issue 17: compressed answers. The client asks for gzip, deflate and br and decodes
// them; an encoding it does not know is a clear error (exit 1), not binary garbage; a 200 body
// cut short (compressed, or close-delimited) is retried like a reset mid-body.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
// The compressed answers are decoded by the built binary, whose bundle loads node:zlib
// on first use (scripts/app-bundle.mjs); the answers that need no decoding run in-process.
import { runCliInProcess } from '../helpers/context.js';
import { scriptedServer, type Handler } from '../helpers/server.js';
import { expectCleanFailure } from './support.js';

const KEY = `lttr_${'Z4'.repeat(32)}`;
const HOOKS = {
  message: 'ok',
  data: {
    webhooks: [
      { id: 'wh_1', name: 'Compressed hook', url: 'https://example.com/h', enabled: true, event_types: null, auth_type: 'none', has_auth_credentials: false },
    ],
  },
};
const text = JSON.stringify(HOOKS);
const encoded = (encoding: string, body: Buffer): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': String(body.length) });
  res.end(body);
};

async function run(handlers: Handler[], args = ['webhook', 'list', '--json'], cli: typeof runCli | typeof runCliInProcess = runCli) {
  const server = await scriptedServer(handlers);
  try {
    const r = await cli(args, { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
    return { r, seen: server.seen };
  } finally {
    await server.close();
  }
}

describe('compressed answers', () => {
  for (const [encoding, body] of [
    ['gzip', gzipSync(text)],
    ['deflate', deflateSync(text)],
    ['br', brotliCompressSync(text)],
  ] as const) {
    it(`${encoding} is asked for and decoded`, async () => {
      const { r, seen } = await run([encoded(encoding, body)]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)[0].name).toBe('Compressed hook');
      expect(seen).toHaveLength(1);
      expect(String(seen[0]!.headers['accept-encoding'])).toMatch(new RegExp(`\\b${encoding}\\b`));
    });
  }

  it('an unknown encoding is a clear error, not garbage', async () => {
    const { r, seen } = await run([encoded('zstd', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3, 0, 0xff]))], undefined, runCliInProcess);
    expectCleanFailure(r, 1, 'zstd');
    expect(r.stderr).toContain('Content-Encoding "zstd", which mailctl cannot decode');
    expect(seen).toHaveLength(1);
  });

  it('a gzip body cut short is retried, then succeeds', async () => {
    const full = gzipSync(text);
    const cut: Handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(full.subarray(0, Math.floor(full.length / 2)));
    };
    const { r, seen } = await run([cut, encoded('gzip', full)]);
    expect(r.code, r.stderr).toBe(0);
    expect(seen).toHaveLength(2);
    expect(JSON.parse(r.stdout)[0].name).toBe('Compressed hook');
  });
});

describe('a close-delimited 200 body cut short', () => {
  it('is retried like a reset mid-body', async () => {
    let n = 0;
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.once('data', () => {
        n++;
        const body = n === 1 ? text.slice(0, 40) : text;
        // no Content-Length, not chunked: the body ends with the connection
        socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${body}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const r = await runCliInProcess(['webhook', 'list', '--json'], { env: { MAILCTL_BASE_URL: baseUrl, MAILCTL_API_KEY: KEY } });
      expect(r.code, r.stderr).toBe(0);
      expect(n).toBe(2);
      expect(JSON.parse(r.stdout)[0].name).toBe('Compressed hook');
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  });
});
