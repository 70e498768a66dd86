import { ApiError, CliError, ExitCode, NetworkError, UsageError, type CliErrorOptions } from '../errors.js';
import { apiErrorFrom, describeNonJson } from './errors.js';
import { backoffMs, Pacer, retryAfterMs, RETRYABLE_STATUS } from './pacing.js';
import { describeBody } from './redact.js';
import { createDispatcher, describeFailure, failureHint, proxyRefused, routeTo, type Route } from './dispatcher.js';
import { neverSent, readCapped } from './network.js';
import { apiUrl, buildQuery, type QueryValue } from './url.js';
import { request, type Dispatcher } from './undici.js';

export { ApiError } from '../errors.js';
export type { QueryValue } from './url.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: HttpMethod;
  /** Path below the base URL, starting with "/". */
  path: string;
  /** Arrays are sent comma-separated, as the spec's list parameters are. */
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  /**
   * A write that succeeded on a retry after an attempt whose answer was lost:
   * that attempt may have been applied too, so counts in this answer (bulk
   * `already_attached`) may include its effect.
   */
  afterLostAnswer?: boolean;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  retries: number;
  userAgent: string;
  env?: Record<string, string | undefined>;
  /** Aborted on Ctrl-C: stops waits and requests at once. */
  signal?: AbortSignal;
  /** One line per request (--verbose). */
  onRequestLine?: (line: string) => void;
  /** Called before a retry or a pacing wait, for a notice on stderr. */
  onWait?: (info: { reason: string; ms: number }) => void;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A Retry-After longer than this is not waited for: the command fails (exit 6) and says when to retry. */
export const MAX_RETRY_WAIT_MS = 60_000;

/**
 * What a write that failed tells the user about its effect. `lost`: some
 * attempt broke or got a 5xx after it was sent, so it may have been applied.
 * `last` is how the final attempt ended: lost too, refused (a 4xx that may be
 * the result of the lost attempt: an unschedule applied by it is "not
 * scheduled" on the retry), or never sent / rate limited.
 */
