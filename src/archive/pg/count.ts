import type { Client } from 'pg';
import { partitionName } from './partitions.js';

// How many events a PostgreSQL archive holds, cheaply. An exact count reads
// every partition: at the service's rate ceiling an archive holds billions of
// events, terabytes that a sync's summary (every run, from cron), doctor and
// prune would scan each time. Past EXACT_COUNT_UP_TO rows by the planner's
// statistics the figure is that estimate, and says so.

/** Past this many rows (the planner's estimate), the count is the estimate. */
const EXACT_COUNT_UP_TO = 10_000_000;

export interface EventCount {
  events: number;
  /** `events` is the planner's estimate (pg_class.reltuples of the day partitions), not a count. */
  estimated: boolean;
}

/**
 * The events of the archive, or of its days from `from` and/or before
 * `before` (YYYY-MM-DD: whole partitions). reltuples is -1 for a partition
 * never vacuumed or analyzed: counted as 0 there, so a young archive is
 * counted exactly.
 */
export async function countPgEvents(client: Client, days: { from?: string; before?: string } = {}): Promise<EventCount> {
  // Partition names sort as their days do (events_pYYYYMMDD); instants bound the exact count the same way.
  const names: string[] = [];
  const times: string[] = [];
  const partitionBounds: string[] = [];
  const timeBounds: string[] = [];
  if (days.from) {
    names.push(partitionName(days.from));
    times.push(`${days.from}T00:00:00Z`);
    partitionBounds.push(`c.relname >= $${names.length}`);
    timeBounds.push(`"timestamp" >= $${times.length}`);
  }
  if (days.before) {
    names.push(partitionName(days.before));
    times.push(`${days.before}T00:00:00Z`);
    partitionBounds.push(`c.relname < $${names.length}`);
    timeBounds.push(`"timestamp" < $${times.length}`);
  }
  const stats = await client.query<{ rows: string }>(
    `SELECT coalesce(sum(greatest(c.reltuples, 0)::float8), 0)::bigint AS rows FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE ${["i.inhparent = 'events'::regclass", ...partitionBounds].join(' AND ')}`,
    names,
  );
  const estimate = Number(stats.rows[0]!.rows);
  if (estimate > EXACT_COUNT_UP_TO) return { events: estimate, estimated: true };
  const exact = await client.query<{ n: string }>(`SELECT count(*) AS n FROM events${timeBounds.length ? ` WHERE ${timeBounds.join(' AND ')}` : ''}`, times);
  return { events: Number(exact.rows[0]!.n), estimated: false };
}
