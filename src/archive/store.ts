import type { Database } from 'better-sqlite3';
import type { EmailEvent } from '../api/emails.js';
import { EVENT_COLUMNS, eventRow, type EventRow } from './rows.js';

// Writing events: one transaction per page, upserting by event_id, so a page
// read twice (the overlap day, a resumed run) never duplicates a row and an
// event the service re-sends with more fields is updated in place. A big run
// goes without the unique index on event_id: the same statements then append
// every event, and the run's end keeps the last copy of each (indexes.ts).

export interface PageOutcome {
  added: number;
  present: number;
  /** Events the archive cannot key (no event_id or no time), with why. */
  skipped: string[];
}

export interface ArchiveTotals {
  total: number;
  /** `total` is the database's estimate: an exact count of a big PostgreSQL archive reads all of it (pg/count.ts). */
  estimated?: boolean;
  oldest: string | null;
  newest: string | null;
}

/** The rows of events (each kept whole as the row's `raw`), and why any could not be stored. */
export function rowsOfEvents(events: readonly EmailEvent[]): { rows: EventRow[]; skipped: string[] } {
  const rows: EventRow[] = [];
  const skipped: string[] = [];
  for (const event of events) {
    const row = eventRow(event);
    if (typeof row === 'string') skipped.push(row);
    else rows.push(row);
  }
  return { rows, skipped };
}

export function eventWriter(db: Database) {
  const names = EVENT_COLUMNS.join(', ');
  const marks = EVENT_COLUMNS.map(() => '?').join(', ');
  const insert = db.prepare(`INSERT OR IGNORE INTO events (${names}) VALUES (${marks})`);
  // Only a changed event is rewritten: re-reading an unchanged day costs reads, not writes.
  const update = db.prepare(
    `UPDATE events SET ${EVENT_COLUMNS.filter((c) => c !== 'event_id').map((c) => `${c} = ?`).join(', ')}
     WHERE event_id = ? AND raw IS NOT ?`,
  );

  /** Upserts built rows; the caller wraps it, with the sync position, in one transaction. */
  function storeRows(rows: readonly EventRow[]): { added: number; present: number } {
    let added = 0;
    let present = 0;
    for (const row of rows) {
      if (insert.run(row).changes === 1) {
        added++;
      } else {
        present++;
        update.run(...row.slice(1), row[0], row[16]);
      }
    }
    return { added, present };
  }

  /** Stores events; the caller wraps it in one transaction (fixtures and tools write archives this way). */
  function storePage(events: readonly EmailEvent[]): PageOutcome {
    const { rows, skipped } = rowsOfEvents(events);
    return { ...storeRows(rows), skipped };
  }
  return { storePage, storeRows };
}

export function archiveTotals(db: Database): ArchiveTotals {
  const total = (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  const edge = (dir: 'ASC' | 'DESC') =>
    (db.prepare(`SELECT timestamp FROM events ORDER BY timestamp_ms ${dir} LIMIT 1`).get() as { timestamp: string } | undefined)?.timestamp ?? null;
  return { total, oldest: edge('ASC'), newest: edge('DESC') };
}
