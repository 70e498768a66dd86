import { CliError, ExitCode, NetworkError, type CliErrorOptions } from '../errors.js';
import { apiErrorFrom, describeNonJson } from './errors.js';
import { describeNetworkError, neverSent } from './network.js';
import { appliedUnread } from './response.js';
import { backoffMs, isRetryableStatus, retryAfterMs, type Headers } from './pacing.js';
import { MS_PER_MINUTE } from '../time-units.js';

// What one attempt of a request ended with, and what the transport does next:
// return the answer, wait N ms and try again, or fail with a typed error.
// Pure functions of the attempt: the client only paces, sends and obeys.

/** A response as it came off the wire. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The body's text, read whole (network.ts caps its size). */
  text: string;
}

/** What the client knows about the attempt being classified. */
export interface Attempt {
  method: string;
  /** The full URL, for messages. */
  url: string;
  attempt: number;
  attempts: number;
  /** An earlier attempt of this write lost its answer: it may have been applied. */
  lost: boolean;
  now: number;
  random: () => number;
  /** Retry only failures that prove nothing was applied (RequestSpec.retry 'unapplied-only'). */
  unappliedOnly?: boolean;
}

/** 429s that refuse a send for the rest of a day or month: retrying them cannot succeed. */
const QUOTA_CODES = new Set(['quota_exceeded', 'daily_quota_exceeded']);

/** A Retry-After longer than this is not waited for: the command fails (exit 6) and says when to retry. */
const MAX_RETRY_WAIT_MS = MS_PER_MINUTE;

export type Verdict =
  | { kind: 'success'; status: number; headers: Headers; body: object; lost: boolean }
  | { kind: 'retry'; ms: number; reason: string; lost: boolean }
  | { kind: 'fail'; error: unknown };

/** Raised by the client when --timeout passes before an answer. */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * What a write that failed tells the user about its effect. `lost`: some
 * attempt broke or got a 5xx after it was sent, so it may have been applied.
 * `last` is how the final attempt ended: lost too, refused (a 4xx that may be
 * the result of the lost attempt: an unschedule applied by it is "not
 * scheduled" on the retry), or never sent / rate limited.
 */
function writeOutcome(method: string, lost: boolean, last: 'lost' | 'refused' | 'not-applied'): CliErrorOptions {
  if (!lost) return { details: [`  the ${method} was not applied: nothing was changed`] };
  const detail =
    last === 'lost'
      ? `  the ${method} may or may not have been applied: the connection broke or the server failed after it was sent`
      : `  an earlier attempt of this ${method} may have been applied (its answer was lost)${last === 'refused' ? ': this refusal may be its result' : ''}`;
  return { details: [detail], hint: 'check the current state before running the command again', outcomeUnknown: true };
}

// A write attempt whose answer was lost may have been applied. Retrying it is
// safe for the writes that land the same way twice (schedule, PATCH, PUT, DELETE,
// bulk membership), but what the user is told afterwards must say so; the ones
// the service would apply twice (creates, sends: Operation.once) are retried only
// when nothing can have been applied (unappliedOnly).
const isWrite = (a: Attempt) => a.method !== 'GET';

/** The request never got an answer: a network error or the timeout. */
/**
 * How the route to the API names a network failure (dispatcher.ts): the proxy in
 * the way, a TLS cause, and a proxy's refusal, which is never sent and not retried.
 */
export interface FailureWords {
  describe(error: unknown): string;
  hint(error: unknown): string;
  refused(error: unknown): boolean;
}

const DIRECT: FailureWords = { describe: describeNetworkError, hint: () => 'check the base URL and your network', refused: () => false };

export function classifyFailure(error: unknown, a: Attempt, words: FailureWords = DIRECT): Verdict {
  if (error instanceof CliError) return { kind: 'fail', error };
  const reason = error instanceof TimeoutError ? error.message : words.describe(error);
  const refused = words.refused(error);
  const lostNow = isWrite(a) && !refused && !neverSent(error);
  const lost = a.lost || lostNow;
  const mayRetry = !refused && (!a.unappliedOnly || neverSent(error));
  if (a.attempt < a.attempts && mayRetry) return { kind: 'retry', ms: backoffMs(a.attempt, a.random), reason: `${a.method} ${a.url} failed (${reason})`, lost };
  const failure = new NetworkError(`${a.method} ${a.url}: ${reason}`, {
    hint: error instanceof TimeoutError ? 'the server is slower than --timeout: raise it, or try again later' : words.hint(error),
    cause: error,
    ...(isWrite(a) ? writeOutcome(a.method, lost, lostNow ? 'lost' : 'not-applied') : {}),
  });
  return { kind: 'fail', error: failure };
}

/** The server answered: a JSON object on 2xx is a success; 429 and 5xx are retried while attempts and patience last. */
export function classifyAnswer(answer: Answer, a: Attempt): Verdict {
  const json = parseJson(answer.text);
  const contentType = String(answer.headers['content-type'] ?? '');
  if (answer.status >= 200 && answer.status < 300) {
    // 204 No Content is how the API answers deletes and membership removals (spec 1.2): an empty object stands for the missing body
    if (answer.status === 204 && answer.text.trim() === '') return { kind: 'success', status: 204, headers: answer.headers, body: {}, lost: a.lost };
    if (json === undefined || typeof json !== 'object' || json === null) {
      const what = answer.text.trim() === '' ? 'an empty body' : json === undefined ? describeNonJson(answer.text, contentType) : 'a JSON value that is not an object';
      return { kind: 'fail', error: new CliError(`unexpected response from ${a.method} ${a.url}: HTTP ${answer.status} with ${what}`, ExitCode.Failure, isWrite(a) ? appliedUnread(a.method, answer.status) : {}) };
    }
    return { kind: 'success', status: answer.status, headers: answer.headers, body: json, lost: a.lost };
  }
  // A 5xx may come after the server applied part or all of a write; a 429 never does.
  const lostNow = isWrite(a) && answer.status >= 500;
  const lost = a.lost || lostNow;
  const retryAfter = retryAfterMs(answer.headers, a.now, answer.status === 429 ? json : undefined);
  const error = apiErrorFrom({ status: answer.status, text: answer.text, json, contentType, retryAfterMs: answer.status === 429 ? retryAfter : undefined, headers: answer.headers });
  // Only a 429 that is no quota refusal proves a write was not applied.
  const mayRetry = !a.unappliedOnly || (answer.status === 429 && !QUOTA_CODES.has(error.code ?? ''));
  if (isRetryableStatus(answer.status) && a.attempt < a.attempts && mayRetry) {
    const ms = answer.status === 429 && retryAfter !== undefined ? retryAfter : backoffMs(a.attempt, a.random);
    // An hour's Retry-After (a spent daily quota) is not waited out silently: fail and say when.
    if (ms <= MAX_RETRY_WAIT_MS) return { kind: 'retry', ms, reason: `${a.method} ${a.url} answered ${answer.status}`, lost };
  }
  // A refusal (4xx) of a write nobody lost an answer to says enough by itself.
  if (!isWrite(a) || (!lost && !isRetryableStatus(answer.status))) return { kind: 'fail', error };
  const outcome = writeOutcome(a.method, lost, lostNow ? 'lost' : answer.status === 429 ? 'not-applied' : 'refused');
  return { kind: 'fail', error: error.withHint(error.hint ?? outcome.hint, outcome) };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
