import { instantMs } from '../time-units.js';
// An instant as the campaign verbs show it beside the API's own value: in UTC
// and in the wall-clock time of the zone the command runs in.

function pad(n: number): string {
  return String(Math.abs(n)).padStart(2, '0');
}

/** 2026-12-01T08:00:00Z: the UTC instant, without milliseconds when they are zero. */
export function utcText(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

function localParts(ms: number): { date: string; time: string; offset: string } {
  const d = new Date(ms);
  const off = -d.getTimezoneOffset();
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    offset: `${off < 0 ? '-' : '+'}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`,
  };
}

/** 2026-12-01 09:00:00 +01:00 (Europe/Berlin): the wall-clock time where the command runs, for people. */
export function localText(ms: number): string {
  const { date, time, offset } = localParts(ms);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${date} ${time} ${offset}${zone ? ` (${zone})` : ''}`;
}

/** 2026-12-01T09:00:00+01:00: the same wall-clock time as ISO 8601 with its offset, for pipes and files. */
export function localIso(ms: number): string {
  const { date, time, offset } = localParts(ms);
  const millis = ms % 1000 === 0 ? '' : `.${String(((ms % 1000) + 1000) % 1000).padStart(3, '0')}`;
  return `${date}T${time}${millis}${offset}`;
}

/** A string time from the API as ms, or undefined when it is absent or unreadable. */
export function timeMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = instantMs(value);
  return Number.isNaN(ms) ? undefined : ms;
}
