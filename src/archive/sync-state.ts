import type { Database } from 'better-sqlite3';

// The sync position of one API (base URL) and stored-types filter, read and
// written inside the same transactions as the events they describe.

export interface SyncState {
  /** Newest UTC day a completed run read to its end (YYYY-MM-DD). */
  newestDay: string | null;
  /** The range an interrupted run was reading, and the cursor of its next page. */
  pending: { from: string; to: string; cursor: string | null } | null;
}

export interface SyncKey {
  baseUrl: string;
  /** Sorted, comma-joined stored types; '' for every type. */
  eventTypes: string;
}

export interface RunCounts {
  read: number;
  added: number;
  present: number;
  requests: number;
}

export function readSyncState(db: Database, key: SyncKey): SyncState {
  const row = db
    .prepare('SELECT newest_day, pending_from, pending_to, pending_cursor FROM sync_state WHERE base_url = ? AND event_types = ?')
    .get(key.baseUrl, key.eventTypes) as
    | { newest_day: string | null; pending_from: string | null; pending_to: string | null; pending_cursor: string | null }
    | undefined;
  if (!row) return { newestDay: null, pending: null };
  const pending = row.pending_from && row.pending_to ? { from: row.pending_from, to: row.pending_to, cursor: row.pending_cursor } : null;
  return { newestDay: row.newest_day, pending };
}

/** Statements that record progress; call them inside the page's transaction. */
export function syncStateWriter(db: Database, key: SyncKey) {
  const ensure = db.prepare('INSERT OR IGNORE INTO sync_state (base_url, event_types) VALUES (?, ?)');
  const start = db.prepare(
    `UPDATE sync_state SET last_run_started_at = ?, last_run_finished_at = NULL, first_day = coalesce(first_day, ?),
       last_run_read = 0, last_run_new = 0, last_run_present = 0, last_run_requests = 0
     WHERE base_url = ? AND event_types = ?`,
  );
  const progress = db.prepare(
    `UPDATE sync_state SET pending_from = ?, pending_to = ?, pending_cursor = ?,
       last_run_read = ?, last_run_new = ?, last_run_present = ?, last_run_requests = ?
     WHERE base_url = ? AND event_types = ?`,
  );
  const done = db.prepare(
    `UPDATE sync_state SET newest_day = max(coalesce(newest_day, ''), ?), pending_from = NULL, pending_to = NULL, pending_cursor = NULL,
       last_run_read = ?, last_run_new = ?, last_run_present = ?, last_run_requests = ?
     WHERE base_url = ? AND event_types = ?`,
  );
  const recount = db.prepare('UPDATE sync_state SET last_run_new = ?, last_run_present = ? WHERE base_url = ? AND event_types = ?');
  // A complete run read everything up to its start (pages come newest first): what a report may rely on.
  const finish = db.prepare('UPDATE sync_state SET last_run_finished_at = ?, covered_until = last_run_started_at WHERE base_url = ? AND event_types = ?');
  const k = [key.baseUrl, key.eventTypes] as const;
  const c = (n: RunCounts) => [n.read, n.added, n.present, n.requests] as const;
  return {
    /** `firstDay`: the first day this run reads, recorded as the position's first day when it has none. */
    start(at: string, firstDay: string) {
      ensure.run(...k);
      start.run(at, firstDay, ...k);
    },
    /** The range is being read; `cursor` is where its next page starts. */
    progress(range: { from: string; to: string }, cursor: string | null, counts: RunCounts) {
      progress.run(range.from, range.to, cursor, ...c(counts), ...k);
    },
    /** The range was read to its end: its last day is now the newest fully read. */
    rangeDone(to: string, counts: RunCounts) {
      done.run(to, ...c(counts), ...k);
    },
    /** The run's new and already-present events, corrected after its end removed copies (indexes.ts). */
    recount(counts: RunCounts) {
      recount.run(counts.added, counts.present, ...k);
    },
    finish(at: string) {
      finish.run(at, ...k);
    },
  };
}
