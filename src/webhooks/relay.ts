// One POST to a receiver: `webhook listen --forward-to` relays a delivery to the user's app, and
// `webhook forward` delivers to its --to URL. Node's own fetch: these go to the user's receiver,
// not to the API, so the API transport (api/client.ts, with its auth and retries) is not used.
import { DELIVERY_DEADLINE_MS } from './format.js';

export interface RelayResult {
  /** 0 when no answer came */
  status: number;
  ms: number;
  error?: string;
}

/** Headers fetch sets itself or that belong to one connection only. */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer', 'proxy-connection']);

export function relayHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function postTo(
  url: string,
  headers: Record<string, string>,
  body: Uint8Array | string,
  opts: { now: () => number; signal?: AbortSignal; deadlineMs?: number },
): Promise<RelayResult> {
  const started = opts.now();
  const deadline = AbortSignal.timeout(opts.deadlineMs ?? DELIVERY_DEADLINE_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  try {
    const res = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status, ms: opts.now() - started };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const why = deadline.aborted ? `no answer within ${Math.round((opts.deadlineMs ?? DELIVERY_DEADLINE_MS) / 1000)}s` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { status: 0, ms: opts.now() - started, error: why };
  }
}
