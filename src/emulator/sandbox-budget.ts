// The sandbox keys' own budget (service-notes, "Sandbox keys"): 10 requests a minute and 100 a
// day per key, reported on every answer to a sandbox key in X-Sandbox-RateLimit-Minute-* and
// -Day-*, and past either a 429 with Retry-After. Fixed windows that open with the first request
// after the previous one closed: a client that spaces its requests over a sliding minute (as
// mailctl does) never meets the refusal. A refused request costs nothing.
import { ApiError, type ApiResponse } from './api-error.js';
import { MS_PER_DAY } from '../time-units.js';

export interface SandboxLimits {
  minute: number;
  day: number;
}

export const SANDBOX_LIMITS: SandboxLimits = { minute: 10, day: 100 };

const MINUTE_MS = 60_000;

class Window {
  private start = -Infinity;
  private used = 0;

  constructor(
    readonly limit: number,
    private readonly length: number,
  ) {}

  roll(now: number): void {
    if (now >= this.start + this.length) {
      this.start = now;
      this.used = 0;
    }
  }

  full(): boolean {
    return this.used >= this.limit;
  }

  take(): void {
    this.used++;
  }

  remaining(): number {
    return Math.max(0, this.limit - this.used);
  }

  /** Whole seconds until the window closes, at least 1. */
  secondsLeft(now: number): number {
    return Math.max(1, Math.ceil((this.start + this.length - now) / 1000));
  }
}

export class SandboxBudget {
  private readonly minute: Window;
  private readonly day: Window;

  constructor(limits: SandboxLimits) {
    this.minute = new Window(limits.minute, MINUTE_MS);
    this.day = new Window(limits.day, MS_PER_DAY);
  }

  /** Spends one request; the headers to send, and the 429 when either budget is spent. */
  take(now: number): { headers: Record<string, string>; refused?: ApiResponse } {
    this.minute.roll(now);
    this.day.roll(now);
    const spent = this.day.full() ? this.day : this.minute.full() ? this.minute : undefined;
    if (!spent) {
      this.minute.take();
      this.day.take();
    }
    const headers = {
      'X-Sandbox-RateLimit-Minute-Limit': String(this.minute.limit),
      'X-Sandbox-RateLimit-Minute-Remaining': String(this.minute.remaining()),
      'X-Sandbox-RateLimit-Day-Limit': String(this.day.limit),
      'X-Sandbox-RateLimit-Day-Remaining': String(this.day.remaining()),
    };
    if (!spent) return { headers };
    const retryAfter = spent.secondsLeft(now);
    const which = spent === this.day ? 'daily' : 'per-minute';
    const error = new ApiError(
      429,
      {
        message: `Sandbox ${which} request limit exceeded. Please retry after ${retryAfter} seconds.`,
        error_code: 'rate_limit_exceeded',
        retry_after: retryAfter,
      },
      { ...headers, 'Retry-After': String(retryAfter) },
    );
    return { headers, refused: error.toResponse() };
  }
}
