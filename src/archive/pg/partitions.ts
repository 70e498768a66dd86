import type { Client } from 'pg';
import { MS_PER_DAY } from '../../time-units.js';
import { LOCK_SPACE } from './schema.js';

// The events table is partitioned by UTC day: events_pYYYYMMDD holds
// [day 00:00Z, next day 00:00Z). A sync creates the partitions of a page's
// days before it inserts the page, each in its own short transaction under an
// advisory lock, so two syncs meeting a new day at once create it once (the
// second finds it made), and a dropped day (events prune) is a DROP TABLE.

const PARTITION_LOCK = 2;

/** The partition of a day (YYYY-MM-DD). */
export function partitionName(day: string): string {
  return `events_p${day.replaceAll('-', '')}`;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + MS_PER_DAY).toISOString().slice(0, 10);

/** Days counted from 1970-01-01 (an instant in ms / MS_PER_DAY, rounded down) as UTC dates, each once. */
export function dayNames(days: Iterable<number>): string[] {
  return [...new Set(days)].map((day) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10));
}

/**
 * Keeps, per connection, the days known to have a partition: each is looked
 * up once per run. `unknownDays` says, without a query, which of a page's days
 * `ensure` must look up (most pages: none).
 */
export function partitionMaker(client: Client) {
  const known = new Set<string>();
  function unknownDays(pageDays: readonly string[]): string[] {
    // The day after the newest one too: made before it begins, its partition
    // is there when its first event comes. Creating a partition waits for the
    // readers of the table (an export, a dashboard's query) to finish, and
    // makes the readers that come after it wait in turn: better at a quiet
    // moment than at midnight.
    const newest = pageDays.reduce((a, b) => (a > b ? a : b), '');
    const days = newest ? [...pageDays, nextDay(newest)] : [...pageDays];
    return [...new Set(days)].filter((d) => !known.has(d));
  }
  async function ensure(pageDays: readonly string[]): Promise<void> {
    const unknown = unknownDays(pageDays);
    if (unknown.length === 0) return;
    const names = unknown.map(partitionName);
    const present = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relname = ANY($1::text[])`,
      [names],
    );
    const have = new Set(present.rows.map((r) => r.name));
    const missing = unknown.filter((d) => !have.has(partitionName(d)));
    if (missing.length > 0) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_SPACE, PARTITION_LOCK]);
        for (const day of missing) {
          await client.query(
            `CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF events FOR VALUES FROM ('${day} 00:00:00+00') TO ('${nextDay(day)} 00:00:00+00')`,
          );
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
    for (const d of unknown) known.add(d);
  }
  return { unknownDays, ensure };
}
