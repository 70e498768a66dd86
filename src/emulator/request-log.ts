// The emulator's log of requests (what tests assert on), bounded in count and in body bytes so
// that a long-running `mailctl emulator` or a flood of 4 MB bodies cannot grow it without end:
// past either bound the oldest records are dropped. The array is the one `emu.requests` exposes
// (tests hold a reference to it), so it is trimmed in place. `mailctl emulator --log` prints
// each record as one line on stderr: requestLogLine.
import type { ApiKey } from './keys.js';
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

/** `--log`: method, path, status and which of the emulator's keys was used (its kind, never the key itself). */
export function requestLogLine(rec: RecordedRequest, keys: readonly ApiKey[]): string {
  const kind = rec.key === undefined ? 'no key' : (keys.find((k) => k.key === rec.key)?.kind ?? 'unknown key');
  const query = rec.rawQuery ? `?${rec.rawQuery}` : '';
  const status = rec.status === 0 ? 'dropped' : String(rec.status);
  // The path and query come from the client: shown, never obeyed, by the terminal.
  const shown = `${rec.path}${query}`.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `${rec.method} ${shown} ${status} ${kind}`;
}
