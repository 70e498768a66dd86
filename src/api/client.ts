import { CliError, UsageError } from '../errors.js';
import { classifyAnswer, classifyFailure, TimeoutError, type Answer, type Attempt, type FailureWords, type Verdict } from './classify.js';
import { createDispatcher, failureWords, routeTo, type Route } from './dispatcher.js';
import { readCapped, RequestAbort, TooLargeError } from './network.js';
import { Pacer } from './pacing.js';
import { describeBody } from './redact.js';
import { dayBudgetShortfall, SandboxPacer } from './sandbox-budget.js';
import { ACCEPT_ENCODING, closeDelimited, CutShortError, decodedBody, identityLength } from './encoding.js';
import { MAX_REQUEST_LINE_BYTES, requestLineBytes, requestTarget, type QueryValue, type RequestTarget } from './url.js';
import { request, type Dispatcher } from './undici.js';
import { defaultSleep } from './sleep.js';
import { afterNextRequestSent } from './after-sent.js';
import { appliedUnread } from './response.js';

export type { QueryValue } from './url.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: HttpMethod;
  /** Path below the base URL, starting with "/". */
  path: string;
  /** Arrays are sent comma-separated, as the spec's list parameters are. */
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * 'unapplied-only': retry only what proves nothing was applied (a 429 that is not a quota
   * refusal, a connection never made). For writes that must never happen twice (sending an
   * email, sending a campaign): a timeout, a dropped connection or a 5xx ends the run.
   */
  retry?: 'unapplied-only';
  /** Sent without the Authorization header: an operation with no security requirement (GET /health, 4.1), which has no use for the key. */
  anonymous?: boolean;
  /**
   * What the answer will need (its resource's schemas: `() => import('./x-schemas.js')`),
   * started once the request has left, while it waits for its answer (after-sent.ts).
   */
  prepare?: () => unknown;
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
  /** When the attempt that got this answer was sent (the client's clock): after any wait for the rate limit or a retry. */
  sentAt?: number;
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
  /**
   * One line per request (--verbose): method, URL, status, ms, the attempt, how long it was
   * paced before it went, and the wait before the retry that follows it, if any.
   */
  onRequestLine?: (line: string) => void;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Work for after the answer, done while the first request waits for it (after-sent.ts). */
  whileWaiting?: () => void;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The one transport: base URL, bearer auth, JSON, per-request timeout,
 * retries with backoff on 429/5xx/network errors, and pacing on the
 * X-RateLimit headers. 401/403/404/422 are never retried (five auth failures
 * lock the caller out for fifteen minutes).
 */
