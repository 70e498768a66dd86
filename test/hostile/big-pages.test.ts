// A page of many megabytes (a broken or hostile server; the API's pages hold at most 100
// events) is read whole, up to 16 MiB, and written in slices. What the user sees must not
// change: every event, in order, as sent; a truncated or malformed big page is the same
// one-line error as a small one; past 16 MiB the answer is refused, not read. Memory is
// measured by test/bench/big-page.mjs (docs/reliability.md), not here.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { blockedHosts, installNetworkGuard } from '../helpers/network-guard.js';
import { scriptedServer, type Handler } from '../helpers/server.js';
import { expectCleanFailure } from './support.js';

installNetworkGuard();

const KEY = `lttr_${'b'.repeat(64)}`;
let server: Awaited<ReturnType<typeof scriptedServer>>;
let next: Handler = () => undefined;

beforeAll(async () => {
  server = await scriptedServer([(req, res, i) => next(req, res, i)]);
});
afterAll(async () => {
  await server.close();
  expect(blockedHosts, 'connections that left loopback').toEqual([]);
});

const EVENTS = 30_000; // about 6 MB
const events = Array.from({ length: EVENTS }, (_, i) => ({
  event_id: String(1_000_000 + i),
  type: i % 3 ? 'delivery' : 'bounce',
  timestamp: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
  rcpt_to: `user${i}@example.org`,
  // escapes, quotes, brackets and non-ASCII text inside strings
  subject: i % 5 ? `Sale “${i}” 🎉 ü` : 'a "quoted" {subject} [with] \\ back\\slash\nand a line break',
  tags: i % 4 ? [] : [['nested', ['deep']], { k: i }],
}));

/** Each event as its own JSON line, as --ndjson prints it. */
const lines = events.map((e) => JSON.stringify(e));

/** The page as text; `pagination` first and `data` last inside `events`, to show key order does not matter. */
const page = `{"message":"Events retrieved successfully.","data":{"events":{"pagination":{"next_cursor":null,"per_page":100},"total_count":${EVENTS},"data":[\n${lines.join(',\n  ')}\n]}}}`;
/** The same page each time: built once (6 MB of JSON), not once per test, and its bytes once. */
const pageText = (): string => page;
const pageBytes = Buffer.from(page);

const send = (body: string | Buffer, headers: Record<string, string> = {}): Handler => {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers });
    res.end(bytes);
  };
};

const ARGS = ['events', 'list', '--from', '2026-11-01', '--to', '2026-11-30', '--retries', '0'];
const env = () => ({ MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY });

describe('a page of many megabytes', () => {
  it('--ndjson prints every event, in order, exactly as sent', async () => {
    expect(pageText().length).toBeGreaterThan(4 * 1024 * 1024);
    next = send(pageBytes);
    const r = await runCli([...ARGS, '--ndjson'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    // every line, each ending in a newline: one comparison of the whole text
    expect(r.stdout).toBe(`${lines.join('\n')}\n`);
  });

  it('gzip-compressed, --json: the same events', async () => {
    next = send(gzipSync(pageText()), { 'content-encoding': 'gzip' });
    const r = await runCli([...ARGS, '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    // the same values with the same keys in the same order (stricter than toEqual, and one string comparison)
    expect(JSON.stringify(JSON.parse(r.stdout))).toBe(JSON.stringify(events));
  });

  it.each([
    ['truncated', () => pageText().slice(0, 4.5 * 1024 * 1024)],
    ['malformed half-way (a comma missing)', () => pageText().replace(`},\n  {"event_id":"${1_010_000}"`, `}\n  {"event_id":"${1_010_000}"`)],
    ['a stray bracket at the end', () => `${pageText()}]`],
  ])('%s: one clear line, exit 1, nothing on stdout, one request', async (_name, body) => {
    const before = server.seen.length;
    next = send(body());
    const r = await runCli([...ARGS, '--ndjson'], { env: env() });
    expectCleanFailure(r, 1);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: unexpected response from GET \S+: HTTP 200 with a truncated or malformed JSON body$/);
    expect(r.stdout).toBe('');
    expect(server.seen.length - before).toBe(1);
  });

  it.each([
    ['exactly 16 MiB: read and printed', 0, 0],
    ['one byte over 16 MiB: refused in one line, exit 1, not retried', 1, 1],
  ])('%s', async (_name, over, code) => {
    // the same page, padded with whitespace after the JSON (still valid JSON) to the size
    const body = Buffer.concat([pageBytes, Buffer.alloc(16 * 1024 * 1024 + over - pageBytes.length, ' ')]);
    next = send(body);
    const before = server.seen.length;
    const r = await runCli([...ARGS.slice(0, -2), '--retries', '2', '--ndjson'], { env: env() });
    expect(server.seen.length - before).toBe(1);
    if (code === 0) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split('\n').length - 1).toBe(EVENTS);
      return;
    }
    expectCleanFailure(r, 1);
    expect(r.stderr.split('\n')[0]).toBe('error: the response is larger than 16 MiB; refusing to read it');
    expect(r.stdout).toBe('');
  });

  it('a big HTML page (a proxy) is still read as text and named in the one line', async () => {
    const html = `<html><head><title>Gateway error</title></head><body>${'<p>padding</p>\n'.repeat(400_000)}</body></html>`;
    expect(html.length).toBeGreaterThan(4 * 1024 * 1024);
    next = send(html, { 'content-type': 'text/html' });
    const r = await runCli([...ARGS, '--ndjson'], { env: env() });
    expectCleanFailure(r, 1);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: unexpected response from GET \S+: HTTP 200 with an HTML page "Gateway error", not JSON/);
    expect(r.stdout).toBe('');
  });

  it('cut short with the connection (no length): retried like a connection lost mid-body', async () => {
    const full = pageText();
    next = (_req, res, i) => {
      if (i === server.seen.length - 1 && cut) {
        cut = false;
        // no Content-Length, not chunked: the body ends with the connection
        res.socket!.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${full.slice(0, 4.5 * 1024 * 1024)}`);
        return;
      }
      send(full)(_req, res, i);
    };
    let cut = true;
    const before = server.seen.length;
    const r = await runCli([...ARGS.slice(0, -2), '--retries', '1', '--ndjson'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').length - 1).toBe(EVENTS);
    expect(server.seen.length - before).toBe(2);
  });
});
