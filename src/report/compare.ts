import type { Breakdown, ReportRow } from './aggregate.js';
import type { RateChanges, Summary, Trend } from './tally.js';
import { SIGNALS, THRESHOLDS, type Signal } from './thresholds.js';
import type { Window } from './window.js';
import { MS_PER_DAY, MS_PER_HOUR } from '../time-units.js';

// report --compare: each rate against the same rate of an earlier window, in
// percentage points, with a verdict on the change. A bounce rate that doubled
// from 0.8% to 1.7% is still "healthy", but it is a trend worth a look before
// it crosses a threshold: a move of half the earlier rate or more is "rising"
// or "falling"; less is "steady". A rate that had no base (nothing earlier, or
// 0%) has no relative change: it is "new", never "rising", because a rise from
// nothing says nothing about its size (the thresholds still judge its level).

/** A move of this share of the earlier rate, or more, is a trend. */
const TREND_SHARE = 0.5;

function trendOf(before: number | null, after: number | null): Trend | null {
  if (after === null) return null;
  if (before === null || before === 0) return after === 0 ? 'steady' : 'new';
  const relative = (after - before) / before;
  return relative >= TREND_SHARE ? 'rising' : relative <= -TREND_SHARE ? 'falling' : 'steady';
}

/** The trend that makes a signal worse: bounces and complaints rising, opens and clicks falling. */
export function isWorse(signal: Signal, trend: Trend | null | undefined): boolean {
  return trend === (THRESHOLDS[signal].higherIsWorse ? 'rising' : 'falling');
}

function changes(after: Summary, before: Summary | undefined): RateChanges {
  const out: RateChanges = {};
  for (const s of SIGNALS) {
    const now = after[`${s}_rate`];
    const then = before ? before[`${s}_rate`] : null;
    out[`${s}_change`] = now === null || then === null ? null : now - then;
    out[`${s}_trend`] = trendOf(then, now);
  }
  return out;
}

/** Where a day or hour row lies in its window: rows of two windows are matched by it (day 1 with day 1). */
function offsetOf(key: string, w: Window, unit: 'day' | 'hour'): number {
  const step = unit === 'day' ? MS_PER_DAY : MS_PER_HOUR;
  const at = Date.parse(unit === 'day' ? `${key}T00:00:00Z` : `${key}:00:00Z`);
  return Math.round((at - Math.floor(w.fromMs / step) * step) / step);
}

/**
 * The rows and totals with the changes against the earlier window. Day and hour rows match by
 * their place in the window (the first day with the first day); other breakdowns by key. A row
 * the earlier window lacks has no base: its trends are "new" (or null without a rate).
 */
export function compareAggregates(
  by: Breakdown,
  current: { window: Window; totals: Summary; rows: ReportRow[] },
  earlier: { window: Window; totals: Summary; rows: ReportRow[] },
): { totals: Summary; rows: ReportRow[] } {
  const time = by === 'day' || by === 'hour' ? by : undefined;
  const keyOf = (r: ReportRow, w: Window) => (time ? String(offsetOf(r.key, w, time)) : r.key);
  const before = new Map(earlier.rows.map((r) => [keyOf(r, earlier.window), r]));
  return {
    totals: { ...current.totals, ...changes(current.totals, earlier.totals) },
    rows: current.rows.map((r) => ({ ...r, ...changes(r, before.get(keyOf(r, current.window))) })),
  };
}

/** The judged signals of the totals that moved the wrong way by half or more. */
export function worsened(totals: Summary, judged: readonly Signal[]): Signal[] {
  return judged.filter((s) => isWorse(s, totals[`${s}_trend`]));
}

/**
 * The judged signals of the totals that rose by half or more: what `--fail-on rising` fails on
 * (cli.md: "exits 8 when a judged rate rose by half or more"), whichever way is worse for the
 * signal. Judging opens or clicks with it gates on a jump (a tracking change, a bot), not a drop.
 */
export function rose(totals: Summary, judged: readonly Signal[]): Signal[] {
  return judged.filter((s) => totals[`${s}_trend`] === 'rising');
}
