import type { Database } from 'better-sqlite3';
import { dropIndexes, rowsPresent, worthDropping } from './indexes.js';
import type { EventRow } from './rows.js';
import type { EmailEvent } from '../api/emails.js';
import { eventWriter, rowsOfEvents } from './store.js';
import { syncStateWriter, type RunCounts, type SyncKey } from './sync-state.js';

// One page of a sync, committed: its rows and the sync position after it, in
// one transaction (cli.md "Event archive").

/**
 * A page as the sync hands it over: its events to store, the position after it.
 * The events come as the API gave them; their rows (with each event's JSON as
 * `raw`) are built just before the commit.
 */
export interface PageToCommit {
  /** The page's events that --events keeps. */
  events: readonly EmailEvent[];
  /** Events the page held (stored, filtered out by --events, or not storable). */
  read: number;
  /** Requests the run has sent so far, recorded with the position. */
  requests: number;
  range: { from: string; to: string };
  /** The cursor of the range's next page; null: the range was read to its end. */
  nextCursor: string | null;
  /** total_count of the range, on its first page: whether to go without the indexes. */
  firstOfPassTotal?: number;
}

/** What one commit did, and the run's committed totals after it. */
export interface PageCommitted {
  /** Events of the page the archive cannot key (no event_id, no readable time), with why. */
  skipped: string[];
  added: number;
  present: number;
  counts: RunCounts;
  /** This commit dropped the indexes: the run must build them before it ends. */
  droppedIndexes: boolean;
}

export function pageCommitter(db: Database, key: SyncKey) {
  const writer = eventWriter(db);
  const state = syncStateWriter(db, key);
  // Totals of what is committed; each transaction records them with the position.
  const counts: RunCounts = { read: 0, added: 0, present: 0, requests: 0 };
  let dropped = false;
  const commit = db.transaction((page: PageToCommit, rows: EventRow[]): Omit<PageCommitted, 'skipped'> => {
    let droppedIndexes = false;
    // A run about to add more events than the archive holds goes without the
    // indexes, event_id's unique one included, and builds them at its end (indexes.ts).
    if (!dropped && page.firstOfPassTotal !== undefined && worthDropping(page.firstOfPassTotal, rowsPresent(db))) {
      dropIndexes(db);
      droppedIndexes = true;
    }
    const outcome = writer.storeRows(rows);
    const next = {
      read: counts.read + page.read,
      added: counts.added + outcome.added,
      present: counts.present + outcome.present,
      requests: page.requests,
    };
    if (page.nextCursor !== null) state.progress(page.range, page.nextCursor, next);
    else state.rangeDone(page.range.to, next);
    return { ...outcome, counts: next, droppedIndexes };
  });
  return {
    /** Commits the page (BEGIN IMMEDIATE); the totals move only once the commit succeeded. */
    commit(page: PageToCommit): PageCommitted {
      // Built before BEGIN: readers and the write lock need not wait for it.
      const { rows, skipped } = rowsOfEvents(page.events);
      const done = commit.immediate(page, rows);
      Object.assign(counts, done.counts);
      if (done.droppedIndexes) dropped = true;
      return { ...done, skipped };
    },
  };
}
