// An instant as the campaign verbs show it beside the API's own value: in UTC
// and in the wall-clock time of the zone the command runs in.

function pad(n: number): string {
  return String(Math.abs(n)).padStart(2, '0');
}

/** 2026-12-01T08:00:00Z: the UTC instant, without milliseconds when they are zero. */
export function utcText(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** 2026-12-01 09:00:00 +01:00 (Europe/Berlin): the wall-clock time where the command runs. */
export function localText(ms: number): string {
  const d = new Date(ms);
  const off = -d.getTimezoneOffset();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date} ${off < 0 ? '-' : '+'}${pad(Math.trunc(off / 60))}:${pad(off % 60)}${zone ? ` (${zone})` : ''}`;
}

/** A string time from the API as ms, or undefined when it is absent or unreadable. */
export function timeMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