export class ApiClient {
  /** Direct or through a proxy (dispatcher.ts); the dispatcher is made on the first request. */
  private readonly route: Route;
  private readonly words: FailureWords;
  private pool: Dispatcher | undefined;
  private waited = false;
  /**
   * Ctrl-C or SIGTERM stopped a request that had left, its answer unknown (not a wait for the
   * rate limit or a retry, when nothing was in flight): `email send` then says it may have been sent.
   */
  stoppedInFlight = false;
  private readonly pacer: Pacer;
  private readonly sandboxPacer: SandboxPacer;
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
    this.route = routeTo(url.origin, env);
    this.words = failureWords(this.route);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? defaultSleep;
    this.pacer = new Pacer(this.now);
    this.sandboxPacer = new SandboxPacer(this.now);
  }

  /**
   * A warning when a sandbox key's day budget (as last reported) cannot cover `requests` more
   * requests; undefined for a live key or when it fits. `what` names the run ("the export").
   */
  dayBudgetWarning(requests: number, what: string): string | undefined {
    return dayBudgetShortfall(this.sandboxPacer.dayBudget(), requests, what);
  }

  urlFor(spec: Pick<RequestSpec, 'path' | 'query'>): string {
    return requestTarget(this.options.baseUrl, spec).url;
  }

  /** Pace, send, classify; then return, wait and try again, or fail. */
  async request<T = unknown>(spec: RequestSpec): Promise<ApiResponse<T>> {
    const target = requestTarget(this.options.baseUrl, spec);
    const line = requestLineBytes(spec.method, target);
    if (line > MAX_REQUEST_LINE_BYTES) {
      const n = (x: number) => x.toLocaleString('en-US');
      throw new UsageError(`the request line of ${spec.method} ${spec.path} would be ${n(line)} bytes, more than the ${n(MAX_REQUEST_LINE_BYTES)} a server is sure to accept: nothing was sent`, {
        hint: 'narrow the query (fewer values in a filter), or split it across several runs',
      });
    }
    const whileWaiting = this.options.whileWaiting;
    if (whileWaiting && !this.waited) {
      this.waited = true;
      afterNextRequestSent(whileWaiting);
    }
    const unprepare = spec.prepare && afterNextRequestSent(spec.prepare);
    try {
      return await this.attempts<T>(spec, target);
    } finally {
      unprepare?.();
    }
  }

  private async attempts<T>(spec: RequestSpec, target: RequestTarget): Promise<ApiResponse<T>> {
    const attempts = this.options.retries + 1;
    let lost = false;
    for (let attempt = 1; ; attempt++) {
      const paced = await this.pace();
      const sentAt = this.now();
      const verdict = await this.attempt(spec, target, { method: spec.method, url: target.url, attempt, attempts, lost, random: this.random, unappliedOnly: spec.retry === 'unapplied-only' }, paced);
      if (verdict.kind === 'fail') throw verdict.error;
      lost = verdict.lost;
      if (verdict.kind === 'success') {
        const { status, headers, body } = verdict;
        return { status, headers, body: body as T, sentAt, ...(lost ? { afterLostAnswer: true } : {}) };
      }
      await this.sleep(verdict.ms, this.options.signal);
    }
  }

  /** "via proxy host:port" when a proxy carries the requests, else empty (never the proxy's credentials). */
  get via(): string {
    return this.route.via;
  }

  async close(): Promise<void> {
    await this.pool?.close().catch(() => undefined);
  }

  private dispatcher(origin: string): Dispatcher {
    this.pool ??= createDispatcher(origin, this.route, this.options.env ?? {}, { connections: 4, keepAliveTimeout: 30_000, pipelining: 1 });
    return this.pool;
  }

  /**
   * One attempt: send, remember the rate-limit headers, classify, and log its one line
   * (--verbose) with what comes next. `paced`: what the pacing before it waited.
   */
  private async attempt(spec: RequestSpec, target: RequestTarget, a: Omit<Attempt, 'now'>, paced: string[]): Promise<Verdict> {
    const started = this.now();
    let answer: Answer;
    try {
      answer = await this.send(spec, target);
    } catch (error) {
      // Ctrl-C / SIGTERM: stop now, with the signal's reason
      if (this.options.signal?.aborted) {
        this.stoppedInFlight = true;
        return { kind: 'fail', error };
      }
      const reason = error instanceof TimeoutError ? error.message : this.words.describe(error);
      const ms = this.now() - started;
      const verdict = classifyFailure(error, { ...a, now: this.now() }, this.words);
      this.line(spec, target.url, `failed (${reason})`, ms, a, paced, verdict);
      return verdict;
    }
    this.pacer.observe(answer.headers, started);
    this.sandboxPacer.observe(answer.headers);
    const ms = this.now() - started;
    const verdict = classifyAnswer(answer, { ...a, now: this.now() });
    this.line(spec, target.url, String(answer.status), ms, a, paced, verdict);
    return verdict;
  }

  /** Waits as the rate-limit headers ask before the next request; returns what it waited, in words. */
  private async pace(): Promise<string[]> {
    const paced: string[] = [];
    const delay = this.pacer.delayBeforeNext();
    if (delay > 0) {
      paced.push(`paced ${seconds(delay)} (rate limit)`);
      await this.sleep(delay, this.options.signal);
      this.pacer.spent();
    }
    const sandboxDelay = this.sandboxPacer.delayBeforeNext();
    if (sandboxDelay > 0) {
      paced.push(`paced ${seconds(sandboxDelay)} (sandbox key's per-minute budget)`);
      await this.sleep(sandboxDelay, this.options.signal);
      this.sandboxPacer.spent();
    }
    return paced;
  }

  private async send(spec: RequestSpec, target: RequestTarget): Promise<Answer> {
    const abort = new RequestAbort();
    const timer = setTimeout(() => abort.abort(new TimeoutError(this.options.timeoutMs)), this.options.timeoutMs);
    const unlink = abort.follow(this.options.signal);
    const headers: Record<string, string> = {
      ...(spec.anonymous ? {} : { authorization: `Bearer ${this.options.apiKey}` }),
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
      'user-agent': this.options.userAgent,
    };
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await request(this.dispatcher(target.origin), { origin: target.origin, method: spec.method, path: target.path, headers, body, signal: abort });
      const success = res.statusCode >= 200 && res.statusCode < 300;
      const text = await readCapped(res.body, decodedBody(res.body, res.headers), identityLength(res.headers)).catch((error: unknown) => {
        // zlib's "unexpected end of file": a compressed body cut short is a connection lost mid-body
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') throw new CutShortError();
        // a write answered 2xx was taken, whatever its answer holds: say so, as for an unreadable one
        if (error instanceof TooLargeError && success && spec.method !== 'GET') throw new CliError(error.message, error.exitCode, appliedUnread(spec.method, res.statusCode));
        throw error;
      });
      // checked only for a body without a length: a normal page is parsed once, in classify.ts
      if (success && closeDelimited(res.headers) && text.trim() !== '' && !parsesAsJson(text)) throw new CutShortError();
      return { status: res.statusCode, headers: res.headers, text };
    } catch (error) {
      if (abort.aborted && !this.options.signal?.aborted) throw abort.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      unlink();
    }
  }

  /** The request's one --verbose line (cli.md): method, URL, status, ms, attempt, pacing and retry, via, body. */
  private line(spec: RequestSpec, url: string, status: string, ms: number, a: Pick<Attempt, 'attempt' | 'attempts'>, paced: string[], verdict: Verdict): void {
    if (!this.options.onRequestLine) return;
    const waits = [...paced, ...(verdict.kind === 'retry' ? [`retrying in ${seconds(verdict.ms)}`] : [])];
    const body = spec.body === undefined ? '' : ` body=${describeBody(spec.body)}`;
    const via = this.route.via ? ` ${this.route.via}` : '';
    this.options.onRequestLine(`${spec.method} ${url} ${status} ${ms}ms attempt ${a.attempt}/${a.attempts}${waits.map((w) => `, ${w}`).join('')}${via}${body}`);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
