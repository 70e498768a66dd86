import { UsageError } from '../errors.js';
import { parseDay, parseDayBound } from './time.js';

// --from/--to of `events list` and `email show` (spec 4.1/4.2): whole UTC days,
// `to` inclusive. The API defaults a missing bound (from: 10 days back, to:
// now) and refuses from after to with a 422; that is caught here instead, so a
// bad range costs no request and the message names the flag.

const DAY_MS = 86_400_000;

export interface DayRange {
  /** YYYY-MM-DD to send, undefined when the flag was not given. */
  from?: string;
  to?: string;
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function resolveDayRange(
  raw: { from?: string; to?: string },
  now: number,
  defaultWindowDays: number,
  flags: { from: string; to: string } = { from: '--from', to: '--to' },
): DayRange {
  const from = raw.from === undefined ? undefined : parseDay(raw.from, flags.from, now);
  const to = raw.to === undefined ? undefined : parseDay(raw.to, flags.to, now);
  if (from !== undefined && to !== undefined) {
    if (from > to) throw new UsageError(`${flags.from} ${from} is after ${flags.to} ${to}`);
  } else if (from !== undefined) {
    if (dayStart(from) > now) {
      throw new UsageError(`${flags.from} ${from} is in the future (the range ends now unless ${flags.to} is given)`);
    }
  } else if (to !== undefined) {
    const defaultFrom = now - defaultWindowDays * DAY_MS;
    if (dayStart(to) + DAY_MS - 1 < defaultFrom) {
      throw new UsageError(
        `${flags.to} ${to} is before the default start of the range (${defaultWindowDays} days ago, ${new Date(defaultFrom).toISOString().slice(0, 10)}): give ${flags.from} too`,
      );
    }
  }
  return { from, to };
}

/**
 * An events window: the covering whole days to ask the API for (`from`, `to`),
 * and the exact [start, end) to keep when a bound is finer than a day (`1h`,
 * `30m`, an ISO date-time). Without it `--from 1h` at 19:11 would list 19
 * hours. Used by events list, and by every command that reads events for a
 * window (report, events sync).
 */
export interface EventWindow extends DayRange {
  /** Keep events at or after this instant (ms); undefined: from the start of `from`. */
  start?: number;
  /** Keep events before this instant (ms); undefined: to the end of `to`. */
  end?: number;
}

export function resolveEventWindow(
  raw: { from?: string; to?: string },
  now: number,
  defaultWindowDays: number,
  flags: { from: string; to: string } = { from: '--from', to: '--to' },
): EventWindow {
  const days = resolveDayRange(raw, now, defaultWindowDays, flags);
  const start = raw.from === undefined ? undefined : parseDayBound(raw.from, flags.from, now).ms;
  const end = raw.to === undefined ? undefined : parseDayBound(raw.to, flags.to, now).ms;
  if (start !== undefined && end !== undefined && start >= end) {
    throw new UsageError(`${flags.from} ${new Date(start).toISOString()} is not before ${flags.to} ${new Date(end).toISOString()}: no event can match`);
  }
  if (start !== undefined && end === undefined && raw.to === undefined && start > now) {
    throw new UsageError(`${flags.from} ${new Date(start).toISOString()} is in the future (the range ends now unless ${flags.to} is given)`);
  }
  return { ...days, ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}

/** True when the window must be cut out of the covering days event by event. */
export function isExactWindow(w: EventWindow): boolean {
  return w.start !== undefined || w.end !== undefined;
}

/**
 * Whether an event's timestamp lies in [start, end). A timestamp that does not
 * parse is kept: dropping rows silently would be worse than one row too many.
 */
export function inEventWindow(w: EventWindow, timestamp: unknown): boolean {
  if (typeof timestamp !== 'string') return true;
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return true;
  return (w.start === undefined || t >= w.start) && (w.end === undefined || t < w.end);
}

/** "2026-11-23T18:11:00Z to now": how --verbose and notices name an exact window. */
export function describeEventWindow(w: EventWindow): string {
  const at = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
  const from = w.start !== undefined ? at(w.start) : w.from ? `${w.from} 00:00Z` : 'the default start';
  const to = w.end !== undefined ? at(w.end) : w.to ? `the end of ${w.to}` : 'now';
  return `${from} to ${to}`;
}
