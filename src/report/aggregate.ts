import { addCounts, emptyCounts, summarise, Tally, type Counts, type ReportEvent, type Summary } from './tally.js';
import { utcDay } from '../input/zone.js';
import { MAX_FILLED_TIME_ROWS, timeKeyCount, timeKeys, utcHour, type Window } from './window.js';

// Counting a stream of events into the totals and the rows of one breakdown.

export const BREAKDOWNS = ['day', 'hour', 'type', 'domain', 'provider', 'bounce-class'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** An event as the breakdowns read it: the report's fields plus what rows are keyed by. */
export interface StreamEvent extends ReportEvent {
  ms: number;
  domain?: string;
  provider?: string;
}

export interface ReportRow extends Summary {
  key: string;
}

export interface Aggregate {
  totals: Summary;
  rows: ReportRow[];
  /** Quiet days or hours of a window too long to list them (MAX_FILLED_TIME_ROWS) that have no row. */
  omittedQuietRows?: number;
}

/** The row key of an event; '-' where the event does not carry the field. */
function rowKey(by: Breakdown, e: StreamEvent): string {
  switch (by) {
    case 'day':
      return utcDay(e.ms);
    case 'hour':
      return utcHour(e.ms);
    case 'type':
      return e.type;
    case 'domain':
      return e.domain || '-';
    case 'provider':
      return e.provider || '-';
    case 'bounce-class':
      return e.bounceClass === undefined ? '-' : String(e.bounceClass);
  }
}

export class Aggregator {
  private readonly total: Tally;
  private readonly buckets = new Map<string, Tally>();
  private kept = 0;

  constructor(
    private readonly by: Breakdown,
    private readonly window: Window,
    private readonly distinctOpens = false,
  ) {
    // Buckets are made by the events that fall in them; quiet time rows are added at the end.
    this.total = new Tally(distinctOpens);
  }

  /** Counts the event when it falls inside the window; false when it was outside. */
  add(e: StreamEvent): boolean {
    if (!(e.ms >= this.window.fromMs && e.ms <= this.window.toMs)) return false;
    this.kept++;
    this.total.add(e);
    const key = rowKey(this.by, e);
    let t = this.buckets.get(key);
    if (!t) this.buckets.set(key, (t = new Tally(this.distinctOpens)));
    t.add(e);
    return true;
  }

  get count(): number {
    return this.kept;
  }

  result(): Aggregate {
    const totals = summarise(this.total.counts);
    if (this.by === 'day' || this.by === 'hour') return { totals, ...timeRows(this.by, this.window, new Map([...this.buckets].map(([k, t]) => [k, t.counts]))) };
    const rows = [...this.buckets].map(([key, t]) => ({ key, ...summarise(t.counts) }));
    return { totals, rows: rows.sort(byVolume) };
  }
}

/**
 * The rows of a time breakdown from the buckets that have events: every day or hour of the
 * window, in order, quiet ones as zero rows, while the window has at most
 * MAX_FILLED_TIME_ROWS of them; beyond, the buckets with events only (and how many were left out).
 */
export function timeRows(unit: 'day' | 'hour', w: Window, found: ReadonlyMap<string, Counts>): { rows: ReportRow[]; omittedQuietRows?: number } {
  const count = timeKeyCount(w, unit);
  if (count <= MAX_FILLED_TIME_ROWS) return { rows: timeKeys(w, unit).map((key) => ({ key, ...summarise(found.get(key) ?? emptyCounts()) })) };
  // ISO day and hour keys sort as text in time order
  const keys = [...found.keys()].sort();
  return { rows: keys.map((key) => ({ key, ...summarise(found.get(key)!) })), omittedQuietRows: count - keys.length };
}

/** Consecutive rows summed into at most `max` groups, so a long window fits a chart. */
export function mergeRows(rows: readonly ReportRow[], max: number): Array<{ first: string; last: string; counts: Counts }> {
  const size = Math.max(1, Math.ceil(rows.length / max));
  const groups: Array<{ first: string; last: string; counts: Counts }> = [];
  for (let i = 0; i < rows.length; i += size) {
    const part = rows.slice(i, i + size);
    const counts = emptyCounts();
    for (const r of part) addCounts(counts, r);
    groups.push({ first: part[0]!.key, last: part.at(-1)!.key, counts });
  }
  return groups;
}

/** Non-time breakdowns: the largest rows first (then by name, for a stable order). */
export function byVolume(a: ReportRow, b: ReportRow): number {
  return b.events - a.events || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
