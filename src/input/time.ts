import { UsageError } from '../errors.js';

// Times and dates from flags. Everything resolves in UTC, because the API's
// date-only values mean UTC days (spec 4.1, 4.5) and CI machines disagree on
// their local zone.

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS };

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar date: 2026-02-30 is not one. */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** "7d", "24h", "30m", "2w" → milliseconds, or undefined when the text is not a relative amount. */
export function relativeMs(text: string): number | undefined {
  const m = /^(\d{1,6})(m|h|d|w)$/.exec(text.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : undefined;
}

/** A bound of an events window: the UTC day that covers it, and the exact instant when it is finer than a day. */
export interface DayBound {
  day: string;
  /** Set for `1h`, `30m` and ISO date-times: the window starts or ends there, not at a day's edge. */
  ms?: number;
}

/**
 * A bound for events --from/--to: YYYY-MM-DD, an ISO date-time, or relative to
 * now in UTC (`today`, `yesterday`, `7d` = the day 7 days ago; `24h`, `30m` =
 * exactly that long ago). The API takes whole days, so `day` covers the bound.
 */
export function parseDayBound(text: string, flag: string, now: number): DayBound {
  const t = text.trim();
  if (t === 'today') return { day: isoDay(now) };
  if (t === 'yesterday') return { day: isoDay(now - DAY_MS) };
  const rel = relativeMs(t);
  if (rel !== undefined) return /[mh]$/.test(t) ? { day: isoDay(now - rel), ms: now - rel } : { day: isoDay(now - rel) };
  if (isRealDate(t)) return { day: t };
  if (DATE_TIME.test(t)) {
    const parsed = parseIsoTime(t, flag);
    return { day: isoDay(parsed.ms), ms: parsed.ms };
  }
  const hint = /^\d{4}-\d{2}-\d{2}$/.test(t)
    ? 'is not a real date'
    : 'must be a date YYYY-MM-DD, a date-time 2026-11-23T09:00:00Z, or today, yesterday, 7d, 24h, 30m';
  throw new UsageError(`${flag} ${hint} (got "${text}")`);
}

/** The covering day of a bound (email show, which has no event times to filter on). */
export function parseDay(text: string, flag: string, now: number): string {
  return parseDayBound(text, flag, now).day;
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

/** A past bound for listings: ISO date/date-time, or relative to now (`7d`, `24h`, `30m`, `today`, `yesterday`). */
export function parseSince(text: string, flag: string, now: number): ParsedTime {
  const t = text.trim();
  if (t === 'today' || t === 'yesterday') {
    const day = parseDay(t, flag, now);
    return { text: day, ms: Date.parse(`${day}T00:00:00Z`), dateOnly: true, hasOffset: false };
  }
  const rel = relativeMs(t);
  if (rel !== undefined) {
    const ms = now - rel;
    return { text: new Date(ms).toISOString(), ms, dateOnly: false, hasOffset: true };
  }
  return parseIsoTime(t, flag);
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
        `${flag} must be a future time: +30m, +2h, +1d (from now), or ISO 8601 such as 2026-12-01T09:00:00+01:00 (an offset is kept as given; none means UTC) (got "${text}")`,
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
