// The HTTP side on node:http: reads and logs each request, applies latency and injected faults,
// asks the app for the answer and writes it. Everything about the API itself lives in app.ts.
import http from 'node:http';
import https from 'node:https';
import type { ApiResponse } from './api-error.js';
import type { EmulatorApp } from './app.js';
import type { FaultAction, Faults } from './faults.js';
import { bearerToken } from './keys.js';
import type { RequestLog } from './request-log.js';
import type { RecordedRequest } from './types.js';

export interface ServerDeps {
  app: EmulatorApp;
  faults: Faults;
  latency: number;
  now: () => number;
  log: RequestLog;
  /** Serve HTTPS with this key and certificate (emulator --tls). */
  tls?: { key: string; cert: string };
  /** called once a request has its status (including dropped ones, status 0) */
  onAnswered?: (rec: RecordedRequest) => void;
}

// Room for the largest valid send (service-api-rest 7: attachments up to 5 MB after base64, plus
// the rest of the body), so the attachment limit is the documented 422, not this server's 413.
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface EmulatorServer {
  server: http.Server | https.Server;
  close(): Promise<void>;
}

const MAX_HEAD_BYTES = 16 * 1024;

export function createEmulatorServer(deps: ServerDeps): EmulatorServer {
  let seq = 0;
  let closed = false;
  const answered = new WeakMap<http.ServerResponse, RecordedRequest>();
  const sleeping = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => wake(), ms), wake: () => wake() };
      function wake(): void {
        clearTimeout(entry.timer);
        sleeping.delete(entry);
        resolve();
      }
      sleeping.add(entry);
    });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    // Routing and fault scripts ignore a trailing slash; the log keeps the path as sent, so tests
    // asserting on requests see exactly what the client sent.
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const query: Record<string, string> = {};
    for (const name of new Set(url.searchParams.keys())) query[name] = url.searchParams.getAll(name).join(',');
    const auth = req.headers.authorization;
    const token = bearerToken(auth);
    // Logged at arrival, before the body is read, so the log keeps arrival order.
    const rec: RecordedRequest = {
      seq: ++seq,
      time: deps.now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      rawQuery: url.search.slice(1),
      headers: { ...req.headers },
      body: undefined,
      status: 0,
      ...(token ? { key: token } : {}),
    };
    deps.log.add(rec);
    answered.set(res, rec);

    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    chunks.length = 0;
    deps.log.charge(rec, Math.min(size, MAX_BODY_BYTES));
    let bodyInvalid = false;
    if (text !== '') {
      try {
        rec.body = JSON.parse(text);
      } catch {
        rec.body = text;
        bodyInvalid = true;
      }
    }

    const fault = deps.faults.pick(rec.method, path);
    const delay = deps.latency + (fault?.delayMs ?? 0);
    if (delay > 0) await sleep(delay);
    if (closed) {
      res.socket?.destroy();
      return;
    }
    if (fault?.kind === 'drop') {
      res.socket?.destroy();
      return;
    }
    if (fault?.kind === 'answer') {
      rec.status = fault.status;
      // Dated by the emulator's clock, as every answer is: Node's default Date header is the
      // machine's, which a client pacing on X-RateLimit-Reset would measure against the wrong clock.
      res.writeHead(fault.status, { Date: new Date(deps.now()).toUTCString(), 'Content-Length': Buffer.byteLength(fault.body), ...fault.headers });
      res.end(fault.body);
      return;
    }
    const answer: ApiResponse =
      size > MAX_BODY_BYTES
        ? { status: 413, body: { message: 'The request body is too large.', error_code: 'payload_too_large' } }
        : deps.app.handle({
            method: rec.method,
            path,
            query,
            token,
            body: rec.body,
            bodyInvalid,
            caller: req.socket.remoteAddress ?? 'unknown',
            now: deps.now(),
          });
    send(res, rec, answer, fault, deps.now());
  }

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (deps.onAnswered) {
      const onAnswered = deps.onAnswered;
      res.once('close', () => {
        const rec = answered.get(res);
        if (rec) onAnswered(rec);
      });
    }
    handle(req, res).catch(() => {
      // Only I/O can fail here (the app catches its own errors): the client went away.
      res.socket?.destroy();
    });
  };
  // A request line and headers past 16 KiB get 431, as a real server refuses them (whatever
  // NODE_OPTIONS says about Node's default).
  const limits = { maxHeaderSize: MAX_HEAD_BYTES };
  const server = deps.tls ? https.createServer({ key: deps.tls.key, cert: deps.tls.cert, ...limits }, onRequest) : http.createServer(limits, onRequest);
  // Never close an idle keep-alive connection from this side: when the event loop of an
  // in-process test is busy, the idle timer can fire after a client reused the connection, and
  // the request dies with ECONNRESET. Clients close idle connections themselves; close() ends
  // whatever is left. Dropped connections happen only when a fault says so.
  server.keepAliveTimeout = 0;

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const s of [...sleeping]) s.wake();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: http.ServerResponse, rec: RecordedRequest, answer: ApiResponse, fault: FaultAction | undefined, now: number): void {
  // 204 has no body at all (spec 9: "status 204 responses have no body"), hence no Content-Type.
  const empty = answer.status === 204;
  const text = empty ? '' : JSON.stringify(answer.body);
  const length = Buffer.byteLength(text);
  const headers = {
    // The emulator's own clock (a test may skew it), as X-RateLimit-Reset is: a client measures one against the other.
    Date: new Date(now).toUTCString(),
    ...(empty ? {} : { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(length) }),
    ...answer.headers,
    ...(fault?.kind === 'late' ? fault.headers : {}),
  };
  res.writeHead(answer.status, headers);
  if (fault?.kind === 'dropMidBody') {
    // The real status and headers, then half the body, then a dead connection.
    res.write(Buffer.from(text).subarray(0, Math.floor(length / 2)), () => res.socket?.destroy());
    return;
  }
  rec.status = answer.status;
  res.end(text);
}
