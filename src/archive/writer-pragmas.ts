import type { Database } from 'better-sqlite3';

// The settings of a connection that writes the archive: the sync's own
// connection (open.ts).

/** Whether commits wait for the disk: always, but in the tests (waitForDisk). */
let durable = true;

/**
 * For the tests only (test/helpers/context.ts), as their PostgreSQL cluster runs
 * with fsync = off: commits and the checkpoint at close no longer wait for the
 * disk. A killed process keeps every committed page either way; only a crash of
 * the machine differs.
 */
export function waitForDisk(wait: boolean): void {
  durable = wait;
}

export function useWriterPragmas(db: Database): void {
  db.pragma('busy_timeout = 5000');
  if (!durable) db.pragma('synchronous = OFF'); // before the switch to WAL, which would wait too
  // WAL: each page's transaction is one append to the log; NORMAL sync keeps
  // every committed page across a crash of the process (not of the machine).
  db.pragma('journal_mode = WAL');
  db.pragma(durable ? 'synchronous = NORMAL' : 'synchronous = OFF');
  // A checkpoint (the only fsync in this mode) every 64 MB of log instead of
  // every 4 MB: a sync of 200,000 events spends its time on the network, not
  // waiting for the disk. The log is folded into the file when the sync closes it.
  db.pragma('wal_autocheckpoint = 16384');
  // 8 MB of page cache (the default is 2 MB): the hot index pages stay in
  // memory between commits, and memory stays flat however big the archive grows.
  db.pragma('cache_size = -8192');
}
