// Time parsing and formatting. The spec uses three renderings: email events in UTC with
// milliseconds ("...Z"), ranges and campaign events "with offset" ("...+00:00"), and plain ISO
// elsewhere. Parsing is strict: impossible dates such as 2024-02-30 are refused, not rolled over.
import { MS_PER_HOUR } from '../time-units.js';

const MAX_4_DIGIT_YEAR_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
let cachedHour = Number.NaN;
let cachedHourPrefix = '';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * Same text as Date#toISOString, faster: event listings render a timestamp per event, and
 * consecutive events share their hour, so the "YYYY-MM-DDTHH:" part is cached.
 */
export function isoUtc(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_4_DIGIT_YEAR_MS) return new Date(ms).toISOString();
  const hour = Math.floor(ms / MS_PER_HOUR);
  if (hour !== cachedHour) {
    cachedHour = hour;
    cachedHourPrefix = new Date(hour * MS_PER_HOUR).toISOString().slice(0, 14);
  }
  const rest = ms - hour * MS_PER_HOUR;
  return `${cachedHourPrefix}${pad(Math.floor(rest / 60_000), 2)}:${pad(Math.floor(rest / 1000) % 60, 2)}.${pad(rest % 1000, 3)}Z`;
}

export function isoOffset(ms: number): string {
  return `${isoUtc(ms).slice(0, -1)}+00:00`;
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : isoUtc(ms);
}

export function isoOffsetOrNull(ms: number | null): string | null {
  return ms === null ? null : isoOffset(ms);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD as a real calendar date → start of that day in UTC (ms), else null. */
export function parseDateOnly(s: string): number | null {
  const m = DATE_RE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return Date.UTC(y, mo - 1, d);
}

const DATE_TIME_RE =
  /^(\d{4}-\d{2}-\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

export interface ParsedTime {
  ms: number;
  dateOnly: boolean;
}

/**
 * ISO 8601 date or date-time. A value without an offset is UTC (spec 4.6); a date-only value
 * is the start of that day in UTC (spec 4.5).
 */
export function parseDateTime(s: string): ParsedTime | null {
  const m = DATE_TIME_RE.exec(s);
  if (!m) return null;
  const day = parseDateOnly(m[1] as string);
  if (day === null) return null;
  if (m[2] === undefined) return { ms: day, dateOnly: true };
  const h = Number(m[2]);
  const mi = Number(m[3]);
  const sec = m[4] === undefined ? 0 : Number(m[4]);
  const frac = m[5] === undefined ? 0 : Math.floor(Number(`0.${m[5]}`) * 1000);
  if (h > 23 || mi > 59 || sec > 59) return null;
  let offsetMin = 0;
  const off = m[6];
  if (off !== undefined && off !== 'Z' && off !== 'z') {
    const digits = off.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 23 || om > 59) return null;
    offsetMin = (off[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { ms: day + ((h * 60 + mi) * 60 + sec) * 1000 + frac - offsetMin * 60_000, dateOnly: false };
}
