import { EVENT_RETENTION_DAYS } from '../api/vocabulary.js';
import { instantMs, MS_PER_DAY } from '../time-units.js';
import { UsageError, ValueError } from '../errors.js';
import { isRealDate, parseIsoTime, relativeMs } from './time.js';
import { dayIn, dayStartIn, daysBefore, nextDay, utcDay, type Zone } from './zone.js';

// The one time-window resolver: --from/--to of `events list`, `report`,
// `email show`, `email list`, `events sync --from`, `campaign events
// --since/--until` and the archive readers. The rule, the same everywhere:
// - a relative span (`30m`, `24h`, `7d`, `2w`) is exactly that span back from now;
// - `today`, `yesterday` and a plain date are calendar days of the display zone
//   (local, or UTC with --utc), `--to` through the end of its day;
// - an ISO date-time is that instant (UTC when it has no offset, as spec 4.6 says).
// The API's date parameters are whole UTC days (spec 4.1), so a command asks
// for the UTC days that cover the window and drops the events outside it.

/** An inclusive span of instants (ms). */
export interface TimeWindow {
  fromMs: number;
  /** Inclusive. */
  toMs: number;
}

export interface EventWindow extends TimeWindow {
  /** The UTC date to send as `from`; undefined when --from was not given (the API's default). */
  from?: string;
  /** The UTC date to send as `to`; undefined when --to was not given (the API's default: now). */
  to?: string;
  /** The window does not fill its covering days: events outside it must be dropped. */
  cut: boolean;
  /** The bounds as flag values that denote the same window in another run (next-page commands). */
  fromArg?: string;
  toArg?: string;
}

/** One bound: the first instant for --from, the last (inclusive) for --to. */
export interface Bound {
  ms: number;
  /** Set when the text named a calendar day (a date, today, yesterday): that day of the zone. */
  day?: string;
  /** Set for an ISO date-time: the text as written ("T" between date and time). */
  iso?: string;
}

/** The help of every --from/--to that this resolver reads. */
export const WINDOW_FROM_HELP =
  'start: YYYY-MM-DD, today or yesterday (days of the local zone; UTC with --utc), 7d, 24h, 30m (exactly that long before now), or an ISO date-time';
export const WINDOW_TO_HELP = 'end, inclusive: the same forms as --from (a day through its end)';

/** 0001-01-01T00:00:00Z: the first instant with a four-digit year. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');

const FORMS = 'must be a date YYYY-MM-DD, a date-time 2026-11-23T09:00:00Z, or today, yesterday, 7d, 24h, 30m';

/** "2026-11-23T18:11:00Z": an instant as a flag value, without zero milliseconds. */
function isoInstant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

export function parseBound(text: string, flag: string, now: number, zone: Zone, side: 'from' | 'to'): Bound {
  const t = text.trim();
  const ofDay = (day: string): Bound => ({ day, ms: side === 'from' ? dayStartIn(zone, day) : dayStartIn(zone, nextDay(day)) - 1 });
  // `--to today` ends now (later instants hold no events yet); a date is its whole day
  if (t === 'today') return side === 'from' ? ofDay(dayIn(zone, now)) : { day: dayIn(zone, now), ms: now };
  if (t === 'yesterday') return ofDay(daysBefore(dayIn(zone, now), 1));
  if (t === 'now' && side === 'to') return { ms: now };
  const rel = relativeMs(t);
  // `--from 0m` starts now: a window of no time, which no event fills (`--to 0m` is now, as `now`)
  if (rel === 0 && side === 'from') throw new UsageError(`${flag} ${t} is a span of no time: give a span such as 30m, 24h or 7d`);
  // a span reaching before the year 1 has no YYYY-MM-DD date to send (nor to repeat in a next-page command)
  if (rel !== undefined && now - rel < FIRST_INSTANT) throw new UsageError(`${flag} ${t} reaches back before the year 1 (got "${text}")`);
  if (rel !== undefined) return { ms: now - rel };
  if (isRealDate(t)) return ofDay(t);
  if (/^\d{4}-\d{2}-\d{2}[T ]/i.test(t)) return { ms: parseIsoTime(t, flag).ms, iso: t.replace(' ', 'T') };
  throw new UsageError(`${flag} ${/^\d{4}-\d{2}-\d{2}$/.test(t) ? 'is not a real date' : FORMS} (got "${text}")`);
}

