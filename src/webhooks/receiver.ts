// The receiver of `webhook listen`: an HTTP server on 127.0.0.1 that takes deliveries, checks
// them (auth, optional signature, the delivery format), relays valid ones to the user's app when
// asked, answers, and reports each delivery to its caller. It prints nothing itself.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import { BlockList, type AddressInfo } from 'node:net';
import { DeliveryFormatError, SIGNATURE_HEADER, parseDeliveryBody, type ApiEvent } from './format.js';
import { postTo, relayHeaders, type RelayResult } from './relay.js';
import { checkAuthorization, checkSignature, type AuthVerdict, type ExpectedAuth, type SignatureVerdict } from './verify.js';

export interface ReceiverOptions {
  port: number;
  auth: ExpectedAuth;
  signingSecret?: string;
  /** answer this status to valid deliveries instead of 200 (or the app's status with forwardTo) */
  respond?: number;
  forwardTo?: string;
  now: () => number;
  onDelivery(d: ReceivedDelivery): void | Promise<void>;
}

export interface ReceivedDelivery {
  /** 1, 2, ... in order of arrival */
  seq: number;
  receivedAt: number;
  method: string;
  path: string;
  auth: AuthVerdict;
  signature: SignatureVerdict;
  /** why it was rejected, when it was */
  problem?: string;
  valid: boolean;
  /** the status answered */
  status: number;
  events: ApiEvent[];
  forward?: RelayResult;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Relays to the app at once: more deliveries than this waiting on the app are answered 503 (the
 * sender retries later), so an app that hangs, or a relay that loops back, holds a bounded
 * number of connections and bodies instead of every delivery the sender makes.
 */
export const MAX_RELAYS_IN_FLIGHT = 16;

/** How long close() lets the deliveries in flight finish answering before it drops their connections. */
const CLOSE_GRACE_MS = 500;

export interface Receiver {
  url: string;
  port: number;
  /**
   * Stops taking deliveries. A relay in flight is cut short and its delivery answered 503 (the
   * sender retries it later); every delivery in flight is answered before its connection closes.
   */
  close(): Promise<void>;
}

export async function startReceiver(opts: ReceiverOptions): Promise<Receiver> {
  let seq = 0;
  let relaying = 0;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const receivedAt = opts.now();
    const id = ++seq;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const auth = checkAuthorization(header('authorization'), opts.auth);
    const signature = checkSignature(header(SIGNATURE_HEADER), body, opts.signingSecret);
    let events: ApiEvent[] = [];
    let problem: string | undefined;
    let status: number;
    if (method !== 'POST') {
      problem = `${method} instead of POST`;
      status = 405;
    } else if (size > MAX_BODY_BYTES) {
      problem = `body larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`;
      status = 413;
    } else {
      try {
        events = parseDeliveryBody(JSON.parse(body.toString('utf8')));
      } catch (e) {
        problem = `not a delivery: ${e instanceof DeliveryFormatError ? e.message : 'the body is not JSON'}`;
      }
      // Events of a delivery with wrong credentials are still shown (marked ✘): seeing what
      // was sent is what tells a user why it was refused.
      if (auth.verdict === 'failed') problem = auth.why;
      else if (signature === 'failed') problem = `${SIGNATURE_HEADER} does not match the body`;
      status = auth.verdict === 'failed' || signature === 'failed' ? 401 : problem ? 400 : (opts.respond ?? 200);
    }
    const valid = problem === undefined;
    let forward: RelayResult | undefined;
    let busy: string | undefined;
    if (valid && opts.forwardTo) {
      if (stopping.signal.aborted) busy = 'the listener is stopping';
      else if (relaying >= MAX_RELAYS_IN_FLIGHT) busy = `${MAX_RELAYS_IN_FLIGHT} relays are already waiting on the app`;
      if (busy !== undefined) {
        forward = { status: 0, ms: 0, error: busy };
      } else {
        relaying++;
        try {
          forward = await postTo(opts.forwardTo, relayHeaders(req.headers), body, { now: opts.now, signal: stopping.signal });
        } finally {
          relaying--;
        }
        if (stopping.signal.aborted && forward.status === 0) busy = forward.error = 'the listener is stopping';
      }
      // The sender sees what the app answered, so its retries rehearse the app's behaviour;
      // a relay not made (or cut short) is a 503: the sender retries it later.
      if (busy !== undefined) status = 503;
      else if (opts.respond === undefined) status = forward.status || 502;
    }
    res.writeHead(status, { 'content-type': 'application/json', ...(busy ? { 'retry-after': '1' } : {}) });
    res.end(JSON.stringify(busy ? { error: busy } : valid ? { received: events.length } : { error: problem }));
    await opts.onDelivery({ seq: id, receivedAt, method, path: req.url ?? '/', auth: auth.verdict, signature, problem, valid, status, events, forward });
  }

  const server = http.createServer((req, res) => {
    const done = handle(req, res)
      .catch(() => void res.socket?.destroy())
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      stopping.abort();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
      clearTimeout(grace);
      server.closeAllConnections();
      await closed;
    },
  };
}

/** What a connection to the receiver's 127.0.0.1 reaches: 127.0.0.1 itself, and 0.0.0.0 (Linux connects it to this host). */
const SELF = new BlockList();
SELF.addAddress('127.0.0.1');
SELF.addAddress('0.0.0.0');

/**
 * Would a POST to url reach the receiver listening on 127.0.0.1:port? Then every relay would be
 * a new delivery to relay: one POST would open connections without end. The host is resolved
 * as the relay would resolve it (localhost, a name in /etc/hosts, ::ffff:127.0.0.1).
 */
export async function reachesListener(url: string, port: number): Promise<boolean> {
  const target = new URL(url);
  const targetPort = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  if (targetPort !== port) return false;
  const addresses = await lookup(target.hostname.replace(/^\[|\]$/g, ''), { all: true }).catch(() => []);
  return addresses.some((a) => SELF.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
}
