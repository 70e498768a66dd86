import { resolveWindow, type TimeWindow } from '../input/window.js';
import { displayZone } from '../input/zone.js';

// The time window of an archive query, from --from/--to as `events list`
// takes them (input/window.ts, the rule every command shares), with the API's
// defaults (10 days back, to now) so that `--db` answers what the API would.

export type { TimeWindow };

export function archiveWindow(raw: { from?: string; to?: string }, now: number, defaultWindowDays: number, utc?: boolean): TimeWindow {
  // --utc: calendar days of UTC, else of the local zone (the display zone)
  const { fromMs, toMs } = resolveWindow(raw, now, { defaultDays: defaultWindowDays, zone: displayZone(utc) });
  return { fromMs, toMs };
}
