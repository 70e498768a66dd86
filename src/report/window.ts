import { UsageError } from '../errors.js';
import { isRealDate, parseSince } from '../input/time.js';

// The report's window: exact instants, not whole days. `--from 6h` means the
// last six hours; a date means that whole UTC day (`--to` inclusive). The API
// takes whole days (spec 4.1), so the report asks for the covering days and
// keeps the events inside [from, to].

const DAY_MS = 86_400_000;
const DEFAULT_REPORT_DAYS = 7;

export interface Window {
  fromMs: number;
  /** Inclusive. */
  toMs: number;
}

function parseUntil(text: string, flag: string, now: number): number {
  const t = text.trim();
  if (t === 'now') return now;
  // A date alone covers that whole UTC day; "today" ends now.
  if (isRealDate(t)) return Date.parse(`${t}T00:00:00Z`) + DAY_MS - 1;
  if (t === 'yesterday') return Date.parse(`${new Date(now - DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`) + DAY_MS - 1;
  if (t === 'today') return now;
  return parseSince(t, flag, now).ms;
}

export function resolveWindow(raw: { from?: string; to?: string }, now: number): Window {
  const fromMs = raw.from === undefined ? now - DEFAULT_REPORT_DAYS * DAY_MS : parseSince(raw.from, '--from', now).ms;
  const toMs = raw.to === undefined ? now : parseUntil(raw.to, '--to', now);
  if (fromMs > toMs) {
    throw new UsageError(`--from ${iso(fromMs)} is after --to ${iso(toMs)}`);
  }
  return { fromMs, toMs };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function utcDay(ms: number): string {
  return iso(ms).slice(0, 10);
}

/** 2026-11-20T14 for hour buckets (UTC). */
export function utcHour(ms: number): string {
  return iso(ms).slice(0, 13);
}

const HOUR_MS = 3_600_000;

/**
 * `--by hour` windows are at most this long: one row per hour, 2,401 at most. Longer windows
 * are refused before anything is read (a year by hour is 8,760 rows nobody reads; 100,000 days
 * were 2.4 million rows and gigabytes of memory): `--by day` covers them.
 */
const MAX_HOUR_WINDOW_DAYS = 100;

/**
 * Quiet days and hours are listed as zero rows while the window has at most this many of them
 * (ten years of days; every `--by hour` window fits). A longer window lists only the buckets
 * with events, so the rows, and the memory, grow with the events, never with the window.
 */
export const MAX_FILLED_TIME_ROWS = 3660;

/** Refuses a window the breakdown would need too many rows for, before anything is read. */
export function checkBreakdownWindow(by: string, w: Window): void {
  if (by !== 'hour' || w.toMs - w.fromMs <= MAX_HOUR_WINDOW_DAYS * DAY_MS) return;
  const days = Math.ceil((w.toMs - w.fromMs) / DAY_MS);
  throw new UsageError(
    `--by hour covers at most ${MAX_HOUR_WINDOW_DAYS} days (one row per hour); the window from --from to --to is ${days.toLocaleString('en-US')} days (nothing was read)`,
    { hint: `use --by day for a window this long, or a shorter --from/--to for hours` },
  );
}

const stepOf = (unit: 'day' | 'hour') => (unit === 'day' ? DAY_MS : HOUR_MS);

/** How many days or hours the window touches, without listing them. */
export function timeKeyCount(w: Window, unit: 'day' | 'hour'): number {
  const step = stepOf(unit);
  return Math.floor(w.toMs / step) - Math.floor(w.fromMs / step) + 1;
}

/** Every day or hour of the window, so quiet periods show as zero rows, not gaps (callers bound the count). */
export function timeKeys(w: Window, unit: 'day' | 'hour'): string[] {
  const step = stepOf(unit);
  const key = unit === 'day' ? utcDay : utcHour;
  const keys: string[] = [];
  for (let t = Math.floor(w.fromMs / step) * step; t <= w.toMs; t += step) keys.push(key(t));
  return keys;
}
