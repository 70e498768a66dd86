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
const MAX_PACING_WAIT_MS = 60_000;

export class Pacer {
  private remaining: number | undefined;
  private resetAtMs: number | undefined;

  constructor(private readonly now: () => number) {}

  /** Remembers the limit state the server reported. */
  observe(headers: Headers): void {
    const remaining = Number(header(headers, 'x-ratelimit-remaining'));
    const reset = Number(header(headers, 'x-ratelimit-reset'));
    if (!Number.isFinite(remaining)) return;
    this.remaining = remaining;
    this.resetAtMs = Number.isFinite(reset) ? toLocalTime(reset * 1000, headers, this.now()) : undefined;
  }

  /** How long to wait before the next request so that it is not refused. */
  delayBeforeNext(): number {
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

/** Retry-After in seconds or as an HTTP date, else X-RateLimit-Reset; ms from now. */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter !== undefined && retryAfter.trim() !== '') {
    if (/^\d+(\.\d+)?$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, toLocalTime(date, headers, now) - now);
  }
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, toLocalTime(reset * 1000, headers, now) - now);
  return undefined;
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s … capped at 20 s, each scaled by 50–100 %. */
export function backoffMs(attempt: number, random: () => number): number {
  const base = Math.min(20_000, 500 * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + random() / 2));
}

export const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
