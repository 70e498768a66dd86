import type { Database } from 'better-sqlite3';

// What the archive's syncs read completely: which event types (a sync with
// --events stored only those), from which day, up to when. A report over the
// archive asks it before it judges a rate (report/archive.ts).

export interface Coverage {
  /** The types the sync stored; null: every type. */
  types: readonly string[] | null;
  /** Start of the first day its first run read (ms). */
  fromMs: number;
  /** Start of its last complete run (ms): events after it are not in the archive. */
  untilMs: number;
}

export interface CoverageRow {
  event_types: string;
  first_day: string | null;
  covered_until: string | null;
}

/**
 * The windows the archive's syncs read to their end; null when no sync wrote
 * the archive (a file built by other means: it cannot say what it lacks). A
 * sync that never completed covers nothing.
 */
export function archiveCoverage(db: Database): Coverage[] | null {
  const columns = new Set((db.prepare("SELECT name FROM pragma_table_info('sync_state')").pluck().all() as string[]));
  if (columns.size === 0) return null;
  // Archives of schema 2 and 3 (no first_day, covered_until) are read as migration 4 fills them.
  const rows = db
    .prepare(
      columns.has('covered_until')
        ? 'SELECT event_types, first_day, covered_until FROM sync_state'
        : `SELECT event_types,
             (SELECT strftime('%Y-%m-%d', min(timestamp_ms) / 1000, 'unixepoch') FROM events) AS first_day,
             CASE WHEN last_run_finished_at IS NOT NULL AND pending_from IS NULL THEN last_run_started_at END AS covered_until
           FROM sync_state`,
    )
    .all() as CoverageRow[];
  return coverageOfRows(rows);
}

/** The sync positions' rows (sync_state, either store) as the windows they cover; null when there is none. */
export function coverageOfRows(rows: readonly CoverageRow[]): Coverage[] | null {
  if (rows.length === 0) return null;
  const out: Coverage[] = [];
  for (const row of rows) {
    const fromMs = row.first_day ? Date.parse(`${row.first_day}T00:00:00Z`) : NaN;
    const untilMs = row.covered_until ? Date.parse(row.covered_until) : NaN;
    const types = row.event_types === '' ? null : row.event_types.split(',');
    out.push({ types, fromMs: Number.isNaN(fromMs) ? Infinity : fromMs, untilMs: Number.isNaN(untilMs) ? -Infinity : untilMs });
  }
  return out;
}
