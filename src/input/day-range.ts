import { UsageError } from '../errors.js';
import { parseDay } from './time.js';

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
