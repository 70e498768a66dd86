import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { defaultSleep } from '../../src/api/sleep.js';
import { ExitCode, NetworkError } from '../../src/errors.js';
import { json, scriptedServer, type Handler } from '../helpers/server.js';

// Each request of the transport has its own abort handle, tied to the run's signal (Ctrl-C,
// SIGTERM) only while it is in flight: a long export sends thousands of requests under one
// run signal, and nothing of them may stay attached to it.

const KEY = 'live_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
let closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function setup(handlers: Handler[], signal: AbortSignal, timeoutMs = 5000, sleep?: ClientOptions['sleep']) {
  const server = await scriptedServer(handlers);
  const client = new ApiClient({ baseUrl: server.baseUrl, apiKey: KEY, timeoutMs, retries: 2, userAgent: 'mailctl/test node/x', signal, random: () => 0, ...(sleep ? { sleep } : {}) });
  closers.push(() => client.close(), server.close);
  return { server, client };
}

/** What the signal keeps in its own collections (listeners by type, dependants): sizes above 0. */
function heldBy(signal: AbortSignal): number[] {
  return Object.getOwnPropertySymbols(signal)
    .map((key) => (signal as unknown as Record<symbol, { size?: unknown } | undefined>)[key]?.size)
    .filter((size): size is number => typeof size === 'number' && size > 0);
}

describe("a request's abort handle", () => {
  it("leaves nothing on the run's signal once the requests are answered", async () => {
    const run = new AbortController();
    const { server, client } = await setup([json(200, { data: [] })], run.signal);
    for (let i = 0; i < 30; i++) await client.request({ method: 'GET', path: '/emails/events', query: { cursor: `c${i}` } });
    expect(server.seen).toHaveLength(30);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    // AbortSignal.any kept a reference to each request's signal here until a full collection
    expect(heldBy(run.signal)).toEqual([]);
  });

  it("ends a request in flight when the run's signal aborts (Ctrl-C), with its reason and no retry", async () => {
    const run = new AbortController();
    const interrupted = new Error('interrupted');
    const { server, client } = await setup([(_req, res) => {
      run.abort(interrupted);
      setTimeout(() => res.end('{}'), 2000);
    }], run.signal);
    await expect(client.request({ method: 'GET', path: '/emails/events' })).rejects.toBe(interrupted);
    expect(server.seen).toHaveLength(1);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('ends a request at once when the run was interrupted before it was sent', async () => {
    const run = new AbortController();
    const interrupted = new Error('interrupted');
    run.abort(interrupted);
    const { server, client } = await setup([json(200, { data: [] })], run.signal);
    await expect(client.request({ method: 'GET', path: '/emails/events' })).rejects.toBe(interrupted);
    expect(server.seen).toHaveLength(0);
  });

  it("still times a request out under a run's signal (exit 7), and unlinks it", async () => {
    const run = new AbortController();
    // the backoff between the attempts is not what is tested: the real wait, on the run's
    // signal as ever, but cut to nothing
    const backoffs: number[] = [];
    const sleep = (ms: number, signal?: AbortSignal) => (backoffs.push(ms), defaultSleep(0, signal));
    const { server, client } = await setup([(_req, res) => setTimeout(() => res.end('{}'), 3000)], run.signal, 200, sleep);
    const error = await client.request({ method: 'GET', path: '/slow' }).catch((e: unknown) => e);
    expect(backoffs).toHaveLength(2);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).exitCode).toBe(ExitCode.Network);
    expect((error as NetworkError).message).toMatch(/timed out after 200 ms$/);
    expect(server.seen).toHaveLength(3);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });
});