/** How a bound reads in a message or a next-page command. */
const argOf = (b: Bound) => b.day ?? b.iso ?? isoInstant(b.ms);

const utcDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export interface WindowOptions {
  /** The window's start when --from is not given: this many days back from now. */
  defaultDays: number;
  zone: Zone;
  flags?: { from: string; to: string };
}

/** --from/--to → the window, its covering UTC dates and whether it cuts them; refuses an empty window. */
export function resolveWindow(raw: { from?: string; to?: string }, now: number, opts: WindowOptions): EventWindow {
  const flags = opts.flags ?? { from: '--from', to: '--to' };
  const fromB = raw.from === undefined ? undefined : parseBound(raw.from, flags.from, now, opts.zone, 'from');
  const toB = raw.to === undefined ? undefined : parseBound(raw.to, flags.to, now, opts.zone, 'to');
  const fromMs = fromB?.ms ?? now - opts.defaultDays * MS_PER_DAY;
  const toMs = toB?.ms ?? now;
  if (fromB && toB && fromMs >= toMs) {
    throw new UsageError(`${flags.from} ${argOf(fromB)} is ${fromMs > toMs ? 'after' : 'the same instant as'} ${flags.to} ${argOf(toB)}: no event can match`);
  }
  if (fromB && !toB && fromMs > now) {
    throw new UsageError(`${flags.from} ${argOf(fromB)} is in the future (the range ends now unless ${flags.to} is given)`);
  }
  if (toB && !fromB && toMs < fromMs) {
    throw new UsageError(
      `${flags.to} ${argOf(toB)} is before the default start of the range (${opts.defaultDays} days ago, ${utcDay(fromMs)}): give ${flags.from} too`,
    );
  }
  const from = fromB && utcDay(fromB.ms);
  const to = toB && utcDay(toB.ms);
  const cut =
    (from !== undefined && fromMs !== utcDayStart(from)) || (to !== undefined && toMs < now && toMs !== utcDayStart(to) + MS_PER_DAY - 1);
  return {
    fromMs,
    toMs,
    cut,
    ...(from !== undefined ? { from, fromArg: argOf(fromB!) } : {}),
    ...(to !== undefined ? { to, toArg: argOf(toB!) } : {}),
  };
}

/**
 * The warning for a window read from the API that starts before what the service still keeps
 * (events: 90 days; the sent-email history of GET /emails: 10): the older part is not returned,
 * so a listing or report holds less than its window says. The archive keeps what it once read,
 * so `--db` readers do not ask. By UTC days, as the API is: `--from 90d` reads the oldest day
 * still kept, in part.
 */
export function retentionWarning(
  fromMs: number,
  now: number,
  bound: { flag: string; text: string },
  kept: { days: number; what: string } = { days: EVENT_RETENTION_DAYS, what: 'events' },
): string | undefined {
  const firstKept = utcDay(now - kept.days * MS_PER_DAY);
  if (utcDay(fromMs) >= firstKept) return undefined;
  return `${bound.flag} ${bound.text} starts before the ${kept.days} days the service keeps ${kept.what}: nothing before ${firstKept} (UTC) is returned`;
}

/** The UTC dates that cover the whole window (a report asks for both). */
export function coveringDays(w: TimeWindow): { from: string; to: string } {
  return { from: utcDay(w.fromMs), to: utcDay(w.toMs) };
}

/**
 * Whether an event's timestamp lies in the window. A timestamp that does not
 * parse is kept: dropping rows silently would be worse than one row too many.
 */
