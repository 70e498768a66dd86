// One HTTP POST from the emulator to a loopback receiver (a webhook URL or an OAuth token URL),
// on node:http so the emulator needs nothing from the CLI's transport. The connection goes to
// the loopback address itself, never to whatever a name resolves to.
import http from 'node:http';
import https from 'node:https';
import { loopbackAddress } from './loopback.js';

export interface PostResult {
  /** 0 when no answer came (refused, reset, past the deadline) */
  status: number;
  body: string;
  error?: string;
}

const MAX_ANSWER_BYTES = 64 * 1024;

export function postLoopback(url: URL, headers: Record<string, string>, body: string, deadlineMs: number): Promise<PostResult> {
  const address = loopbackAddress(url);
  if (address === undefined) return Promise.resolve({ status: 0, body: '', error: `${url.host} is not a loopback address` });
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = lib.request(
      {
        host: address,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        servername: url.protocol === 'https:' ? url.hostname : undefined,
        headers: { host: url.host, 'content-length': String(Buffer.byteLength(body)), ...headers },
        signal: AbortSignal.timeout(deadlineMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => resolve({ status: 0, body: '', error: e.message }));
      },
    );
    req.on('error', (e) => resolve({ status: 0, body: '', error: e.name === 'AbortError' || e.name === 'TimeoutError' ? 'no answer within the deadline' : e.message }));
    req.end(body);
  });
}
