import type { Database } from 'better-sqlite3';

// The four secondary indexes of the events table (schema version 1 created
// them), built lazily around a big sync. Every committed page of a sync
// updates each index, and the keys of rcpt_to and request_id are scattered:
// each page dirties a different leaf page per row and index, and all of
// those pages go through the log. When a run is about to add more rows than
// the archive holds, it drops them and builds them once, sorted, at its end.
//
// Readers (events list --db, report --db, sqlite3) get the same answers
// without them, only slower. The sync rebuilds them however it ends; a
// process killed before that leaves them missing, and the next writable open
// of the archive (the next sync) builds them again.

/** Name and definition, exactly as migration 1 created them. */
const SECONDARY_INDEXES: readonly (readonly [name: string, definition: string])[] = [
  ['events_timestamp_ms', 'events (timestamp_ms)'],
  ['events_type', 'events (type, timestamp_ms)'],
  ['events_rcpt_to', 'events (rcpt_to COLLATE NOCASE)'],
  ['events_request_id', 'events (request_id)'],
];

/** A run that adds fewer events than this keeps the indexes: rebuilding them would cost more. */
const LAZY_INDEX_MIN_EVENTS = 1000;

/** The page cache while indexes are built: 1 MB (negative: KiB). */
const BUILD_CACHE_SIZE = -1024;

/** Helper threads of SQLite's sorter while indexes are built. */
const BUILD_SORT_THREADS = 1;

/** Whether every secondary index exists. */
function indexesComplete(db: Database): boolean {
  const present = new Set(
    (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'events'").pluck().all() as string[]),
  );
  return SECONDARY_INDEXES.every(([name]) => present.has(name));
}

/** Builds the missing secondary indexes, in one transaction. Returns whether any was missing. */
export function ensureIndexes(db: Database): boolean {
  if (indexesComplete(db)) return false;
  // CREATE INDEX sorts its keys in memory up to the page cache's size, then
  // in temporary files: a small cache while building keeps a sync's peak
  // memory the same whether it added 20,000 events or 2,000,000.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = ${BUILD_CACHE_SIZE}`);
  // One helper thread for the sorts: the build is the last thing a sync does,
  // alone on the machine's second core (measured: 355 -> 290 ms for 200,000 events, with 1 or 2 helpers alike).
  db.pragma(`threads = ${BUILD_SORT_THREADS}`);
  try {
    db.transaction(() => {
      for (const [name, definition] of SECONDARY_INDEXES) db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
    }).immediate();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma('threads = 0');
  }
  return true;
}

/** Drops the secondary indexes; call inside the transaction of the first page that goes without them. */
export function dropIndexes(db: Database): void {
  for (const [name] of SECONDARY_INDEXES) db.exec(`DROP INDEX IF EXISTS ${name}`);
}

/**
 * Rows the archive holds, cheaply: rows are never deleted, so the largest
 * rowid is their count (count(*) would read a whole index).
 */
export function rowsPresent(db: Database): number {
  return (db.prepare('SELECT max(rowid) FROM events').pluck().get() as number | null) ?? 0;
}

/** Whether a run about to add `incoming` events should go without the indexes. */
export function worthDropping(incoming: number, present: number): boolean {
  return incoming >= LAZY_INDEX_MIN_EVENTS && incoming > present;
}
