import { archiveFailure } from './damage.js';
import { openArchive } from './open.js';
import { countEvents, eventBatches, rawEventBatches } from './query.js';
import type { ArchiveReader } from './reader.js';
import { readSyncState } from './sync-state.js';

// The SQLite file behind the archive reader interface (reader.ts).

export function openSqliteReader(path: string): ArchiveReader {
  const db = openArchive(path, { readonly: true });
  return {
    label: path,
    async *eventBatches(filter) {
      yield* eventBatches(db, filter);
    },
    async *rawEventBatches(filter) {
      yield* rawEventBatches(db, filter);
    },
    async countEvents(filter) {
      return countEvents(db, filter);
    },
    async requestEventTypes(requestId) {
      return db.prepare('SELECT type FROM events WHERE request_id = ? ORDER BY timestamp_ms ASC, rowid DESC').pluck().all(requestId) as string[];
    },
    async syncState(key) {
      const has = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sync_state'").get();
      return has ? readSyncState(db, key) : { newestDay: null, pending: null };
    },
    failure: (error, afterRows) => archiveFailure(error, path, afterRows),
    async close() {
      db.close();
    },
  };
}
