import type { Database } from 'better-sqlite3';
import { MS_PER_DAY } from '../time-units.js';

// `events prune --before DAY` on the SQLite archive: the events of the days
// before DAY are deleted. The archive first stops claiming those days (each
// sync position's first_day moves up to DAY, coverage.ts), then the rows go in
// batches of their own transactions: an interrupted prune leaves an archive
// that says what it holds, and running it again finishes the job.


/** Rows deleted per transaction: a short write lock, and a bounded WAL, however many go. */
const DELETE_BATCH = 10_000;

/** What a prune removes (or, for --dry-run, would remove). */
export interface PrunePlan {
  /** The first day kept (YYYY-MM-DD, UTC): everything before it goes. */
  before: string;
  events: number;
  /** `events` is the database's estimate (a big PostgreSQL archive, pg/count.ts). */
  estimated?: boolean;
  /** UTC days with events before `before` (PostgreSQL: day partitions). */
  days: number;
  /** The first and last of those days; null when there is none. */
  firstDay: string | null;
  lastDay: string | null;
}

/** What the archive holds after the prune (or now, for --dry-run). */
export interface PruneOutcome extends PrunePlan {
  /** Events left in the archive. */
  remaining: number;
  /** `remaining` is the database's estimate (a big PostgreSQL archive, pg/count.ts). */
  remainingEstimated?: boolean;
  /** The oldest event left (its timestamp as served); null when none is left. */
  oldestRemaining: string | null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What pruning before `before` would remove, and what it would leave. */
export function planSqlitePrune(db: Database, before: string): PruneOutcome {
  const cut = Date.parse(`${before}T00:00:00Z`);
  const gone = db
    .prepare(
      `SELECT count(*) AS events, count(DISTINCT timestamp_ms / ${MS_PER_DAY}) AS days, min(timestamp_ms) AS first, max(timestamp_ms) AS last
       FROM events WHERE timestamp_ms < ?`,
    )
    .get(cut) as { events: number; days: number; first: number | null; last: number | null };
  const left = remainingAfter(db, cut);
  return {
    before,
    events: gone.events,
    days: gone.days,
    firstDay: gone.first === null ? null : isoDay(gone.first),
    lastDay: gone.last === null ? null : isoDay(gone.last),
    ...left,
  };
}

function remainingAfter(db: Database, cut: number): { remaining: number; oldestRemaining: string | null } {
  const remaining = db.prepare('SELECT count(*) FROM events WHERE timestamp_ms >= ?').pluck().get(cut) as number;
  const oldest = db.prepare('SELECT timestamp FROM events WHERE timestamp_ms >= ? ORDER BY timestamp_ms LIMIT 1').pluck().get(cut) as string | undefined;
  return { remaining, oldestRemaining: oldest ?? null };
}

/**
 * Deletes the events before `before`. The sync positions stop claiming those
 * days first (a report over them then says the archive lacks them, instead of
 * judging a window it no longer holds); `onBatch` hears the running total.
 */
export function pruneSqlite(db: Database, before: string, onBatch?: (removed: number) => void): PruneOutcome {
  const plan = planSqlitePrune(db, before);
  const cut = Date.parse(`${before}T00:00:00Z`);
  db.transaction(() => forgetDaysBefore(db, before)).immediate();
  const batch = db.prepare('DELETE FROM events WHERE rowid IN (SELECT rowid FROM events WHERE timestamp_ms < ? LIMIT ?)');
  let removed = 0;
  for (;;) {
    const n = db.transaction(() => batch.run(cut, DELETE_BATCH).changes).immediate();
    removed += n;
    if (n > 0) onBatch?.(removed);
    if (n < DELETE_BATCH) break;
  }
  return { ...plan, events: removed, ...remainingAfter(db, cut) };
}

/** Each sync position now covers from `before` at the earliest (schema 4's first_day). */
function forgetDaysBefore(db: Database, before: string): void {
  const hasState = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sync_state'").get();
  if (hasState) db.prepare('UPDATE sync_state SET first_day = ? WHERE first_day < ?').run(before, before);
}
