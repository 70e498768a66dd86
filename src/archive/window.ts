import { resolveDayRange } from '../input/day-range.js';

// The time window of an archive query, from --from/--to as `events list`
// takes them. Today the time parser resolves every bound to a whole UTC day,
// so the window is whole days, with the API's defaults (10 days back, to now)
// so that `--db` answers what the API would. Exact sub-day windows (`--from
// 1h`) change this one function.

const DAY_MS = 86_400_000;

export interface TimeWindow {
  fromMs: number;
  toMs: number;
}

export function archiveWindow(raw: { from?: string; to?: string }, now: number, defaultWindowDays: number): TimeWindow {
  const range = resolveDayRange(raw, now, defaultWindowDays);
  const fromMs = range.from ? Date.parse(`${range.from}T00:00:00Z`) : now - defaultWindowDays * DAY_MS;
  const toMs = range.to ? Date.parse(`${range.to}T00:00:00Z`) + DAY_MS - 1 : now;
  return { fromMs, toMs };
}
