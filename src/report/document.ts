import type { Aggregate, Breakdown, ReportRow } from './aggregate.js';
import type { Summary } from './tally.js';
import { compareAggregates, rose, worsened } from './compare.js';
import { SIGNALS, THRESHOLDS, reaches, type Signal, type Verdict } from './thresholds.js';
import { iso, type Window } from './window.js';

// The report as one object: what --json prints, what the terminal and HTML
// renderings draw, and what --fail-on judges.

export interface ReportSource {
  kind: 'api' | 'archive' | 'campaign';
  campaign?: string;
  /** archive file (a path the user gave: not a secret) */
  db?: string;
}

export interface ThresholdOut {
  computed: string;
  direction: 'higher_is_worse' | 'lower_is_worse';
  /** percent: where the warning range starts and where critical starts (strictly beyond) */
  warning: number;
  critical: number;
  healthy: string;
}

export interface ReportDocument {
  window: { from: string; to: string };
  source: ReportSource;
  by: Breakdown;
  judged: Signal[];
  thresholds: Record<Signal, ThresholdOut>;
  totals: Summary;
  verdicts: Record<Signal, Verdict | null>;
  /** the judged signals at or beyond --fail-on's level (empty without --fail-on) */
  failing: Signal[];
  fail_on: 'warning' | 'critical' | null;
  rows: ReportRow[];
  /** events the source returned outside the window (whole-day API ranges), not counted */
  skipped: number;
  /** quiet days or hours without a row: only a window too long to list them all (window.ts) has any */
  quiet_rows_omitted: number;
  /** --compare: the earlier window; the totals and rows above then carry `<signal>_change` and `<signal>_trend` */
  compare?: ComparisonOut;
}

export interface ComparisonOut {
  window: { from: string; to: string };
  /** the earlier window's totals (counts, rates, verdicts) */
  totals: Summary;
  /** judged signals that moved the wrong way by half or more: bounce or complaint rising, open or click falling */
  worse: Signal[];
  fail_on_rising: boolean;
  /** with --fail-on rising, the judged signals that rose by half or more (whichever way is worse); else empty */
  failing: Signal[];
  /** events of the earlier window's covering days outside it, not counted */
  skipped: number;
}

/** The earlier window of --compare, aggregated like the report's own. */
export interface Earlier {
  aggregate: Aggregate;
  window: Window;
  skipped: number;
}

function thresholdsOut(): Record<Signal, ThresholdOut> {
  const out = {} as Record<Signal, ThresholdOut>;
  for (const s of SIGNALS) {
    const t = THRESHOLDS[s];
    out[s] = {
      computed: t.computed,
      direction: t.higherIsWorse ? 'higher_is_worse' : 'lower_is_worse',
      warning: t.warning,
      critical: t.critical,
      healthy: t.higherIsWorse ? `< ${t.warning}%` : `> ${t.warning}%`,
    };
  }
  return out;
}

/** "+0.90 points": a change of a rate, for people ("-" without one). */
export function signedPoints(v: number | null | undefined): string {
  return typeof v === 'number' ? `${v >= 0 ? '+' : ''}${v.toFixed(2)} points` : '-';
}

/** "warning from 2%, critical above 5%": the rule in words, for people. */
export function thresholdText(s: Signal): string {
  const t = THRESHOLDS[s];
  return t.higherIsWorse
    ? `healthy < ${t.warning}%, warning ${t.warning}–${t.critical}%, critical > ${t.critical}%`
    : `healthy > ${t.warning}%, warning ${t.critical}–${t.warning}%, critical < ${t.critical}%`;
}

export function buildDocument(input: {
  aggregate: Aggregate;
  window: Window;
  source: ReportSource;
  by: Breakdown;
  judged: Signal[];
  failOn?: 'warning' | 'critical';
  skipped?: number;
  earlier?: Earlier;
  failOnRising?: boolean;
}): ReportDocument {
  let { totals, rows } = input.aggregate;
  let compare: ComparisonOut | undefined;
  if (input.earlier) {
    const e = input.earlier;
    ({ totals, rows } = compareAggregates(input.by, { window: input.window, totals, rows }, { window: e.window, ...e.aggregate }));
    const worse = worsened(totals, input.judged);
    compare = {
      window: { from: iso(e.window.fromMs), to: iso(e.window.toMs) },
      totals: e.aggregate.totals,
      worse,
      fail_on_rising: Boolean(input.failOnRising),
      failing: input.failOnRising ? rose(totals, input.judged) : [],
      skipped: e.skipped,
    };
  }
  const failing = input.failOn ? input.judged.filter((s) => reaches(totals.verdicts[s], input.failOn!)) : [];
  return {
    window: { from: iso(input.window.fromMs), to: iso(input.window.toMs) },
    source: input.source,
    by: input.by,
    judged: input.judged,
    thresholds: thresholdsOut(),
    totals,
    verdicts: totals.verdicts,
    failing,
    fail_on: input.failOn ?? null,
    rows,
    skipped: input.skipped ?? 0,
    quiet_rows_omitted: input.aggregate.omittedQuietRows ?? 0,
    ...(compare ? { compare } : {}),
  };
}
