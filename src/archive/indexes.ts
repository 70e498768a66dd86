import type { Database } from 'better-sqlite3';

// The five indexes of the events table (schema version 3 created them),
// built lazily around a big sync. Every committed page of a sync updates each
// index, and the keys of event_id, rcpt_to and request_id are scattered: each
// page dirties a different leaf page per row and index, and all of those
// pages go through the log. When a run is about to add more rows than the
// archive holds, it drops them and builds them once, sorted, at its end.
//
// Without the unique index on event_id such a run cannot upsert: it appends,
// and the build first removes the copies of an event it stored twice (the
// archive held it already, or the run read it twice), keeping the last one
// stored, which is what the upsert would have left.
//
// Readers (events list --db, report --db) get the same answers meanwhile: a
// read-only open of an archive without the unique index reads the events
// through a view that skips the older copies (open.ts). The sync rebuilds the
// indexes however it ends; a process killed before that leaves them missing,
// and the next writable open of the archive (the next sync) builds them again.

/** The unique key: built first, once duplicates are removed, so the others index fewer rows. */
export const EVENT_ID_INDEX = 'events_event_id';

/** Name and CREATE statement, exactly as migration 3 created them. */
const LAZY_INDEXES: readonly (readonly [name: string, create: string])[] = [
  [EVENT_ID_INDEX, 'CREATE UNIQUE INDEX IF NOT EXISTS events_event_id ON events (event_id)'],
  ['events_timestamp_ms', 'CREATE INDEX IF NOT EXISTS events_timestamp_ms ON events (timestamp_ms)'],
  ['events_type', 'CREATE INDEX IF NOT EXISTS events_type ON events (type, timestamp_ms)'],
  ['events_rcpt_to', 'CREATE INDEX IF NOT EXISTS events_rcpt_to ON events (rcpt_to COLLATE NOCASE)'],
  ['events_request_id', 'CREATE INDEX IF NOT EXISTS events_request_id ON events (request_id)'],
];

/** A run that adds fewer events than this keeps the indexes: rebuilding them would cost more. */
const LAZY_INDEX_MIN_EVENTS = 1000;

/** The page cache while indexes are built: 1 MB (negative: KiB). */
const BUILD_CACHE_SIZE = -1024;

/** Helper threads of SQLite's sorter while indexes are built. */
const BUILD_SORT_THREADS = 1;

/** The names of the events table's indexes. */
export function eventIndexes(db: Database): Set<string> {
  return new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'events'").pluck().all() as string[]);
}

/**
 * Removes every copy of an event but the last one stored (the newest read, as
 * an upsert would have left it). Returns how many rows it removed.
 */
function removeDuplicates(db: Database): number {
  return db
    .prepare(
      `DELETE FROM events WHERE rowid IN (
         SELECT e.rowid FROM events AS e
         JOIN (SELECT event_id, max(rowid) AS keep FROM events GROUP BY event_id HAVING count(*) > 1) AS d USING (event_id)
         WHERE e.rowid <> d.keep)`,
    )
    .run().changes;
}

/** Builds the unique index on event_id; a run that went without it may have stored an event twice. */
function buildEventIdIndex(db: Database, create: string): number {
  // Sorting the keys is all a build costs, and a run rarely stores an event
  // twice: try first, look for the copies only when the index refuses them.
  try {
    db.exec(create);
    return 0;
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
  }
  const removed = removeDuplicates(db);
  db.exec(create);
  return removed;
}

/**
 * Builds the missing indexes, in one transaction. `onDeduplicated` is called
 * inside it with the number of copies removed, when there were any, so the
 * caller can count them as already present in the same commit.
 * Returns whether any index was missing.
 */
export function ensureIndexes(db: Database, onDeduplicated?: (removed: number) => void): boolean {
  const present = eventIndexes(db);
  if (LAZY_INDEXES.every(([name]) => present.has(name))) return false;
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
      for (const [name, create] of LAZY_INDEXES) {
        if (present.has(name)) continue;
        if (name !== EVENT_ID_INDEX) {
          db.exec(create);
          continue;
        }
        const removed = buildEventIdIndex(db, create);
        if (removed > 0) onDeduplicated?.(removed);
      }
    }).immediate();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma('threads = 0');
  }
  return true;
}

/** Drops the indexes; call inside the transaction of the first page that goes without them. */
export function dropIndexes(db: Database): void {
  for (const [name] of LAZY_INDEXES) db.exec(`DROP INDEX IF EXISTS ${name}`);
}

/**
 * Rows the archive holds, cheaply (count(*) would read a whole index): the
 * largest rowid. Only removed copies (removeDuplicates) make it larger than
 * the count, by at most the events read twice: close enough to weigh a run.
 */
export function rowsPresent(db: Database): number {
  return (db.prepare('SELECT max(rowid) FROM events').pluck().get() as number | null) ?? 0;
}

/** Whether a run about to add `incoming` events should go without the indexes. */
export function worthDropping(incoming: number, present: number): boolean {
  return incoming >= LAZY_INDEX_MIN_EVENTS && incoming > present;
}
