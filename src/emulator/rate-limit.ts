// Per-team token bucket (service-notes: about 3 requests per second per team, shared by every
// key of the team). Capacity equals the rate, refilled continuously.
//
// Semantics a client can rely on:
// - X-RateLimit-Limit: the rate (= capacity); X-RateLimit-Remaining: whole tokens left after
//   this request; X-RateLimit-Reset: Unix seconds, rounded up, at which at least one token is
//   available again (the current second when one already is).
// - A refused request gets 429 with Retry-After in whole seconds, rounded up, and body
//   `retry_after`. A refused request also costs a token (the balance may go down to -capacity):
//   as the service warns, requests sent during the cooldown extend it. Waiting Retry-After
//   seconds without sending anything is always enough.
import { ApiError } from './api-error.js';

export interface RateOutcome {
  headers: Record<string, string>;
  /** set when the request is refused */
  error?: ApiError;
}

export class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly capacity: number;

  constructor(
    readonly rate: number,
    now: number,
  ) {
    this.capacity = Math.max(1, rate);
    this.tokens = this.capacity;
    this.last = now;
  }

  take(now: number): RateOutcome {
    if (now > this.last) {
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.rate);
      this.last = now;
    }
    const allowed = this.tokens >= 1;
    this.tokens = allowed ? this.tokens - 1 : Math.max(-this.capacity, this.tokens - 1);
    const waitSeconds = this.tokens >= 1 ? 0 : (1 - this.tokens) / this.rate;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(this.rate),
      'X-RateLimit-Remaining': String(Math.max(0, Math.floor(this.tokens))),
      'X-RateLimit-Reset': String(Math.ceil((now + waitSeconds * 1000) / 1000)),
    };
    if (allowed) return { headers };
    const retryAfter = Math.max(1, Math.ceil(waitSeconds));
    const error = new ApiError(
      429,
      {
        message: `Rate limit exceeded. Please retry after ${retryAfter} seconds.`,
        error_code: 'rate_limit_exceeded',
        retry_after: retryAfter,
      },
      { ...headers, 'Retry-After': String(retryAfter) },
    );
    return { headers, error };
  }
}
