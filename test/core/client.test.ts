import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { Pacer } from '../../src/api/pacing.js';
import { ApiError, CliError, ExitCode, NetworkError, UsageError } from '../../src/errors.js';
import { fakeClock, type FakeClock } from '../helpers/context.js';
import { json, raw, scriptedServer } from '../helpers/server.js';

const KEY = 'live_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
let closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

/** The client waits on a fake clock, which the server's arrival times share: retries and Retry-After cost no real time. */
let clock: FakeClock;
async function setup(handlers: Parameters<typeof scriptedServer>[0], options: Partial<ClientOptions> = {}) {
  clock = fakeClock();
  const server = await scriptedServer(handlers, clock.now);
  const lines: string[] = [];
  const client = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    timeoutMs: 5000,
    retries: 3,
    userAgent: 'mailctl/test node/x',
    onRequestLine: (l) => lines.push(l),
    random: () => 0, // the shortest backoff: the waits below are exact
    now: clock.now,
    sleep: clock.sleep,
    ...options,
  });
  closers.push(() => client.close(), server.close);
  return { server, client, lines, clock };
}

async function failure(promise: Promise<unknown>): Promise<CliError> {
  try {
    await promise;
  } catch (error) {
    return error as CliError;
  }
  throw new Error('expected the request to fail');
}

