import type { EmailEvent } from '../api/emails.js';
import type { ArchiveFilter } from './query.js';
import type { SyncKey, SyncState } from './sync-state.js';

// The archive as its readers see it, whichever store holds it (an SQLite
// file, a PostgreSQL database): events list --db, email show --db and the
// sync's --dry-run never know which. Rows stream in batches, newest first as
// the API lists them; nothing holds a whole result.

export interface ArchiveReader {
  /** The archive's path, or its URL without a password: what messages name. */
  readonly label: string;
  /** The matching events as the API sent them, in batches. */
  eventBatches(filter: ArchiveFilter): AsyncIterable<EmailEvent[]>;
  /** The matching events as compact JSON text (NDJSON lines), in batches. */
  rawEventBatches(filter: ArchiveFilter): AsyncIterable<string[]>;
  /** How many events match (the notice of a listing stopped at --limit). */
  countEvents(filter: ArchiveFilter): Promise<number>;
  /** The types of every archived event of a request id, oldest first (any time): what decides an email's state. */
  requestEventTypes(requestId: string): Promise<string[]>;
  /** Where a sync position stands; empty before any sync. */
  syncState(key: SyncKey): Promise<SyncState>;
  /** The error to report for a failure of the store, with the rows already written when a reader failed part-way. */
  failure(error: unknown, afterRows?: number): unknown;
  close(): Promise<void>;
}
