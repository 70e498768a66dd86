import { MS_PER_DAY, MS_PER_HOUR } from '../time-units.js';
import { UsageError } from '../errors.js';
import type { TimeWindow } from '../input/window.js';
import { utcDay } from '../input/zone.js';

// The report's window is resolved by input/window.ts (the rule every command
// shares): exact instants, the covering UTC days asked of the API and the
// events outside the window dropped. Here: its rows by day or hour (UTC).

export type Window = TimeWindow;
export const DEFAULT_REPORT_DAYS = 7;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** 2026-11-20T14 for hour buckets (UTC). */
export function utcHour(ms: number): string {
  return iso(ms).slice(0, 13);
}

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
  if (by !== 'hour' || w.toMs - w.fromMs <= MAX_HOUR_WINDOW_DAYS * MS_PER_DAY) return;
  const days = Math.ceil((w.toMs - w.fromMs) / MS_PER_DAY);
  throw new UsageError(
    `--by hour covers at most ${MAX_HOUR_WINDOW_DAYS} days (one row per hour); the window from --from to --to is ${days.toLocaleString('en-US')} days (nothing was read)`,
    { hint: `use --by day for a window this long, or a shorter --from/--to for hours` },
  );
}

const stepOf = (unit: 'day' | 'hour') => (unit === 'day' ? MS_PER_DAY : MS_PER_HOUR);

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
