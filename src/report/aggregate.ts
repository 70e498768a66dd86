import { summarise, Tally, type ReportEvent, type Summary } from './tally.js';
import { timeKeys, utcDay, utcHour, type Window } from './window.js';

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
    this.total = new Tally(distinctOpens);
    // Time rows exist for the whole window, in order, even when empty.
    if (by === 'day' || by === 'hour') for (const k of timeKeys(window, by)) this.buckets.set(k, new Tally(distinctOpens));
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
    const rows = [...this.buckets].map(([key, t]) => ({ key, ...summarise(t.counts) }));
    if (this.by !== 'day' && this.by !== 'hour') rows.sort(byVolume);
    return { totals: summarise(this.total.counts), rows };
  }
}

/** Non-time breakdowns: the largest rows first (then by name, for a stable order). */
export function byVolume(a: ReportRow, b: ReportRow): number {
  return b.events - a.events || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
