/**
 * A sandbox key's own budget (service-notes, "Sandbox keys"): about 10 requests a minute and 100
 * a day, reported on every answer in X-Sandbox-RateLimit-Minute-* and -Day-*. The headers carry
 * no reset time, so the minute is measured here: once the minute budget is spent, the next
 * request waits until a minute has passed since the answer to the request that opened the
 * budget (the oldest of the last `limit` answers), which is never earlier than the server's
 * window closes. The day budget is not waited for: it is told before a long run starts.
 */
import type { Headers } from './pacing.js';
import { MS_PER_MINUTE } from '../time-units.js';


function numberHeader(headers: Headers, name: string): number | undefined {
  const raw = headers[name];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw === undefined || !Number.isFinite(value) ? undefined : value;
}

export interface DayBudget {
  limit: number;
  remaining: number;
}

export class SandboxPacer {
  private minuteLimit: number | undefined;
  private minuteRemaining: number | undefined;
  private day: DayBudget | undefined;
  /** local arrival times of the latest answers, at most minuteLimit of them */
  private readonly answeredAt: number[] = [];

  constructor(private readonly now: () => number) {}

  observe(headers: Headers): void {
    const minuteLimit = numberHeader(headers, 'x-sandbox-ratelimit-minute-limit');
    const minuteRemaining = numberHeader(headers, 'x-sandbox-ratelimit-minute-remaining');
    const dayLimit = numberHeader(headers, 'x-sandbox-ratelimit-day-limit');
    const dayRemaining = numberHeader(headers, 'x-sandbox-ratelimit-day-remaining');
    if (dayLimit !== undefined && dayRemaining !== undefined) this.day = { limit: dayLimit, remaining: dayRemaining };
    if (minuteLimit === undefined || minuteRemaining === undefined || minuteLimit < 1) return;
    this.minuteLimit = minuteLimit;
    this.minuteRemaining = minuteRemaining;
    this.answeredAt.push(this.now());
    while (this.answeredAt.length > minuteLimit) this.answeredAt.shift();
  }

  /** ms to wait so that the next request is inside the minute budget (0 when it is). */
  delayBeforeNext(): number {
    if (this.minuteRemaining === undefined || this.minuteRemaining > 0 || this.minuteLimit === undefined) return 0;
    // Fewer answers than the limit: an earlier run spent the budget; the server's 429 says how long.
    if (this.answeredAt.length < this.minuteLimit) return 0;
    return Math.max(0, this.answeredAt[0]! + MS_PER_MINUTE - this.now());
  }

  /** Called once a paced wait is over: the minute budget is unknown until the next answer. */
  spent(): void {
    this.minuteRemaining = undefined;
  }

  /** The day budget as last reported; undefined for a live key (no sandbox headers). */
  dayBudget(): DayBudget | undefined {
    return this.day;
  }
}

/**
 * The warning for a run that needs `requests` more requests than a sandbox key's day budget has
 * left; undefined when it fits or the key is not budgeted.
 */
export function dayBudgetShortfall(day: DayBudget | undefined, requests: number, what: string): string | undefined {
  if (!day || requests <= day.remaining) return undefined;
  return (
    `${what} needs about ${requests} more requests, but this sandbox key has ${day.remaining} of its ${day.limit} ` +
    `requests left today: it will stop with a rate-limit error (exit 6) part-way; use a live key, or narrow the range`
  );
}
