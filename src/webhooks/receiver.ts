// The receiver of `webhook listen`: an HTTP server on 127.0.0.1 that takes deliveries, checks
// them (auth, optional signature, the delivery format), relays valid ones to the user's app when
// asked, answers, and reports each delivery to its caller. It prints nothing itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

export interface Receiver {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startReceiver(opts: ReceiverOptions): Promise<Receiver> {
  let seq = 0;

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
    if (valid && opts.forwardTo) {
      forward = await postTo(opts.forwardTo, relayHeaders(req.headers), body, { now: opts.now });
      // The sender sees what the app answered, so its retries rehearse the app's behaviour.
      if (opts.respond === undefined) status = forward.status || 502;
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(valid ? { received: events.length } : { error: problem }));
    await opts.onDelivery({ seq: id, receivedAt, method, path: req.url ?? '/', auth: auth.verdict, signature, problem, valid, status, events, forward });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.socket?.destroy());
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
