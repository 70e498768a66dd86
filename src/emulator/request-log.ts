// The emulator's log of requests (what tests assert on), bounded in count and in body bytes so
// that a long-running `mailctl emulator` or a flood of 4 MB bodies cannot grow it without end:
// past either bound the oldest records are dropped. The array is the one `emu.requests` exposes
// (tests hold a reference to it), so it is trimmed in place.
import type { RecordedRequest } from './types.js';

export const DEFAULT_LOG_LIMITS = { maxRequests: 50_000, maxBodyBytes: 64 * 1024 * 1024 };

export class RequestLog {
  private readonly sizes = new WeakMap<RecordedRequest, number>();
  private bodyBytes = 0;

  constructor(
    readonly requests: RecordedRequest[],
    private readonly limits = DEFAULT_LOG_LIMITS,
  ) {}

  add(rec: RecordedRequest): void {
    this.requests.push(rec);
    this.trim();
  }

  /** Counts a record's body once it has been read. */
  charge(rec: RecordedRequest, bytes: number): void {
    // dropped already (or cleared): seq only grows, so an older record is not in the log
    if (this.requests.length === 0 || rec.seq < this.requests[0]!.seq) return;
    this.sizes.set(rec, bytes);
    this.bodyBytes += bytes;
    this.trim();
  }

  clear(): void {
    this.requests.length = 0; // same array: references held by tests stay live
    this.bodyBytes = 0;
  }

  private trim(): void {
    let drop = 0;
    while (
      drop < this.requests.length - 1 &&
      (this.requests.length - drop > this.limits.maxRequests || this.bodyBytes > this.limits.maxBodyBytes)
    ) {
      this.bodyBytes -= this.sizes.get(this.requests[drop]!) ?? 0;
      drop++;
    }
    if (drop > 0) this.requests.splice(0, drop);
  }
}
