import type { Database } from 'better-sqlite3';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { RUN_TIME_V8_FLAGS } from '../v8-flags.js';
import { pageCommitter, type PageCommitted, type PageToCommit } from './page-commit.js';
import type { SyncKey } from './sync-state.js';
import type { FromWorker, ToWorker } from './worker-messages.js';

// Where `events sync` hands its pages: the archive worker (sync-worker.ts)
// when the build has one, else a committer on the main thread (a run from the
// sources, as the in-process tests do). Either way pages are committed in the
// order they were handed over and reported, once committed, to onCommitted:
// the run's counts are always those of committed pages.

/**
 * Pages handed to the worker and not yet committed, at most: bounded memory
 * (about 100 KB of rows each), and a few milliseconds of commits to finish on
 * Ctrl-C. Four rather than two lets the main thread run ahead of a slow
 * commit (a checkpoint) and keeps the worker busy: 200,000 events 0.3 s sooner.
 */
const MAX_IN_FLIGHT = 4;

export interface PageSink {
  /** Hands a page over; resolves once fewer than MAX_IN_FLIGHT wait. Rejects with a failed commit's error. */
  submit(page: PageToCommit): Promise<void>;
  /** Resolves once every page handed over is committed; rejects with the first failed commit's error. */
  flush(): Promise<void>;
  /** Ends the worker and its connection; never rejects. */
  close(): Promise<void>;
}

type OnCommitted = (done: PageCommitted) => void;

export function openPageSink(opts: { db: Database; path: string; key: SyncKey; workerScript?: string; onCommitted: OnCommitted }): PageSink {
  return opts.workerScript ? workerSink(opts.workerScript, opts.path, opts.key, opts.onCommitted) : mainThreadSink(opts.db, opts.key, opts.onCommitted);
}

function mainThreadSink(db: Database, key: SyncKey, onCommitted: OnCommitted): PageSink {
  const committer = pageCommitter(db, key);
  return {
    async submit(page) {
      onCommitted(committer.commit(page));
    },
    async flush() {},
    async close() {},
  };
}

function sqliteError(message: string, code: string | undefined): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

function workerSink(script: string, path: string, key: SyncKey, onCommitted: OnCommitted): PageSink {
  const worker = new Worker(script, { workerData: { path, key } });
  // Starting the thread put V8's flags back to their defaults: without
  // --semi-space-growth-factor=1 the main thread's young generation doubled
  // from 2 to 32 MB during a 200,000-event sync, and the paging engine's heap
  // check (src/api/old-space.ts), which counts it, forced 165 full
  // collections (1.3 s). Set again: 2.04x -> 1.46x of the export, same peak RSS.
  worker.once('online', () => {
    for (const flag of RUN_TIME_V8_FLAGS) setFlagsFromString(flag);
  });
  // One entry per page handed over, in order: resolved when the worker answers for it.
  const acks: Array<() => void> = [];
  const pending: Promise<void>[] = [];
  let failure: Error | undefined;
  let exited = false;
  const answer = () => {
    acks.shift()?.();
    pending.shift();
  };
  const fail = (error: Error) => {
    failure ??= error;
    while (acks.length) answer();
  };
  worker.on('message', (message: FromWorker) => {
    if (message.kind === 'committed') onCommitted(message.committed);
    else if (message.kind === 'failed') failure ??= sqliteError(message.message, message.code);
    if (message.kind !== 'closed') answer();
  });
  worker.on('error', fail);
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      exited = true;
      fail(new Error('the archive worker ended before committing every page'));
      resolve();
    }),
  );
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async submit(page) {
      check();
      worker.postMessage({ kind: 'page', page } satisfies ToWorker);
      pending.push(new Promise<void>((resolve) => acks.push(resolve)));
      while (pending.length >= MAX_IN_FLIGHT && !failure) await pending[0];
      check();
    },
    async flush() {
      await Promise.all(pending);
      check();
    },
    async close() {
      if (!exited) worker.postMessage({ kind: 'close' } satisfies ToWorker);
      await exit;
    },
  };
}
