import type { Database } from 'better-sqlite3';
import type { EmailEvent } from '../api/emails.js';
import type { TimeWindow } from './window.js';

// Reading events back, newest first as the API lists them (events of the same
// millisecond in the order they were stored, which is the API's order), with
// the filters of GET /emails/events. Rows stream from SQLite in batches: an
// export of a million events holds one batch at a time.

export interface ArchiveFilter {
  window: TimeWindow;
  types?: readonly string[];
  recipients?: readonly string[];
  transmission?: string;
  bounceClasses?: readonly number[];
  limit?: number;
}

// 100 rows (about 50 KB of JSON) a batch: V8's young generation is kept small
// (src/main.ts), and a batch still alive at each scavenge is copied, then
// promoted. With 1,000 rows an export of 20,600 rows spent a fifth of its
// time collecting; with 100, about 12% less in all (docs/performance.md).
const BATCH = 100;

function whereOf(f: ArchiveFilter): { sql: string; params: unknown[] } {
  const clauses = ['timestamp_ms BETWEEN ? AND ?'];
  const params: unknown[] = [f.window.fromMs, f.window.toMs];
  const inList = (column: string, values: readonly unknown[], collate = '') => {
    clauses.push(`${column} ${collate}IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  if (f.types) inList('type', f.types);
  // Addresses match whatever their case, as the service matches them.
  if (f.recipients) inList('rcpt_to', f.recipients, 'COLLATE NOCASE ');
  if (f.transmission) inList('request_id', [f.transmission]);
  if (f.bounceClasses) inList('bounce_class', f.bounceClasses);
  return { sql: clauses.join(' AND '), params };
}

function statement(db: Database, f: ArchiveFilter, what: string) {
  const { sql, params } = whereOf(f);
  const limit = f.limit === undefined ? '' : ' LIMIT ?';
  if (f.limit !== undefined) params.push(f.limit);
  return { stmt: db.prepare(`SELECT ${what} FROM events WHERE ${sql} ORDER BY timestamp_ms DESC, rowid ASC${limit}`), params };
}

/** The raw JSON text of each matching event, in batches: what NDJSON output writes as is. */
export function* rawEventBatches(db: Database, f: ArchiveFilter): Generator<string[]> {
  const { stmt, params } = statement(db, f, 'raw');
  let batch: string[] = [];
  for (const raw of stmt.pluck().iterate(...params) as IterableIterator<string>) {
    batch.push(raw);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The matching events as the API sent them, in batches. */
export function* eventBatches(db: Database, f: ArchiveFilter): Generator<EmailEvent[]> {
  for (const batch of rawEventBatches(db, f)) yield batch.map((raw) => JSON.parse(raw) as EmailEvent);
}

/** How many events match (for the notice of a listing stopped at --limit). */
export function countEvents(db: Database, f: ArchiveFilter): number {
  const { sql, params } = whereOf(f);
  return (db.prepare(`SELECT count(*) AS n FROM events WHERE ${sql}`).get(...params) as { n: number }).n;
}
