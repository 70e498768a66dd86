import { describe, expect, it } from 'vitest';
import { classifyAnswer, classifyFailure, TimeoutError, type Attempt } from '../../src/api/classify.js';
import { ApiError, CliError, ExitCode, NetworkError } from '../../src/errors.js';

// The transport's decision after each attempt (api/classify.ts), without a
// server: what a user sees end to end is in test/core/client.test.ts.

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  text: JSON.stringify(body),
});

function attempt(over: Partial<Attempt> = {}): Attempt {
  return { method: 'GET', url: 'https://api.test/campaigns', attempt: 1, attempts: 4, lost: false, now: 1_000_000, random: () => 1, ...over };
}

describe('classifyAnswer', () => {
  it('a 2xx JSON object is a success, with the lost-answer mark carried over', () => {
    const v = classifyAnswer(json(200, { data: [] }), attempt({ method: 'POST', lost: true }));
    expect(v).toEqual({ kind: 'success', status: 200, headers: expect.any(Object), body: { data: [] }, lost: true });
  });

  it('a 204 with no body (deletes, membership removals) is a success; a 200 with no body is not', () => {
    expect(classifyAnswer({ status: 204, headers: {}, text: '' }, attempt({ method: 'DELETE' }))).toMatchObject({ kind: 'success', status: 204 });
    expect(classifyAnswer({ status: 200, headers: {}, text: '' }, attempt()).kind).toBe('fail');
  });

  it('a 2xx that is not a JSON object fails with exit 1, naming the request', () => {
    const v = classifyAnswer({ status: 200, headers: { 'content-type': 'text/html' }, text: '<html>hi</html>' }, attempt());
    expect(v.kind).toBe('fail');
    const error = (v as { error: CliError }).error;
    expect(error.exitCode).toBe(ExitCode.Failure);
    expect(error.message).toMatch(/^unexpected response from GET https:\/\/api\.test\/campaigns: HTTP 200 with /);
  });

  it('a 429 with Retry-After is retried after exactly that wait', () => {
    expect(classifyAnswer(json(429, { message: 'slow down' }, { 'retry-after': '7' }), attempt())).toMatchObject({ kind: 'retry', ms: 7000 });
  });

  it('a Retry-After over a minute is not waited out: exit 6 with the seconds', () => {
    const v = classifyAnswer(json(429, { message: 'quota' }, { 'retry-after': '3600' }), attempt());
    expect(v.kind).toBe('fail');
    const error = (v as { error: ApiError }).error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.RateLimited);
    expect(error.retryAfter).toBe(3600);
  });

  // cli.md: "--retries N: retries on 429 / 5xx / network errors": every 5xx, as a proxy's 520 or 529
  it.each([500, 501, 502, 503, 504, 505, 520, 529, 599])('a %i is retried on a read', (status) => {
    expect(classifyAnswer(json(status, { message: 'trouble' }), attempt())).toMatchObject({ kind: 'retry', ms: 500 });
  });

  it.each([400, 401, 403, 409, 422, 600])('a %i is not retried', (status) => {
    expect(classifyAnswer(json(status, { message: 'no' }), attempt()).kind).toBe('fail');
  });

  it('a 404 is never retried', () => {
    const v = classifyAnswer(json(404, { message: 'Campaign not found.' }), attempt());
    expect(v.kind).toBe('fail');
    expect((v as { error: ApiError }).error.exitCode).toBe(ExitCode.NotFound);
  });

  it('a 5xx on the last attempt of a write says it may have been applied', () => {
    const v = classifyAnswer(json(503, { message: 'down' }), attempt({ method: 'PATCH', attempt: 4 }));
    const error = (v as { error: ApiError }).error;
    expect(error.status).toBe(503);
    expect(error.outcomeUnknown).toBe(true);
    expect(error.details.join('\n')).toMatch(/PATCH may or may not have been applied/);
  });

  it('a 5xx of a write before the last attempt is retried, and remembered as lost', () => {
    expect(classifyAnswer(json(502, { message: 'bad gateway' }), attempt({ method: 'PUT' }))).toMatchObject({ kind: 'retry', ms: 500, lost: true });
  });
});

describe('classifyFailure', () => {
  it('a timeout is retried, then fails with exit 7 and the --timeout hint', () => {
    expect(classifyFailure(new TimeoutError(100), attempt())).toMatchObject({ kind: 'retry', lost: false });
    const v = classifyFailure(new TimeoutError(100), attempt({ attempt: 4 }));
    const error = (v as { error: NetworkError }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('GET https://api.test/campaigns: timed out after 100 ms');
    expect(error.hint).toMatch(/--timeout/);
  });

  it('a refused connection never sent the write: "not applied"', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const error = (classifyFailure(refused, attempt({ method: 'POST', attempt: 4 })) as { error: CliError }).error;
    expect(error.outcomeUnknown).toBe(false);
    expect(error.details).toEqual(['  the POST was not applied: nothing was changed']);
  });

  it('a CliError from reading the answer (a body over the cap) fails as it is', () => {
    const tooBig = new CliError('the response is larger than 16 MiB; refusing to read it');
    expect(classifyFailure(tooBig, attempt())).toEqual({ kind: 'fail', error: tooBig });
  });
});
