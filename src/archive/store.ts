import type { Database } from 'better-sqlite3';
import type { EmailEvent } from '../api/emails.js';
import { EVENT_COLUMNS, eventRow } from './rows.js';

// Writing events: one transaction per page, upserting by event_id, so a page
// read twice (the overlap day, a resumed run) never duplicates a row and an
// event the service re-sends with more fields is updated in place.

export interface PageOutcome {
  added: number;
  present: number;
  /** Events the archive cannot key (no event_id or no time), with why. */
  skipped: string[];
}

export interface ArchiveTotals {
  total: number;
  oldest: string | null;
  newest: string | null;
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

  /** Stores the page's events; the caller wraps it, with the sync position, in one transaction. */
  function storePage(events: readonly EmailEvent[], keep?: ReadonlySet<string>): PageOutcome {
    const outcome: PageOutcome = { added: 0, present: 0, skipped: [] };
    for (const e of events) {
      if (keep && !keep.has(e.type as string)) continue;
      const row = eventRow(e);
      if (typeof row === 'string') {
        outcome.skipped.push(row);
        continue;
      }
      if (insert.run(...row).changes === 1) {
        outcome.added++;
      } else {
        outcome.present++;
        const [id, ...rest] = row;
        update.run(...rest, id, row[16]);
      }
    }
    return outcome;
  }
  return { storePage };
}

export function archiveTotals(db: Database): ArchiveTotals {
  const total = (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  const edge = (dir: 'ASC' | 'DESC') =>
    (db.prepare(`SELECT timestamp FROM events ORDER BY timestamp_ms ${dir} LIMIT 1`).get() as { timestamp: string } | undefined)?.timestamp ?? null;
  return { total, oldest: edge('ASC'), newest: edge('DESC') };
}
