import type { PageCommitted, PageToCommit } from './page-commit.js';

// What the sync's main thread and the archive worker say to each other.

export type ToWorker = { kind: 'page'; page: PageToCommit } | { kind: 'close' };

export type FromWorker =
  | { kind: 'committed'; committed: PageCommitted }
  /** The commit failed (SQLite's message and code): nothing of that page was kept. */
  | { kind: 'failed'; message: string; code?: string }
  /** Not committed because an earlier page failed. */
  | { kind: 'refused' }
  | { kind: 'closed' };
