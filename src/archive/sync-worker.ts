import BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { pageCommitter } from './page-commit.js';
import type { SyncKey } from './sync-state.js';
import type { ToWorker, FromWorker } from './worker-messages.js';
import { useWriterPragmas } from './writer-pragmas.js';

// The archive worker of `events sync` (dist/archive-worker.js): commits the
// pages the main thread hands over, each in one transaction with the sync
// position, on a connection of its own. Meanwhile the main thread receives and
// parses the next pages: the inserts and the commits' log writes, most of a
// big sync's time, run on the second core. Pages are committed in the order
// they arrive, and each is acknowledged only once committed.

/** The page cache of the worker's connection: 2 MB (negative: KiB). */
const WORKER_CACHE_SIZE = -2048;

/** Pages of log (4 KB each) after which a commit folds the log into the file. */
const WORKER_AUTOCHECKPOINT_PAGES = 4096;

const { path, key } = workerData as { path: string; key: SyncKey };
const port = parentPort!;
const db = new BetterSqlite3(path, { fileMustExist: true });
useWriterPragmas(db);
// 2 MB of page cache instead of 8: the thread adds its own heap to the
// process, and the inserts gained nothing from the larger cache (200,000
// events: same time, peak RSS 115 -> 108 MB).
db.pragma(`cache_size = ${WORKER_CACHE_SIZE}`);
// The worker folds the log into the file every 16 MB rather than 64: it has
// time to spare while the main thread reads pages, and what is left when the
// run ends (the sync's last connection folds it in when it closes) is waited for.
db.pragma(`wal_autocheckpoint = ${WORKER_AUTOCHECKPOINT_PAGES}`);
const committer = pageCommitter(db, key);
let failed = false;

const send = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.kind === 'close') {
    db.close();
    send({ kind: 'closed' });
    port.close();
    return;
  }
  // After a failed commit the run is ending: no later page may be committed
  // past the hole (the position would skip the failed page's events).
  if (failed) return send({ kind: 'refused' });
  try {
    send({ kind: 'committed', committed: committer.commit(message.page) });
  } catch (error) {
    failed = true;
    const e = error as Error & { code?: string };
    send({ kind: 'failed', message: e.message, code: e.code });
  }
});
