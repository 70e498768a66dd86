import type { Coverage } from '../archive/coverage.js';
import type { Database } from '../archive/open.js';
import type { Aggregate, Breakdown, ReportRow } from './aggregate.js';
import { byVolume, timeRows } from './aggregate.js';
import { emptyCounts, summarise, type Counts } from './tally.js';
import { BLOCK_CLASSES, HARD_CLASSES, SOFT_CLASSES, UNDETERMINED_CLASSES, type Signal } from './thresholds.js';
import { iso, type Window } from './window.js';
import { MS_PER_DAY } from '../time-units.js';

// `report --db`: the same counters as the streamed report, computed by SQLite
// over the archive's `events` table (issue 18's schema), so a million rows are
// aggregated where they lie instead of being loaded. Timestamps are ISO UTC,
// so the first 10 / 13 characters are the day / hour.

const KEY_SQL: Record<Breakdown, string> = {
  day: 'substr(timestamp, 1, 10)',
  hour: 'substr(timestamp, 1, 13)',
  type: 'type',
  domain: "coalesce(recipient_domain, '-')",
  provider: "coalesce(mailbox_provider, '-')",
  'bounce-class': "coalesce(CAST(bounce_class AS TEXT), '-')",
};

const BOUNCE = "type IN ('bounce', 'out_of_band')";
const KNOWN_CLASSES = [...HARD_CLASSES, ...SOFT_CLASSES, ...UNDETERMINED_CLASSES].join(', ');

/** One SELECT list for rows and totals: the same definitions as tally.ts. */
const COUNTS_SQL = `count(*) AS events,
  coalesce(sum(type = 'injection'), 0) AS injections,
  coalesce(sum(type = 'delivery'), 0) AS deliveries,
  coalesce(sum(${BOUNCE}), 0) AS bounces,
  coalesce(sum(${BOUNCE} AND bounce_class IN (${HARD_CLASSES.join(', ')})), 0) AS hard_bounces,
  coalesce(sum(${BOUNCE} AND bounce_class IN (${SOFT_CLASSES.join(', ')})), 0) AS soft_bounces,
  coalesce(sum(${BOUNCE} AND bounce_class IN (${BLOCK_CLASSES.join(', ')})), 0) AS block_bounces,
  coalesce(sum(${BOUNCE} AND bounce_class IN (${UNDETERMINED_CLASSES.join(', ')})), 0) AS undetermined_bounces,
  coalesce(sum(${BOUNCE} AND (bounce_class IS NULL OR bounce_class NOT IN (${KNOWN_CLASSES}))), 0) AS other_bounces,
  coalesce(sum(type = 'spam_complaint'), 0) AS complaints,
  coalesce(sum(type = 'initial_open'), 0) AS opens,
  count(DISTINCT CASE WHEN type = 'click' THEN coalesce(request_id, '') || char(0) || coalesce(rcpt_to, '') END) AS clicks,
  coalesce(sum(type IN ('list_unsubscribe', 'link_unsubscribe')), 0) AS unsubscribes`;

const WHERE = 'timestamp_ms BETWEEN @from AND @to';

export function archiveSql(by: Breakdown): { rows: string; totals: string } {
  return {
    rows: `SELECT ${KEY_SQL[by]} AS key, ${COUNTS_SQL} FROM events WHERE ${WHERE} GROUP BY 1`,
    totals: `SELECT ${COUNTS_SQL} FROM events WHERE ${WHERE}`,
  };
}

export function aggregateArchive(db: Database, by: Breakdown, w: Window): Aggregate {
  const sql = archiveSql(by);
  const params = { from: w.fromMs, to: w.toMs };
  const found = db.prepare(sql.rows).all(params) as Array<Counts & { key: string }>;
  const totals = db.prepare(sql.totals).get(params) as Counts;
  if (by === 'day' || by === 'hour') {
    return { totals: summarise(pickCounts(totals)), ...timeRows(by, w, new Map(found.map((r) => [String(r.key), pickCounts(r)]))) };
  }
  const rows: ReportRow[] = found.map((r) => ({ key: String(r.key), ...summarise(pickCounts(r)) })).sort(byVolume);
  return { totals: summarise(pickCounts(totals)), rows };
}

function pickCounts(r: Partial<Counts> | undefined): Counts {
  const c = emptyCounts();
  if (!r) return c;
  for (const k of Object.keys(c) as Array<keyof Counts>) c[k] = Number(r[k] ?? 0);
  return c;
}

/** The event types each rate divides (thresholds.ts `computed`): an archive lacking one cannot compute the rate. */
const SIGNAL_TYPES: Record<Signal, readonly string[]> = {
  bounce: ['injection', 'bounce', 'out_of_band'],
  complaint: ['delivery', 'spam_complaint'],
  open: ['delivery', 'initial_open'],
  click: ['delivery', 'click'],
};

export interface SignalGap {
  signal: Signal;
  /** The event types the archive does not hold for the whole window. */
  missing: string[];
  /** Why, in a few words. */
  why: string;
}

/**
 * How long after its last complete sync an archive still answers for "now":
 * one day, the cadence of a daily sync and its default --overlap. A window
 * that ends later lacks the events since that sync.
 */
const STALE_AFTER_MS = MS_PER_DAY;

const holds = (c: Coverage, type: string) => c.types === null || c.types.includes(type);

/**
 * The judged signals the archive cannot compute over the window: a type it
 * needs was filtered out by every sync (--events), or no sync read the whole
 * window (it starts before the first synced day, or ends over a day after the
 * last complete sync). An archive no sync wrote cannot say: no gaps.
 */
export function archiveGaps(coverage: Coverage[] | null, judged: readonly Signal[], w: Window): SignalGap[] {
  if (coverage === null) return [];
  const covers = (c: Coverage): boolean => c.fromMs <= w.fromMs && c.untilMs + STALE_AFTER_MS >= w.toMs;
  const stored = [...new Set(coverage.flatMap((c) => c.types ?? ['every type']))].sort();
  const gaps: SignalGap[] = [];
  for (const signal of judged) {
    const missing = SIGNAL_TYPES[signal].filter((type) => !coverage.some((c) => holds(c, type) && covers(c)));
    if (missing.length === 0) continue;
    const never = missing.filter((type) => !coverage.some((c) => holds(c, type)));
    let why: string;
    if (never.length > 0) why = `its syncs stored only ${stored.join(', ')} (--events)`;
    else {
      const spans = coverage.filter((c) => holds(c, missing[0]!)).map((c) => (!Number.isFinite(c.untilMs) || !Number.isFinite(c.fromMs) ? 'no complete sync yet' : `${iso(c.fromMs)} to ${iso(c.untilMs)}`));
      why = `the archive holds them for ${spans.join(', ')}, not the whole window ${iso(w.fromMs)} to ${iso(w.toMs)}`;
    }
    gaps.push({ signal, missing, why });
  }
  return gaps;
}

/** The gaps as one sentence: "bounce rate (no injection, out_of_band events: why)". */
export function describeGaps(gaps: readonly SignalGap[]): string {
  return gaps.map((g) => `the ${g.signal} rate (no ${g.missing.join(', ')} events: ${g.why})`).join('; ');
}
