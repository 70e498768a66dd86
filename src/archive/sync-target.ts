import type { PageCommitted, PageToCommit } from './page-commit.js';
import type { ArchiveTotals } from './store.js';
import type { RunCounts, SyncState } from './sync-state.js';

// What `events sync` writes into, whichever store holds the archive (an
// SQLite file: sqlite-sync.ts; a PostgreSQL database: pg/sync.ts). Opened for
// one sync position (base URL + stored types); every page is committed in one
// transaction with the position after it (several pages may share one).

export interface SyncTarget {
  /** The archive's path, or its URL without a password. */
  readonly label: string;
  readSyncState(): Promise<SyncState>;
  /** One archive, one team: a key of another team is refused (exit 2) before anything is written. */
  claimForTeam(teamId: number): Promise<void>;
  /** Records the run's start; `firstDay` becomes the position's first day when it has none. */
  start(at: string, firstDay: string): Promise<void>;
  /**
   * Commits a page with the position after it, or holds it to commit it with
   * the next ones (PostgreSQL: at most ten pages, at most a second, never past
   * the end of its range); rejects with the commit's error (nothing of the
   * pages it held is kept). The counts returned are those committed.
   */
  commit(page: PageToCommit): Promise<PageCommitted>;
  /**
   * Completes what the run deferred (the pages held back, the SQLite archive's dropped indexes),
   * and returns the run's counts as the archive now holds them (requests: the number of the last page
   * committed, which is how many pages are). `failing`: on
   * the way out of a failed run, where a problem here is only warned about.
   */
  settle(counts: RunCounts, failing: boolean, warn: (message: string) => void): Promise<RunCounts>;
  /** Checks the archive and records the run as complete. */
  finish(at: string): Promise<void>;
  totals(): Promise<ArchiveTotals>;
  /** The error to report for a failure of the store: one line naming the archive; anything else as it is. */
  failure(error: unknown): unknown;
  close(): Promise<void>;
}
