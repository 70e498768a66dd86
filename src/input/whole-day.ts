import { UsageError } from '../errors.js';
import { parseBound } from './window.js';
import { displayZone, utcDay } from './zone.js';

/**
 * --before as a whole UTC day: the archive is pruned by days (PostgreSQL
 * drops day partitions), so a time of day or `24h` is refused rather than
 * rounded; a day after today would remove events of a day still arriving.
 */
export function firstDayKept(text: string, now: number): string {
  const bound = parseBound(text, '--before', now, displayZone(true), 'from');
  // a span of whole days (90d, 2w) names the UTC day it reaches back to; 24h or a date-time names an instant
  const day = bound.day ?? (/^\s*\d+\s*[dw]\s*$/i.test(text) ? utcDay(bound.ms) : undefined);
  if (day === undefined) {
    throw new UsageError(`--before takes a whole day (YYYY-MM-DD, today, yesterday, 30d), not a time: the archive is pruned by UTC days (got "${text}")`);
  }
  const today = utcDay(now);
  if (day > today) {
    throw new UsageError(`--before ${day} is after today (${today}, UTC): prune removes past days only (today's events are still arriving)`);
  }
  return day;
}