export function inWindow(w: TimeWindow, timestamp: unknown): boolean {
  if (typeof timestamp !== 'string') return true;
  const t = instantMs(timestamp);
  if (Number.isNaN(t)) return true;
  return t >= w.fromMs && t <= w.toMs;
}

/** "2026-11-23T18:11:00Z to 2026-11-23T19:11:00Z": how --verbose and notices name a window (the end exclusive). */
export function describeWindow(w: EventWindow): string {
  const from = w.from !== undefined ? isoInstant(w.fromMs) : 'the default start';
  // a day's end (…:59.999) reads as the next midnight
  const to = w.to !== undefined ? isoInstant(w.toMs % 1000 === 999 ? w.toMs + 1 : w.toMs) : 'now';
  return `${from} to ${to}`;
}

/** --compare: the window of the same length just before, or an explicit one (flag value, checked by its parser). */
export type CompareSpec = 'previous' | { from: string; to: string };

/** `previous` or `FROM..TO`, each side in any form --from/--to take. */
export function parseCompare(raw: string): CompareSpec {
  const t = raw.trim();
  if (t === 'previous') return t;
  const m = /^(.+?)\.\.(.+)$/.exec(t);
  if (!m) throw new ValueError('must be previous or an earlier window FROM..TO such as 2026-10-01..2026-10-07');
  for (const [side, text] of [['from', m[1]!], ['to', m[2]!]] as const) {
    try {
      parseBound(text, `the ${side} side`, 0, 'UTC', side);
    } catch (error) {
      // the bound's rule, named by its side of "..": the flag is named by the caller
      if (error instanceof UsageError) throw new ValueError(`must be previous or FROM..TO: ${error.message.replace(/ \(got "[^"]*"\)$/, '')}`);
      throw error;
    }
  }
  return { from: m[1]!.trim(), to: m[2]!.trim() };
}

/**
 * The earlier window of --compare. `previous`: as many calendar days before a window of whole
 * days of the zone, else the same length just before. An explicit window must end before the
 * report's starts: comparing a window with itself, or with a later one, would hide a trend.
 */
export function compareWindow(spec: CompareSpec, w: TimeWindow, now: number, zone: Zone): TimeWindow {
  if (spec === 'previous') {
    const first = dayIn(zone, w.fromMs);
    const after = dayIn(zone, w.toMs + 1);
    if (dayStartIn(zone, first) === w.fromMs && dayStartIn(zone, after) === w.toMs + 1) {
      const days = Math.round((utcDayStart(after) - utcDayStart(first)) / MS_PER_DAY);
      return { fromMs: dayStartIn(zone, daysBefore(first, days)), toMs: w.fromMs - 1 };
    }
    // `--from 7d` is [now - 7d, now]: the 7 days before are [now - 14d, now - 7d)
    return { fromMs: w.fromMs - (w.toMs - w.fromMs), toMs: w.fromMs - 1 };
  }
  const flags = { from: '--compare', to: '--compare' };
  const earlier = resolveWindow(spec, now, { defaultDays: 0, zone, flags });
  if (earlier.toMs >= w.fromMs) {
    throw new UsageError(
      `--compare ${spec.from}..${spec.to} does not end before the report's window starts (${isoInstant(w.fromMs)}): give an earlier window, or previous`,
    );
  }
  return { fromMs: earlier.fromMs, toMs: earlier.toMs };
}

/**
 * The value sent for `campaign events --since/--until` (spec 4.5 takes date-times): ISO as written, a relative
 * bound as its instant, a day as itself when it is a UTC day (a date-only value means the UTC
 * day, spec 4.5), else as the instant where that day of the display zone starts or ends.
 */
export function wireBound(arg: string | undefined, ms: number, zone: Zone): string | undefined {
  if (arg === undefined || !isRealDate(arg)) return arg;
  return dayStartIn(zone, arg) === Date.parse(`${arg}T00:00:00Z`) ? arg : isoInstant(ms);
}
