import type { Coverage } from '../archive/coverage.js';
import type { Database } from '../archive/open.js';
import type { Aggregate, Breakdown, ReportRow } from './aggregate.js';
import { byVolume, timeRows } from './aggregate.js';
import { emptyCounts, summarise, type Counts } from './tally.js';
import { BLOCK_CLASSES, HARD_CLASSES, SOFT_CLASSES, UNDETERMINED_CLASSES, type Signal } from './thresholds.js';
import { iso, type Window } from './window.js';
import { MS_PER_DAY } from '../time-units.js';

// `report --db`: the same counters as the streamed report, computed by the
// archive's database over its `events` table, so a million rows are
// aggregated where they lie instead of being loaded. One set of definitions
// for both stores (SQLite and PostgreSQL): only the row keys, the click pair
// and the time filter differ by dialect; the counts are those of tally.ts.

export type SqlDialect = 'sqlite' | 'postgres';

/** SQLite keeps the ISO UTC text: its first 10 / 13 characters are the day / hour. */
const SQLITE_KEYS: Record<Breakdown, string> = {
  day: 'substr(timestamp, 1, 10)',
  hour: 'substr(timestamp, 1, 13)',
  type: 'type',
  domain: "coalesce(recipient_domain, '-')",
  provider: "coalesce(mailbox_provider, '-')",
  'bounce-class': "coalesce(CAST(bounce_class AS TEXT), '-')",
};

/** PostgreSQL keeps a timestamptz: the UTC day and hour as the stream keys them (utcDay, utcHour). */
const POSTGRES_KEYS: Record<Breakdown, string> = {
  ...SQLITE_KEYS,
  day: `to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  hour: `to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`,
};

/**
 * A click is counted once per (request_id, rcpt_to), a missing one read as ''
 * (report/events.ts). SQLite joins the two with a NUL, which no address or id
 * holds; PostgreSQL text cannot hold a NUL, so it compares the pair as a row.
 */
const CLICK_PAIR: Record<SqlDialect, string> = {
  sqlite: "coalesce(request_id, '') || char(0) || coalesce(rcpt_to, '')",
  postgres: "(coalesce(request_id, ''), coalesce(rcpt_to, ''))",
};

/**
 * The window [from, to] (to inclusive, in ms). PostgreSQL filters on the
 * partition key itself, so only the window's day partitions are read; its end
 * is exclusive at the next millisecond, as SQLite's timestamp_ms truncates.
 */
const WINDOW_SQL: Record<SqlDialect, string> = {
  sqlite: 'timestamp_ms BETWEEN @from AND @to',
  postgres: '"timestamp" >= to_timestamp($1::float8 / 1000) AND "timestamp" < to_timestamp(($2::float8 + 1) / 1000)',
};

const BOUNCE = "type IN ('bounce', 'out_of_band')";
const KNOWN_CLASSES = [...HARD_CLASSES, ...SOFT_CLASSES, ...UNDETERMINED_CLASSES].join(', ');

/** One SELECT list for rows and totals: the same definitions as tally.ts. */
function countsSql(dialect: SqlDialect): string {
  const only = (where: string) => `count(*) FILTER (WHERE ${where})`;
  return `count(*) AS events,
  ${only("type = 'injection'")} AS injections,
  ${only("type = 'delivery'")} AS deliveries,
  ${only(BOUNCE)} AS bounces,
  ${only(`${BOUNCE} AND bounce_class IN (${HARD_CLASSES.join(', ')})`)} AS hard_bounces,
  ${only(`${BOUNCE} AND bounce_class IN (${SOFT_CLASSES.join(', ')})`)} AS soft_bounces,
  ${only(`${BOUNCE} AND bounce_class IN (${BLOCK_CLASSES.join(', ')})`)} AS block_bounces,
  ${only(`${BOUNCE} AND bounce_class IN (${UNDETERMINED_CLASSES.join(', ')})`)} AS undetermined_bounces,
  ${only(`${BOUNCE} AND (bounce_class IS NULL OR bounce_class NOT IN (${KNOWN_CLASSES}))`)} AS other_bounces,
  ${only("type = 'spam_complaint'")} AS complaints,
  ${only("type = 'initial_open'")} AS opens,
  count(DISTINCT ${CLICK_PAIR[dialect]}) FILTER (WHERE type = 'click') AS clicks,
  ${only("type IN ('list_unsubscribe', 'link_unsubscribe')")} AS unsubscribes`;
}

/**
 * SQLite: the rows and the totals as two statements (named parameters @from,
 * @to). PostgreSQL: one statement (parameters $1, $2, in ms) whose grouping
 * sets give the rows and, where `total` is 1, the totals: one pass over the window.
 */
export function archiveSql(by: Breakdown, dialect: 'sqlite'): { rows: string; totals: string };
export function archiveSql(by: Breakdown, dialect: 'postgres'): { both: string };
export function archiveSql(by: Breakdown, dialect: SqlDialect): { rows: string; totals: string } | { both: string } {
  const counts = countsSql(dialect);
  if (dialect === 'postgres') {
    const key = POSTGRES_KEYS[by];
    return {
      both: `SELECT ${key} AS key, GROUPING(${key}) AS total, ${counts} FROM events WHERE ${WINDOW_SQL.postgres} GROUP BY GROUPING SETS ((${key}), ())`,
    };
  }
  return {
    rows: `SELECT ${SQLITE_KEYS[by]} AS key, ${counts} FROM events WHERE ${WINDOW_SQL.sqlite} GROUP BY 1`,
    totals: `SELECT ${counts} FROM events WHERE ${WINDOW_SQL.sqlite}`,
  };
}

/** The report of the rows found per key and the window's totals. */
function aggregateOf(by: Breakdown, w: Window, found: ReadonlyArray<Partial<Counts> & { key: unknown }>, totals: Partial<Counts> | undefined): Aggregate {
  if (by === 'day' || by === 'hour') {
    return { totals: summarise(pickCounts(totals)), ...timeRows(by, w, new Map(found.map((r) => [String(r.key), pickCounts(r)]))) };
  }
  const rows: ReportRow[] = found.map((r) => ({ key: String(r.key), ...summarise(pickCounts(r)) })).sort(byVolume);
  return { totals: summarise(pickCounts(totals)), rows };
}

export function aggregateArchive(db: Database, by: Breakdown, w: Window): Aggregate {
  const sql = archiveSql(by, 'sqlite');
  const params = { from: w.fromMs, to: w.toMs };
  const found = db.prepare(sql.rows).all(params) as Array<Counts & { key: string }>;
  const totals = db.prepare(sql.totals).get(params) as Counts;
  return aggregateOf(by, w, found, totals);
}

/** Runs one statement on a PostgreSQL archive and gives its rows (counts come as bigint text). */
export type SqlQuery = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** `report --db postgres://…`: one aggregate statement, run by the server. */
export async function aggregatePgArchive(query: SqlQuery, by: Breakdown, w: Window): Promise<Aggregate> {
  const result = await query(archiveSql(by, 'postgres').both, [w.fromMs, w.toMs]);
  const isTotal = (r: Record<string, unknown>) => Number(r.total) === 1;
  const found = result.filter((r) => !isTotal(r)) as Array<Partial<Counts> & { key: unknown }>;
  return aggregateOf(by, w, found, result.find(isTotal) as Partial<Counts> | undefined);
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
