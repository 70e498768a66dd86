import type { SyncState } from './sync-state.js';
import { UsageError } from '../errors.js';
import { EVENT_RETENTION_DAYS } from '../api/vocabulary.js';
import { MS_PER_DAY } from '../time-units.js';
import { relativeMs } from '../input/time.js';
import { parseBound } from '../input/window.js';
import { daysBefore as before, displayZone, utcDay } from '../input/zone.js';

// Which date ranges a sync reads. The API takes whole UTC days (service-notes
// "Retention and windows"), so a later run asks again for the newest day it
// read and drops what it already has by event_id; --overlap re-reads more
// whole days before that one. An interrupted run is continued first, at the
// cursor of its next page.

/** The service keeps events 90 days: the first run's default start. */
const RETENTION_DAYS = EVENT_RETENTION_DAYS;

export interface SyncPass {
  from: string;
  to: string;
  /** Continue an interrupted run at this cursor. */
  cursor?: string | null;
  resumed?: boolean;
}


/** --overlap: a duration of whole days or hours (1d, 36h, 2w) → whole days re-read, at least the newest one. */
export function parseOverlap(text: string | undefined): number {
  if (text === undefined) return 1;
  const ms = relativeMs(text);
  if (ms === undefined || /m$/.test(text.trim())) {
    throw new UsageError(`--overlap must be a duration in days or hours such as 1d, 36h or 2w (got "${text}")`);
  }
  if (ms === 0 || ms > RETENTION_DAYS * MS_PER_DAY) {
    throw new UsageError(`--overlap must be from 1h to ${RETENTION_DAYS}d (got "${text}")`);
  }
  return Math.max(1, Math.ceil(ms / MS_PER_DAY));
}

/**
 * The first run's start: --from (the UTC day that covers its first instant,
 * since whole days are read), else the service's retention; never after today.
 */
export function firstRunFrom(from: string | undefined, now: number, utc?: boolean): string {
  if (from === undefined) return utcDay(now - RETENTION_DAYS * MS_PER_DAY);
  const bound = parseBound(from, '--from', now, displayZone(utc), 'from');
  if (bound.ms > now) throw new UsageError(`--from ${bound.day ?? from} is in the future`);
  return utcDay(bound.ms);
}

export function planPasses(state: SyncState, opts: { firstFrom: string; overlapDays: number }, now: number): SyncPass[] {
  const today = utcDay(now);
  const back = opts.overlapDays - 1;
  if (state.pending) {
    // The interrupted run paged its range newest first as of its first page: what reached the
    // service after that is newer than its cursor, on its last day as on the days begun since.
    // Read them again after it, as a later run re-reads its newest day, so that the run ends
    // complete up to its own start (covered_until, which report --db relies on).
    const from = before(state.pending.to, back);
    return [{ ...state.pending, resumed: true }, { from: from > today ? today : from, to: today }];
  }
  if (state.newestDay) {
    const from = before(state.newestDay, back);
    return [{ from: from > today ? today : from, to: today }];
  }
  return [{ from: opts.firstFrom, to: today }];
}