function writeOutcome(spec: RequestSpec, lost: boolean, last: 'lost' | 'refused' | 'not-applied'): CliErrorOptions {
  if (!lost) return { details: [`  the ${spec.method} was not applied: nothing was changed`] };
  const detail =
    last === 'lost'
      ? `  the ${spec.method} may or may not have been applied: the connection broke or the server failed after it was sent`
      : `  an earlier attempt of this ${spec.method} may have been applied (its answer was lost)${last === 'refused' ? ': this refusal may be its result' : ''}`;
  return { details: [detail], hint: 'check the current state before running the command again', outcomeUnknown: true };
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * The one transport: base URL, bearer auth, JSON, per-request timeout,
 * retries with backoff on 429/5xx/network errors, and pacing on the
 * X-RateLimit headers. 401/403/404/422 are never retried (five auth failures
 * lock the caller out for fifteen minutes).
 */
export class ApiClient {
  private readonly origin: string;
  private readonly basePath: string;
  /** Direct or through a proxy (dispatcher.ts); the dispatcher is made on the first request. */
  private readonly route: Route;
  private pool: Promise<Dispatcher> | undefined;
  private readonly pacer: Pacer;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    const url = new URL(options.baseUrl);
    const env = options.env ?? {};
    if (url.protocol === 'http:' && !isLoopback(url.hostname) && env.MAILCTL_ALLOW_HTTP !== '1') {
      throw new UsageError(`refusing to send the API key over plain http to ${url.host}`, {
        hint: 'use an https:// base URL, or set MAILCTL_ALLOW_HTTP=1 if this network is trusted',
      });
    }
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.route = routeTo(this.origin, env);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? defaultSleep;
    this.pacer = new Pacer(this.now);
  }

  urlFor(spec: Pick<RequestSpec, 'path' | 'query'>): string {
    return apiUrl(this.options.baseUrl, spec);
  }

  async request<T = unknown>(spec: RequestSpec): Promise<ApiResponse<T>> {
    const path = `${this.basePath}${spec.path}${buildQuery(spec.query)}`;
    const url = `${this.origin}${path}`;
    const attempts = this.options.retries + 1;
    const write = spec.method !== 'GET';
    // A write attempt whose answer was lost may have been applied; retrying it is
    // safe for this API's writes (schedule, PATCH, PUT and bulk membership are
    // idempotent), but what the user is told afterwards must say so.
    let lost = false;
    for (let attempt = 1; ; attempt++) {
      await this.pace();
      const started = this.now();
      let outcome: { status: number; headers: ApiResponse['headers']; text: string; statusText: string } | undefined;
      try {
        outcome = await this.send(spec, path);
      } catch (error) {
        if (this.options.signal?.aborted) throw error;
        const reason = error instanceof TimeoutError ? error.message : describeFailure(error, this.route);
        this.line(spec, url, `failed (${reason})`, started, attempt, attempts);
        if (error instanceof CliError) throw error;
        const refused = proxyRefused(error, this.route);
        const lostNow = write && !refused && !neverSent(error);
        lost ||= lostNow;
        if (attempt < attempts && !refused) {
          await this.wait(backoffMs(attempt, this.random), `${spec.method} ${url} failed (${reason})`);
          continue;
        }
        throw new NetworkError(`${spec.method} ${url}: ${reason}`, {
          hint: error instanceof TimeoutError ? 'the server is slower than --timeout: raise it, or try again later' : failureHint(error, this.route),
          cause: error,
          ...(write ? writeOutcome(spec, lost, lostNow ? 'lost' : 'not-applied') : {}),
        });
      }
      this.pacer.observe(outcome.headers);
      this.line(spec, url, String(outcome.status), started, attempt, attempts);
      const json = parseJson(outcome.text);
      if (outcome.status >= 200 && outcome.status < 300) {
        if (json === undefined || typeof json !== 'object' || json === null) {
          const contentType = String(outcome.headers['content-type'] ?? '');
          const what =
            outcome.text.trim() === '' ? 'an empty body' : json === undefined ? describeNonJson(outcome.text, contentType) : 'a JSON value that is not an object';
          throw new CliError(`unexpected response from ${spec.method} ${url}: HTTP ${outcome.status} with ${what}`, ExitCode.Failure);
        }
        return { status: outcome.status, headers: outcome.headers, body: json as T, ...(lost ? { afterLostAnswer: true } : {}) };
      }
      // A 5xx may come after the server applied part or all of a write; a 429 never does.
      const lostNow = write && outcome.status >= 500;
      lost ||= lostNow;
      const retryAfter = retryAfterMs(outcome.headers, this.now());
      if (RETRYABLE_STATUS.has(outcome.status) && attempt < attempts) {
        const ms = outcome.status === 429 && retryAfter !== undefined ? retryAfter : backoffMs(attempt, this.random);
        // An hour's Retry-After (a spent daily quota) is not waited out silently: fail and say when.
        if (ms <= MAX_RETRY_WAIT_MS) {
          await this.wait(ms, `${spec.method} ${url} answered ${outcome.status}`);
          continue;
        }
      }
      const error = apiErrorFrom({
        status: outcome.status,
        statusText: outcome.statusText,
        text: outcome.text,
        json,
        contentType: String(outcome.headers['content-type'] ?? ''),
        retryAfterMs: outcome.status === 429 ? retryAfter : undefined,
      });
      // A refusal (4xx) of a write nobody lost an answer to says enough by itself.
      if (!write || (!lost && !RETRYABLE_STATUS.has(outcome.status))) throw error;
      const outcomeOf = writeOutcome(spec, lost, lostNow ? 'lost' : outcome.status === 429 ? 'not-applied' : 'refused');
      const { status, code, message, fieldErrors, retryAfter: seconds } = error;
      throw new ApiError({ status, code, message, fieldErrors, retryAfter: seconds }, { ...outcomeOf, hint: error.hint ?? outcomeOf.hint, cause: error });
    }
  }

  /** "via proxy host:port" when a proxy carries the requests, else empty (never the proxy's credentials). */
  get via(): string {
    return this.route.via;
  }

  async close(): Promise<void> {
    if (this.pool) await (await this.pool.catch(() => undefined))?.close().catch(() => undefined);
  }

  private dispatcher(): Promise<Dispatcher> {
    this.pool ??= createDispatcher(this.origin, this.route, this.options.env ?? {}, { connections: 4, keepAliveTimeout: 30_000, pipelining: 1 });
    return this.pool;
  }

  private async pace(): Promise<void> {
    const delay = this.pacer.delayBeforeNext();
    if (delay > 0) {
      this.options.onWait?.({ reason: 'rate limit reached, pacing', ms: delay });
      await this.sleep(delay, this.options.signal);
      this.pacer.spent();
    }
  }

  private async wait(ms: number, reason: string): Promise<void> {
    this.options.onWait?.({ reason: `${reason}; retrying`, ms });
    await this.sleep(ms, this.options.signal);
  }

  private async send(spec: RequestSpec, path: string) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutError(this.options.timeoutMs)), this.options.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, timeout.signal]) : timeout.signal;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await request(await this.dispatcher(), { origin: this.origin, method: spec.method, path, headers, body, signal });
      const text = await readCapped(res.body);
      return { status: res.statusCode, headers: res.headers, text, statusText: '' };
    } catch (error) {
      if (timeout.signal.aborted && !this.options.signal?.aborted) throw timeout.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private line(spec: RequestSpec, url: string, status: string, started: number, attempt: number, attempts: number): void {
    if (!this.options.onRequestLine) return;
    const body = spec.body === undefined ? '' : ` body=${describeBody(spec.body)}`;
    const via = this.route.via ? ` ${this.route.via}` : '';
    this.options.onRequestLine(`${spec.method} ${url} ${status} ${this.now() - started}ms attempt ${attempt}/${attempts}${via}${body}`);
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
