import type { Database } from 'better-sqlite3';
import { pageCommitter, type PageCommitted, type PageToCommit } from './page-commit.js';
import type { SyncKey } from './sync-state.js';

// Where `events sync` hands its pages: each is committed on the spot, on the
// main thread, in one transaction with the sync position (page-commit.ts), and
// reported to onCommitted once committed: the run's counts are always those of
// committed pages. At the service's rate a sync waits on the rate limit far
// longer than it spends committing, so the commits need no thread of their own.

export interface PageSink {
  /** Commits a page; rejects with the commit's error (nothing of that page is kept). */
  submit(page: PageToCommit): Promise<void>;
  /** Resolves once every page handed over is committed (at once: submit commits). */
  flush(): Promise<void>;
  /** Never rejects. */
  close(): Promise<void>;
}

type OnCommitted = (done: PageCommitted) => void;

export function openPageSink(opts: { db: Database; key: SyncKey; onCommitted: OnCommitted }): PageSink {
  const committer = pageCommitter(opts.db, opts.key);
  return {
    async submit(page) {
      opts.onCommitted(committer.commit(page));
    },
    async flush() {},
    async close() {},
  };
}
