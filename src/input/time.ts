import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_WEEK } from '../time-units.js';
import { UsageError } from '../errors.js';

// Times and dates from flags: ISO values, relative amounts, future times.
// Windows (--from/--to) are resolved by window.ts.

const UNIT_MS: Record<string, number> = { m: MS_PER_MINUTE, h: MS_PER_HOUR, d: MS_PER_DAY, w: MS_PER_WEEK };

/** True for a real calendar date: 2026-02-30 is not one. */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** "7d", "24h", "30m", "2w" → milliseconds, or undefined when the text is not a relative amount. */
export function relativeMs(text: string): number | undefined {
  const m = /^(\d{1,6})(m|h|d|w)$/.exec(text.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : undefined;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export interface ParsedTime {
  /** The value to send: as the user wrote it when it is ISO, else an ISO UTC instant. */
  text: string;
  /** The instant it denotes (a date-only value: the start of that UTC day). */
  ms: number;
  dateOnly: boolean;
  hasOffset: boolean;
}

/** An ISO date or date-time; without an offset it is UTC (spec 4.6). */
export function parseIsoTime(text: string, flag: string): ParsedTime {
  const t = text.trim();
  if (isRealDate(t)) return { text: t, ms: Date.parse(`${t}T00:00:00Z`), dateOnly: true, hasOffset: false };
  const m = DATE_TIME.exec(t);
  if (!m || !isRealDate(m[1]!)) {
    throw new UsageError(`${flag} must be an ISO 8601 date or date-time such as 2026-12-01T09:00:00Z (got "${text}")`);
  }
  const [hh, mm, ss] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hh > 23 || mm > 59 || ss > 59) throw new UsageError(`${flag} has an impossible time of day (got "${text}")`);
  const hasOffset = m[6] !== undefined;
  const offset = m[6] ? (m[6].toUpperCase() === 'Z' ? 'Z' : m[6].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
  const ms = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${m[5] ?? ''}${offset}`);
  if (Number.isNaN(ms)) throw new UsageError(`${flag} is not a valid time (got "${text}")`);
  return { text: t, ms, dateOnly: false, hasOffset };
}

/**
 * A future time for scheduling: ISO with an offset (kept as given), without one
 * (UTC, kept as given), or `+30m`, `+2h`, `+1d` from now. Refuses the past.
 */
export function parseFutureTime(text: string, flag: string, now: number): ParsedTime {
  const t = text.trim();
  const rel = t.startsWith('+') ? relativeMs(t.slice(1)) : undefined;
  let parsed: ParsedTime;
  if (rel !== undefined) {
    const ms = now + rel;
    parsed = { text: new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'), ms, dateOnly: false, hasOffset: true };
  } else if (t.startsWith('+')) {
    throw new UsageError(`${flag} relative times look like +30m, +2h or +1d (got "${text}")`);
  } else {
    try {
      parsed = parseIsoTime(t, flag);
    } catch (error) {
      // a text that is no time at all: name every form a schedule accepts, not only ISO
      if (!(error instanceof UsageError) || !error.message.startsWith(`${flag} must be an ISO`)) throw error;
      throw new UsageError(
        `${flag} must be a future time: +30m, +2h, +1d (from now), or ISO 8601 such as 2026-12-01T09:00:00+01:00 (a time without an offset is UTC) (got "${text}")`,
        { cause: error },
      );
    }
    if (parsed.dateOnly) throw new UsageError(`${flag} needs a time of day, not only a date (got "${text}")`);
  }
  if (parsed.ms <= now) {
    throw new UsageError(`${flag} must be in the future (got "${text}", which is ${new Date(parsed.ms).toISOString()})`);
  }
  return parsed;
}

/** A time to check rather than schedule for (`campaign check --at`): +30m, +2h, +1d from now, or ISO 8601, past ones included. */
export function parseTimeToCheck(text: string, flag: string, now: number): number {
  const t = text.trim();
  return t.startsWith('+') ? parseFutureTime(t, flag, now).ms : parseIsoTime(t, flag).ms;
}
