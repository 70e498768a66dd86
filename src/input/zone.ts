import { MS_PER_MINUTE, MS_PER_SECOND } from '../time-units.js';

// Calendar days in the display zone: the local zone (TZ), or UTC with --utc.
// `today`, `yesterday` and plain dates name days of that zone, as the times on
// the screen do; the API's dates are UTC days, so windows convert between them.

/** 'UTC', 'local' (the process's TZ) or an IANA zone name. */
export type Zone = string;

/** The zone the user reads times in: UTC with --utc, the local zone otherwise. */
export function displayZone(utc: boolean | undefined): Zone {
  return utc ? 'UTC' : 'local';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** How far the zone's wall clock is ahead of UTC at this instant (ms). */
function offsetAt(zone: Zone, ms: number): number {
  if (zone === 'UTC') return 0;
  if (zone === 'local') return -new Date(ms).getTimezoneOffset() * MS_PER_MINUTE;
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (ms - (((ms % MS_PER_SECOND) + MS_PER_SECOND) % MS_PER_SECOND));
}

/** YYYY-MM-DD of an instant in UTC: the form the API's date parameters take. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day of an instant in the zone. */
export function dayIn(zone: Zone, ms: number): string {
  return utcDay(ms + offsetAt(zone, ms));
}

/** The first instant of a calendar day in the zone (its midnight, or the first hour after a skipped one). */
export function dayStartIn(zone: Zone, day: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const guess = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, guess);
}

/** The day after a calendar day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return utcDay(d.getTime());
}

/** The day `n` days before a calendar day (YYYY-MM-DD). */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return utcDay(d.getTime());
}
