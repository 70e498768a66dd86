import { afterEach, describe, expect, it } from 'vitest';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { scriptedServer, type Handler } from '../helpers/server.js';

// RequestSpec.prepare and the client's whileWaiting: work for the answer (a
// resource's schemas, stdout), done once the request has left and before its
// answer is handled. The server below holds each answer until that work has
// run, so a client that ran it at any other time would wait for ever (and the
// request would time out).

const KEY = 'live_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
let closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

/** Answers each request once `released()` has been called for it (before or after it arrives). */
function heldAnswers() {
  const held: ServerResponse[] = [];
  let releases = 0;
  const flush = () => {
    while (held.length > 0 && releases > 0) {
      releases--;
      held.shift()!.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  };
  const handler: Handler = (_req, res) => {
    held.push(res);
    flush();
  };
  return { handler, release: () => (releases++, flush()) };
}

async function setup(handler: Handler, options: Partial<ClientOptions> = {}) {
  const server = await scriptedServer([handler]);
  const client = new ApiClient({ baseUrl: server.baseUrl, apiKey: KEY, timeoutMs: 5000, retries: 0, userAgent: 'mailctl/test node/x', ...options });
  closers.push(() => client.close(), server.close);
  return { server, client };
}

describe('work done while a request waits for its answer', () => {
  it('runs a request\'s prepare after the request has left, before its answer is handled', async () => {
    const answers = heldAnswers();
    const { server, client } = await setup(answers.handler);
    // undici says on this channel when a request's bytes have been written
    const order: string[] = [];
    const sent = () => order.push('sent');
    subscribe('undici:request:bodySent', sent);
    try {
      const pending = client.request({ method: 'GET', path: '/webhooks', prepare: () => (order.push('prepare'), answers.release()) });
      expect(order).toEqual([]);
      const res = await pending;
      expect(res).toMatchObject({ status: 200, body: { ok: true } });
    } finally {
      unsubscribe('undici:request:bodySent', sent);
    }
    expect(order).toEqual(['sent', 'prepare']);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /webhooks']);
  });

  it('runs the client\'s whileWaiting during its first request only', async () => {
    const answers = heldAnswers();
    let waits = 0;
    const { server, client } = await setup(answers.handler, { whileWaiting: () => (waits++, answers.release()) });
    const first = client.request({ method: 'GET', path: '/a' });
    expect(waits).toBe(0);
    await first;
    answers.release(); // the second answer is not held: whileWaiting does not run again
    await client.request({ method: 'GET', path: '/b' });
    expect(waits).toBe(1);
    expect(server.seen.map((r) => r.url)).toEqual(['/a', '/b']);
  });

  it('a prepare that throws or rejects changes nothing the request returns', async () => {
    const answers = heldAnswers();
    const { client } = await setup(answers.handler);
    const thrown = client.request({ method: 'GET', path: '/a', prepare: () => { answers.release(); throw new Error('no schemas'); } });
    await expect(thrown).resolves.toMatchObject({ status: 200 });
    const rejected = client.request({ method: 'GET', path: '/b', prepare: () => (answers.release(), Promise.reject(new Error('no schemas'))) });
    await expect(rejected).resolves.toMatchObject({ status: 200 });
  });

  it('a request that never left (a refused connection) leaves no prepare behind for the next one', async () => {
    const gone = await scriptedServer([() => undefined]);
    await gone.close(); // nothing listens on its port now
    const refused = new ApiClient({ baseUrl: gone.baseUrl, apiKey: KEY, timeoutMs: 5000, retries: 0, userAgent: 'mailctl/test node/x' });
    closers.push(() => refused.close());
    const ran: string[] = [];
    await expect(refused.request({ method: 'GET', path: '/a', prepare: () => ran.push('refused') })).rejects.toThrow();
    const answers = heldAnswers();
    const { client } = await setup(answers.handler);
    await client.request({ method: 'GET', path: '/b', prepare: () => (ran.push('sent'), answers.release()) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['sent']);
  });
});
