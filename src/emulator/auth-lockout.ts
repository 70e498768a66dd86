// The service's guard against key guessing (service-notes "Rate limits", service-api-rest 5.1):
// five authentication failures in five minutes block the caller for fifteen minutes. The caller
// is the client's address, as a server that cannot trust a key has nothing else to go by.
//
// Off unless asked for (`--auth-lockout`, option `authLockout`): every client of the emulator
// comes from loopback, so one caller is every test and script on the machine, and a suite that
// checks its 401s would lock itself out of the whole emulator for a quarter of an hour.
//
// The answer during a block is not documented (5.1: "not shown"). It is a 429 with Retry-After
// (the seconds left of the block) and the documented rate-limit body, as a client that honours
// Retry-After then waits the block out rather than failing on a status it does not expect.
import { ApiError } from './api-error.js';
import { MS_PER_MINUTE } from '../time-units.js';

const AUTH_FAILURES = 5;
const AUTH_FAILURE_WINDOW_MS = 5 * MS_PER_MINUTE;
const AUTH_BLOCK_MS = 15 * MS_PER_MINUTE;

export class AuthLockout {
  /** per caller, the times of its recent authentication failures */
  private readonly failures = new Map<string, number[]>();
  /** per caller, when its block ends */
  private readonly blockedUntil = new Map<string, number>();

  /** The 429 for a caller blocked at `now`, else undefined. */
  refusal(caller: string, now: number): ApiError | undefined {
    const until = this.blockedUntil.get(caller);
    if (until === undefined) return undefined;
    if (now >= until) {
      this.blockedUntil.delete(caller);
      return undefined;
    }
    const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
    return new ApiError(
      429,
      {
        message: `Too many authentication failures. Please retry after ${retryAfter} seconds.`,
        error_code: 'rate_limit_exceeded',
        retry_after: retryAfter,
      },
      { 'Retry-After': String(retryAfter) },
    );
  }

  /** Counts a 401; the fifth within the window blocks the caller from then on. */
  failed(caller: string, now: number): void {
    const recent = (this.failures.get(caller) ?? []).filter((t) => now - t < AUTH_FAILURE_WINDOW_MS);
    recent.push(now);
    if (recent.length >= AUTH_FAILURES) {
      this.blockedUntil.set(caller, now + AUTH_BLOCK_MS);
      this.failures.delete(caller);
      return;
    }
    this.failures.set(caller, recent);
  }
}
