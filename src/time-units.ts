// The time units, named once, and how an API time is read. A leaf that imports
// nothing, so that the value sets help reads (api/vocabulary.ts), the delivery
// format the emulator shares (webhooks/format.ts), input/, api/ and output/ may
// use it too.

export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60 * MS_PER_SECOND;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;
export const MS_PER_DAY = 24 * MS_PER_HOUR;
export const MS_PER_WEEK = 7 * MS_PER_DAY;
export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 60 * SECONDS_PER_MINUTE;
export const SECONDS_PER_DAY = 24 * SECONDS_PER_HOUR;

/**
 * A time of the API as ms, NaN when unreadable. A date-time without an offset is UTC, as the spec
 * reads one (spec 4.6); Date.parse would take it as the machine's local time.
 */
export function instantMs(value: string): number {
  const bare = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/i.test(value.trim());
  return Date.parse(bare ? `${value.trim().replace(' ', 'T')}Z` : value);
}
