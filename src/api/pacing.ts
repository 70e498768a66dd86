import { MS_PER_MINUTE } from '../time-units.js';

/**
 * Rate-limit pacing and retry delays. The service allows about 3 requests a
 * second per team and says so in X-RateLimit-* headers on every answer; a
 * client that waits for the reset when Remaining hits 0 gets the full rate
 * with no 429 at all (and a 429 can extend the cooldown, service-notes).
 */

export type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Waits longer than this are not paced: the request is sent and the server decides. */
const MAX_PACING_WAIT_MS = MS_PER_MINUTE;

/**
 * A drop of the server-clock lead larger than this cannot come from the Date header's whole
 * seconds (at most 1 s, plus the answer's transit): a clock was set. Start learning again.
 */
const CLOCK_CHANGE_MS = 2000;

export class Pacer {
  private remaining: number | undefined;
  private resetAtMs: number | undefined;
  /** X-RateLimit-Limit: requests a second. */
  private limit: number | undefined;
  /** When the request of the last answer was sent. */
  private sentAt = 0;
  /**
   * How far the server's clock is ahead of ours, as a lower bound: the largest `Date - now` of
   * the answers so far. Date is whole seconds, rounded down, and an answer arrives after it was
   * stamped, so each answer's difference is at most the true lead, and the answers that arrive
   * just after the server's second ticks bring it within their transit time of it. One answer
   * alone can be a second short: a reset read with it would be waited for up to a second too
   * long, which at 3 requests a second wastes up to half the rate.
   */
  private serverLeadMs: number | undefined;

  constructor(private readonly now: () => number) {}

  /** Remembers the limit state the server reported in the answer to a request sent at `sentAt`. */
  observe(headers: Headers, sentAt = this.now()): void {
    const now = this.now();
    const date = Date.parse(header(headers, 'date') ?? '');
    if (!Number.isNaN(date)) this.learnLead(date - now);
    const remaining = Number(header(headers, 'x-ratelimit-remaining'));
    const reset = Number(header(headers, 'x-ratelimit-reset'));
    if (!Number.isFinite(remaining)) return;
    this.remaining = remaining;
    const limit = Number(header(headers, 'x-ratelimit-limit'));
    this.limit = Number.isFinite(limit) && limit > 0 ? limit : undefined;
    this.sentAt = sentAt;
    if (!Number.isFinite(reset)) this.resetAtMs = undefined;
    // Never earlier than the server's reset by our best knowledge of its clock: no 429.
    else this.resetAtMs = Number.isNaN(date) || this.serverLeadMs === undefined ? reset * 1000 : reset * 1000 - this.serverLeadMs;
  }

  private learnLead(sample: number): void {
    if (this.serverLeadMs === undefined || sample > this.serverLeadMs || sample < this.serverLeadMs - CLOCK_CHANGE_MS) this.serverLeadMs = sample;
  }

  /**
   * How long to wait before the next request so that it is not refused, or so that it does
   * not waste the budget. The last request of the budget is sent one request's share of a
   * second (1 / X-RateLimit-Limit) after the previous request: a request allowed now is allowed
   * later too, whatever the limiter, and meanwhile the budget refills, so a long listing keeps
   * a request or two in hand and never waits for a reset at all. Waiting for X-RateLimit-Reset
   * instead, a reset given in whole seconds (rounded up) can come most of a second after the
   * budget actually refilled, and a full budget refills no further: at 3 requests a second a
   * sync lost up to half its rate that way.
   */
  delayBeforeNext(): number {
    if (this.remaining === 1 && this.limit !== undefined) {
      // whole milliseconds, as every clock of ours counts them
      const wait = Math.ceil(this.sentAt + 1000 / this.limit - this.now());
      return wait > 0 && wait <= MAX_PACING_WAIT_MS ? wait : 0;
    }
    if (this.remaining === undefined || this.remaining > 0 || this.resetAtMs === undefined) return 0;
    const wait = this.resetAtMs - this.now();
    return wait > 0 && wait <= MAX_PACING_WAIT_MS ? wait : 0;
  }

  /** Called once a paced wait is over: the budget is unknown until the next answer. */
  spent(): void {
    this.remaining = undefined;
  }
}

/**
 * A time the server stated by its own clock (X-RateLimit-Reset, an HTTP-date Retry-After), on
 * ours: measured from the server's `Date` header, so a server clock minutes off paces exactly
 * as well as a synchronised one. Without a usable Date header the time is taken as it is.
 * Date has whole seconds (rounded down), so this errs by up to a second on the late, safe side.
 */
function toLocalTime(serverMs: number, headers: Headers, now: number): number {
  const date = Date.parse(header(headers, 'date') ?? '');
  return Number.isNaN(date) ? serverMs : now + (serverMs - date);
}

/**
 * Retry-After in seconds or as an HTTP date, else the body's `retry_after` seconds (which some
 * pages of the service's documentation show on a 429, service-notes "Errors"), else
 * X-RateLimit-Reset; ms from now.
 */
export function retryAfterMs(headers: Headers, now: number, body?: unknown): number | undefined {
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter !== undefined && retryAfter.trim() !== '') {
    if (/^\d+(\.\d+)?$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, toLocalTime(date, headers, now) - now);
  }
  const inBody = body && typeof body === 'object' ? (body as { retry_after?: unknown }).retry_after : undefined;
  const bodySeconds = typeof inBody === 'string' && /^\d+(\.\d+)?$/.test(inBody.trim()) ? Number(inBody) : inBody;
  if (typeof bodySeconds === 'number' && Number.isFinite(bodySeconds) && bodySeconds >= 0) return bodySeconds * 1000;
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, toLocalTime(reset * 1000, headers, now) - now);
  return undefined;
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s … capped at 20 s, each scaled by 50–100 %. */
export function backoffMs(attempt: number, random: () => number): number {
  const base = Math.min(20_000, 500 * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + random() / 2));
}

/**
 * The answers `--retries` retries (cli.md: "retries on 429 / 5xx / network errors"): every 5xx, not
 * only the 500, 502, 503 and 504 service-notes names, since a proxy in front may answer 520 or 529
 * for the same passing trouble. A write retries one only when the answer proves nothing was
 * applied (classify.ts), which no 5xx does.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}