describe('ApiClient', () => {
  it('sends bearer auth, JSON and the user agent, and parses the answer', async () => {
    const { server, client } = await setup([json(200, { message: 'ok', data: { a: 1 } })]);
    const res = await client.request({ method: 'DELETE', path: '/x/y', query: { ids: ['a', 'b'], skip: undefined, n: 2 }, body: { k: 'v' } });
    expect(res.body).toEqual({ message: 'ok', data: { a: 1 } });
    expect(server.seen).toHaveLength(1);
    const [req] = server.seen;
    expect(req!.method).toBe('DELETE');
    expect(req!.url).toBe('/x/y?ids=a%2Cb&n=2');
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.headers['user-agent']).toBe('mailctl/test node/x');
    expect(JSON.parse(req!.body)).toEqual({ k: 'v' });
  });

  it('keeps a path prefix of the base URL', async () => {
    const server = await scriptedServer([json(200, { message: 'ok' })]);
    const client = new ApiClient({ baseUrl: `${server.baseUrl}/v1/`, apiKey: KEY, timeoutMs: 5000, retries: 0, userAgent: 'x' });
    closers.push(() => client.close(), server.close);
    await client.request({ method: 'GET', path: '/webhooks' });
    expect(server.seen[0]!.url).toBe('/v1/webhooks');
  });

  it('honours Retry-After on 429 before retrying', async () => {
    const { server, client } = await setup([
      json(429, { message: 'Rate limit exceeded.', error_code: 'rate_limit_exceeded' }, { 'retry-after': '1' }),
      json(200, { message: 'ok' }),
    ]);
    await client.request({ method: 'GET', path: '/emails/events' });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.time - server.seen[0]!.time).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const { server, client } = await setup([
      (_req, res) => {
        res.writeHead(429, { 'retry-after': new Date(clock.now() + 2000).toUTCString(), 'content-type': 'application/json' });
        res.end('{"message":"Rate limit exceeded."}');
      },
      json(200, { message: 'ok' }),
    ]);
    await client.request({ method: 'GET', path: '/p' });
    // HTTP dates have whole seconds: the wait is at least 1 s and at most 2 s
    expect(server.seen[1]!.time - server.seen[0]!.time).toBeGreaterThanOrEqual(950);
  });

  it('retries 500, 502, 503 and 504 with backoff, then succeeds', async () => {
    const { server, client, lines } = await setup([
      json(500, { message: 'An unexpected error occurred.' }),
      raw(502, '<html>bad gateway</html>', { 'content-type': 'text/html' }),
      json(503, { message: 'busy' }),
      json(200, { message: 'ok' }),
    ]);
    await client.request({ method: 'GET', path: '/p' });
    expect(server.seen).toHaveLength(4);
    expect(lines.map((l) => l.split(' ')[2])).toEqual(['500', '502', '503', '200']);
    // backoff with random() = 0 is 250 ms, 500 ms, 1 s
    expect(server.seen[1]!.time - server.seen[0]!.time).toBeGreaterThanOrEqual(240);
    expect(server.seen[3]!.time - server.seen[2]!.time).toBeGreaterThanOrEqual(990);
  });

  it('sends exactly one request on 401 and says how to fix it', async () => {
    const { server, client } = await setup([json(401, { message: 'Invalid API key.' })]);
    const error = await failure(client.request({ method: 'GET', path: '/p' }));
    expect(server.seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.Auth);
    expect(error.message).toBe('Invalid API key.');
    expect(error.hint).toMatch(/mailctl auth login/);
  });

  it.each([
    [403, ExitCode.Auth],
    [404, ExitCode.NotFound],
    [422, ExitCode.Refused],
    [400, ExitCode.Refused],
    [409, ExitCode.Refused],
  ])('never retries %i and maps it to exit %i', async (status, code) => {
    const { server, client } = await setup([json(status, { message: 'no', error_code: 'x', errors: { per_page: ['too big'] } })]);
    const error = (await failure(client.request({ method: 'GET', path: '/p' }))) as ApiError;
    expect(server.seen).toHaveLength(1);
    expect(error.exitCode).toBe(code);
    expect(error.code).toBe('x');
    expect(error.fieldErrors).toEqual({ per_page: ['too big'] });
    expect(error.details).toEqual(['  per_page: too big']);
  });

  it('gives up after --retries and maps 429 to exit 6 and 5xx to exit 1', async () => {
    const a = await setup([json(429, { message: 'Rate limit exceeded.' }, { 'retry-after': '0' })], { retries: 2 });
    const limited = await failure(a.client.request({ method: 'GET', path: '/p' }));
    expect(a.server.seen).toHaveLength(3);
    expect(limited.exitCode).toBe(ExitCode.RateLimited);
    const b = await setup([json(503, { message: 'down' })], { retries: 1 });
    const down = await failure(b.client.request({ method: 'GET', path: '/p' }));
    expect(b.server.seen).toHaveLength(2);
    expect(down.exitCode).toBe(ExitCode.Failure);
  });

  it('turns an HTML 502 page into one clean line', async () => {
    const page = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502</h1>\n<p>nginx</p></body></html>';
    const { client } = await setup([raw(502, page, { 'content-type': 'text/html' })], { retries: 0 });
    const error = await failure(client.request({ method: 'GET', path: '/p' }));
    expect(error.exitCode).toBe(ExitCode.Failure);
    expect(error.message).toBe('HTTP 502: the server answered with an HTML page "502 Bad Gateway", not JSON: a proxy or gateway may be failing');
    expect(error.message).not.toContain('\n');
  });

  it('describes empty and truncated error bodies', async () => {
    const a = await setup([raw(500, '')], { retries: 0 });
    expect((await failure(a.client.request({ method: 'GET', path: '/p' }))).message).toBe('HTTP 500: the server answered with an empty body');
    const b = await setup([raw(500, '{"message": "An unexp', { 'content-type': 'application/json' })], { retries: 0 });
    expect((await failure(b.client.request({ method: 'GET', path: '/p' }))).message).toContain('truncated or malformed JSON');
  });

  it('refuses a 200 that is not a JSON object', async () => {
    const a = await setup([raw(200, '')]);
    const empty = await failure(a.client.request({ method: 'GET', path: '/p' }));
    expect(empty.exitCode).toBe(ExitCode.Failure);
    expect(empty.message).toMatch(/unexpected response from GET .*\/p: HTTP 200 with an empty body/);
    expect(a.server.seen).toHaveLength(1);
  });

  it('waits for X-RateLimit-Reset when Remaining reaches 0 instead of collecting a 429', async () => {
    let announcedReset = 0;
    const { server, client } = await setup([
      (_req, res) => {
        announcedReset = Math.ceil(clock.now() / 1000) + 1;
        // the server's clock is the test's clock: node's own Date header is real time, which runs
        // ahead of the fake clock as the test runs, and the client reads the reset by it
        const date = new Date(clock.now()).toUTCString();
        res.writeHead(200, { date, 'content-type': 'application/json', 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(announcedReset) });
        res.end('{"message":"ok"}');
      },
      json(200, { message: 'ok' }, { 'x-ratelimit-remaining': '2' }),
    ]);
    await client.request({ method: 'GET', path: '/a' });
    await client.request({ method: 'GET', path: '/b' });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.time).toBeGreaterThanOrEqual(announcedReset * 1000 - 5);
  });

  it('does not pace while Remaining is above 0', () => {
    let now = 1_000_000;
    const pacer = new Pacer(() => now);
    pacer.observe({ 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '1030' });
    expect(pacer.delayBeforeNext()).toBe(0);
    pacer.observe({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1030' });
    expect(pacer.delayBeforeNext()).toBe(30_000);
    now = 1_031_000;
    expect(pacer.delayBeforeNext()).toBe(0);
  });

  it('sends the last request of the budget one 1/Limit share of a second after the previous request, not at once', () => {
    let now = 1_000_000;
    const pacer = new Pacer(() => now);
    pacer.observe({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '1001' }, 999_990);
    expect(pacer.delayBeforeNext()).toBe(0);
    pacer.observe({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '1001' }, 999_990);
    // sent at 999,990: the next goes at 999,990 + 333.3, in whole ms
    expect(pacer.delayBeforeNext()).toBe(324);
    now = 1_000_400;
    expect(pacer.delayBeforeNext()).toBe(0);
  });

  it('reads X-RateLimit-Reset against the best-known server clock: the Date of an answer just after its second ticked', () => {
    let now = 1_000_500;
    const pacer = new Pacer(() => now);
    // the server's clock is ours; its Date says 1000 s while it is 1000.5 s: alone, this answer
    // makes the reset at 1001 s look a whole second away
    pacer.observe({ date: new Date(1_000_000).toUTCString(), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1001' });
    expect(pacer.delayBeforeNext()).toBe(1000);
    // an answer that arrives just after the server's second ticked shows where its seconds begin
    now = 1_001_000;
    pacer.observe({ date: new Date(1_001_000).toUTCString(), 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '1002' });
    now = 1_001_100;
    pacer.observe({ date: new Date(1_001_000).toUTCString(), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1002' });
    expect(pacer.delayBeforeNext()).toBe(900);
  });

  it('forgets what it learnt of the server clock when a clock is set (a drop of more than 2 s)', () => {
    let now = 1_000_000;
    const pacer = new Pacer(() => now);
    pacer.observe({ date: new Date(1_000_000).toUTCString(), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1001' });
    // our clock jumped 10 s ahead: the server now looks 10 s behind, and its reset is read that way
    now = 1_010_000;
    pacer.observe({ date: new Date(1_000_000).toUTCString(), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1001' });
    expect(pacer.delayBeforeNext()).toBe(1000);
  });

  it('redacts secret body fields and never prints the key under --verbose', async () => {
    const { client, lines } = await setup([json(200, { message: 'ok' })]);
    await client.request({ method: 'PUT', path: '/webhooks/w1', body: { auth_password: 'hunter2-secret', oauth_client_secret: 's3cr3t-value', name: 'n' } });
    const text = lines.join('\n');
    expect(text).toMatch(/^PUT http:\/\/127\.0\.0\.1:\d+\/webhooks\/w1 200 \d+ms attempt 1\/4 body=/);
    expect(text).toContain('"name":"n"');
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('s3cr3t-value');
    expect(text).not.toContain(KEY);
  });

  it('times out a slow server and names the URL (exit 7)', async () => {
    const { server, client } = await setup([(_req, res) => setTimeout(() => res.end('{}'), 3000)], { timeoutMs: 200, retries: 1 });
    const error = await failure(client.request({ method: 'GET', path: '/slow' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(ExitCode.Network);
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/slow: timed out after 200 ms$/);
    expect(server.seen).toHaveLength(2);
  });

  it('retries a GET whose connection closes mid-body', async () => {
    const { server, client } = await setup([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"message":"o');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      json(200, { message: 'ok', data: 1 }),
    ]);
    const res = await client.request({ method: 'GET', path: '/p' });
    expect(res.body).toEqual({ message: 'ok', data: 1 });
    expect(server.seen).toHaveLength(2);
  });

  it('reports a refused connection as a network error (exit 7)', async () => {
    const server = await scriptedServer([json(200, {})]);
    await server.close();
    const client = new ApiClient({ baseUrl: server.baseUrl, apiKey: KEY, timeoutMs: 2000, retries: 1, userAgent: 'x', random: () => 0 });
    closers.push(() => client.close());
    const error = await failure(client.request({ method: 'GET', path: '/p' }));
    expect(error.exitCode).toBe(ExitCode.Network);
    expect(error.message).toContain('connection refused');
  });

  it('refuses to send the key over plain http to a host that is not loopback', () => {
    const make = (env: Record<string, string>) => new ApiClient({ baseUrl: 'http://api.example.com', apiKey: KEY, timeoutMs: 1000, retries: 0, userAgent: 'x', env });
    expect(() => make({})).toThrow(UsageError);
    expect(() => make({})).toThrow(/plain http to api\.example\.com/);
    expect(() => make({ MAILCTL_ALLOW_HTTP: '1' })).not.toThrow();
  });
});

describe('verbose body summary', () => {
  it('cuts long arrays to their first items and a count, and masks secrets', async () => {
    const { describeBody } = await import('../../src/api/redact.js');
    const ids = Array.from({ length: 1000 }, (_, i) => `id-${i}`);
    expect(describeBody({ contact_ids: ids, list_ids: ['a'], auth_password: 'pw' })).toBe(
      '{"contact_ids":["id-0","id-1","id-2","… 997 more"],"list_ids":["a"],"auth_password":"********"}',
    );
  });
});
