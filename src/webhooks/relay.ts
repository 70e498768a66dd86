// One POST to a receiver: `webhook listen --forward-to` relays a delivery to the user's app, and
// `webhook forward` delivers to its --to URL. node:http, not fetch: fetch refuses the ports of its
// "bad ports" list (6000, 6665-6669, 10080, ...), which protect a browser from being turned against
// other services, not a user posting to the receiver they named themselves. The API transport
// (api/client.ts, with its auth and retries) is not used: these go to the user's receiver.
import http from 'node:http';
import https from 'node:https';
import { DELIVERY_DEADLINE_MS } from './format.js';

export interface RelayResult {
  /** 0 when no answer came */
  status: number;
  ms: number;
  error?: string;
}

/** Headers that belong to one connection only, or that the request sets itself. */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer', 'proxy-connection']);

export function relayHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Why an attempt got no answer, in a few words (never the URL: it may hold a password). */
function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.code ?? (e?.name === 'AbortError' ? 'stopped' : 'failed');
}

export async function postTo(
  url: string,
  headers: Record<string, string>,
  body: Uint8Array | string,
  opts: { now: () => number; signal?: AbortSignal; deadlineMs?: number },
): Promise<RelayResult> {
  const started = opts.now();
  const deadlineMs = opts.deadlineMs ?? DELIVERY_DEADLINE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  const target = new URL(url);
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  try {
    const status = await new Promise<number>((resolve, reject) => {
      // user:password@ in the URL becomes Basic auth (as curl does) unless an Authorization header is given
      const req = (target.protocol === 'https:' ? https : http).request(target, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(data.byteLength) },
        signal,
        agent: false,
      });
      // The status is the answer; the body is read and dropped so the socket closes cleanly.
      req.on('response', (res) => {
        res.on('error', () => undefined).resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(data);
    });
    return { status, ms: opts.now() - started };
  } catch (error) {
    const why = deadline.aborted ? `no answer within ${Math.round(deadlineMs / 1000)}s` : reason(error);
    return { status: 0, ms: opts.now() - started, error: why };
  }
}
