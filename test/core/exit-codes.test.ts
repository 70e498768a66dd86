import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runCliInProcess, runInProcess } from '../helpers/context.js';
import { json, raw, scriptedServer } from '../helpers/server.js';

// One command (webhook list: a plain GET) against a scripted server, for every
// class of answer in cli.md's exit code table. The process's real exit is
// checked spawned once per path (success, an API failure, a usage error, the
// configuration checked at start-up); the other classes run in-process, through
// the same parsing and exit-code mapping of main.ts.

const KEY = 'live_exitcodes0000000000000000000000000000000000000000000000000000000';
let server: Awaited<ReturnType<typeof scriptedServer>>;
let next: Parameters<typeof scriptedServer>[0][number] = json(200, { message: 'ok', data: { webhooks: [] } });

beforeAll(async () => {
  server = await scriptedServer([(req, res, i) => next(req, res, i)]);
});
afterAll(() => server.close());

async function call(handler: typeof next, extra: string[] = [], run: typeof runCliInProcess | typeof runCli = runCliInProcess) {
  next = handler;
  const before = server.seen.length;
  const result = await run(['webhook', 'list', '--retries', '1', ...extra], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
  return { ...result, requests: server.seen.length - before };
}

describe('exit codes (cli.md)', () => {
  it('0 on success, with nothing on stderr (spawned)', async () => {
    const r = await call(json(200, { message: 'ok', data: { webhooks: [] } }), ['-q'], runCli);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('1 on a 5xx after retries, with the API message (spawned)', async () => {
    const r = await call(json(500, { message: 'An unexpected error occurred. Please try again later.' }), [], runCli);
    expect(r.code).toBe(1);
    expect(r.requests).toBe(2);
    expect(r.stderr).toBe('error: An unexpected error occurred. Please try again later. (HTTP 500)\n');
  });

  it('1 on an HTML 502, with one clean line and no stack trace', async () => {
    const r = await call(raw(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', { 'content-type': 'text/html' }));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: HTTP 502: the server answered with an HTML page "502 Bad Gateway", not JSON: a proxy or gateway may be failing (HTTP 502)\n');
  });

  it('3 on 401, requested once, with the login hint', async () => {
    const r = await call(json(401, { message: 'Invalid API key.' }));
    expect(r.code).toBe(3);
    expect(r.requests).toBe(1);
    expect(r.stderr).toBe('error: Invalid API key. (HTTP 401)\nhint: check the API key: run `mailctl auth login`, or set MAILCTL_API_KEY\n');
    expect(r.stderr).not.toContain(KEY);
  });

  it('3 on 403 insufficient_scope', async () => {
    const r = await call(json(403, { message: 'The API key lacks the webhooks:read scope.', error_code: 'insufficient_scope' }));
    expect(r.code).toBe(3);
    expect(r.requests).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('error: The API key lacks the webhooks:read scope. (insufficient_scope, HTTP 403)');
  });

  it('4 on 404', async () => {
    const r = await call(json(404, { message: 'Not found.', error_code: 'not_found' }));
    expect(r.code).toBe(4);
    expect(r.requests).toBe(1);
  });

  it('5 on 422, with field errors one per line', async () => {
    const r = await call(json(422, { message: 'Validation failed.', error_code: 'validation_error', errors: { per_page: ['must be at most 100'] } }));
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('error: Validation failed. (validation_error, HTTP 422)\n  per_page: must be at most 100\n');
  });

  it('6 on 429 after retries', async () => {
    const r = await call(json(429, { message: 'Rate limit exceeded.', error_code: 'rate_limit_exceeded' }, { 'retry-after': '0' }));
    expect(r.code).toBe(6);
    expect(r.requests).toBe(2);
  });

  it('7 when the server is slower than --timeout, naming the URL', async () => {
    const r = await call((_req, res) => setTimeout(() => res.end('{}'), 2000), ['--timeout', '300ms', '--retries', '0']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(`error: GET ${server.baseUrl}/webhooks: timed out after 300 ms`);
  });

  it('also prints the error as one JSON object on stderr with --json', async () => {
    const r = await call(json(422, { message: 'Validation failed.', error_code: 'validation_error', errors: { per_page: ['too big'] } }), ['--json']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    const last = r.stderr.trim().split('\n').pop()!;
    expect(JSON.parse(last)).toMatchObject({ error: { status: 422, code: 'validation_error', message: 'Validation failed.', errors: { per_page: ['too big'] } } });
  });

  it('-v prints one line per request, the retry on the line of the attempt it follows (cli.md "Global options")', async () => {
    const answers = [json(503, { message: 'busy' }), json(200, { message: 'ok', data: { webhooks: [] } })];
    let n = 0;
    const r = await call((req, res, i) => answers[Math.min(n++, 1)]!(req, res, i), ['-v', '--retries', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('>'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^> GET ${server.baseUrl}/webhooks 503 \\d+ms attempt 1/3, retrying in \\d+\\.\\ds$`));
    expect(lines[1]).toMatch(new RegExp(`^> GET ${server.baseUrl}/webhooks 200 \\d+ms attempt 2/3$`));
    expect(r.stderr).not.toContain(KEY);
  });

  it('a 429 with retry_after in its body and no Retry-After header waits that long before the retry (service-notes "Errors")', async () => {
    const answers = [
      json(429, { message: 'Rate limit exceeded.', error_code: 'rate_limit_exceeded', retry_after: 2 }),
      json(200, { message: 'ok', data: { webhooks: [] } }),
    ];
    let n = 0;
    next = (req, res, i) => answers[Math.min(n++, 1)]!(req, res, i);
    const before = server.seen.length;
    const r = await runInProcess(['webhook', 'list', '--retries', '1'], { emulator: false, key: null, env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(server.seen.length - before).toBe(2);
    expect(r.sleeps).toEqual([2000]);
  });

  it('the JSON error always has the four keys of cli.md, null when the failure has none', async () => {
    const notFound = await call(json(404, { message: 'Not found.', error_code: 'not_found' }), ['--json']);
    expect(notFound.code).toBe(4);
    expect(JSON.parse(notFound.stderr.trim().split('\n').pop()!)).toMatchObject({ error: { status: 404, code: 'not_found', message: 'Not found.', errors: null } });
    const usage = await call(json(200, {}), ['--fields', 'nope', '--ndjson']);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr.trim().split('\n').pop()!)).toMatchObject({ error: { status: null, code: null, errors: null } });
  });

  // Errors commander finds while parsing (before any command runs) keep the promise too.
  it.each([
    [['--bogus', '--json'], "unknown option '--bogus'", undefined],
    [['--jsn', '--ndjson'], "unknown option '--jsn'", 'Did you mean --json?'],
    [['extra', '-o', 'json'], "too many arguments for 'list'. Expected 0 arguments but got 1.", undefined],
    [['--bogus', '--output=ndjson'], "unknown option '--bogus'", undefined],
  ])('a parse error with %j: the text, then one JSON object on stderr, exit 2, nothing sent', async (extra, message, hint) => {
    const r = await call(json(200, {}), extra);
    expect(r.code).toBe(2);
    expect(r.requests).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: /);
    const last = JSON.parse(r.stderr.trim().split('\n').pop()!) as { error: Record<string, unknown> };
    expect(last).toEqual({ error: { status: null, code: null, message, errors: null, exit_code: 2, ...(hint ? { hint } : {}) } });
  });

  it('a parse error without --json|--ndjson prints no JSON object', async () => {
    for (const extra of [['--bogus'], ['--bogus', '-o', 'csv']]) {
      const r = await call(json(200, {}), extra);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('{"error"');
    }
  });

  it('2 on a usage error, with nothing sent (spawned)', async () => {
    const r = await call(json(200, {}), ['--fields', 'nope'], runCli);
    expect(r.code).toBe(2);
    expect(r.requests).toBe(0);
    expect(r.stderr).toContain('--fields: unknown field "nope"');
  });

  it('2 with the fix when no base URL is set, 3 when no key is set (spawned)', async () => {
    const noUrl = await runCli(['webhook', 'list'], { env: { MAILCTL_API_KEY: KEY } });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('mailctl config set base_url');
    const noKey = await runCli(['webhook', 'list'], { env: { MAILCTL_BASE_URL: server.baseUrl } });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toContain('mailctl auth login');
  });
});
