import { resolveEventWindow } from '../input/day-range.js';

// The time window of an archive query, from --from/--to as `events list`
// takes them (resolveEventWindow): whole UTC days, or the exact instant of a
// bound finer than a day (`--from 1h`), with the API's defaults (10 days
// back, to now) so that `--db` answers what the API would.

const DAY_MS = 86_400_000;

export interface TimeWindow {
  fromMs: number;
  toMs: number;
}

export function archiveWindow(raw: { from?: string; to?: string }, now: number, defaultWindowDays: number): TimeWindow {
  const range = resolveEventWindow(raw, now, defaultWindowDays);
  const fromMs = range.start ?? (range.from ? Date.parse(`${range.from}T00:00:00Z`) : now - defaultWindowDays * DAY_MS);
  // toMs is inclusive; an exact end is exclusive
  const toMs = range.end !== undefined ? range.end - 1 : range.to ? Date.parse(`${range.to}T00:00:00Z`) + DAY_MS - 1 : now;
  return { fromMs, toMs };
}
