import type { Client } from 'pg';
import type { PruneOutcome } from '../prune.js';
import { countPgEvents } from './count.js';

// `events prune --before DAY` on the PostgreSQL archive: the events table is
// partitioned by UTC day (partitions.ts: events_pYYYYMMDD), so the days before
// DAY go as whole partitions, DROP TABLE each: no row is deleted one by one,
// no dead tuple is left for VACUUM, and the disk space returns to the server
// at once. The sync positions stop claiming those days first, in a
// transaction of their own, as the SQLite archive does (prune.ts).

const PARTITION = /^events_p(\d{4})(\d{2})(\d{2})$/;

/** The day partitions of the events table before `before`, oldest first. */
async function partitionsBefore(client: Client, before: string): Promise<Array<{ name: string; day: string }>> {
  const r = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'events'::regclass ORDER BY 1`,
  );
  const out: Array<{ name: string; day: string }> = [];
  for (const { name } of r.rows) {
    const m = PARTITION.exec(name);
    if (!m) continue;
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    if (day < before) out.push({ name, day });
  }
  return out;
}

async function remainingAfter(client: Client, before: string): Promise<Pick<PruneOutcome, 'remaining' | 'remainingEstimated' | 'oldestRemaining'>> {
  const { events, estimated } = await countPgEvents(client, { from: before });
  // The oldest event's time as the service wrote it (raw), as the SQLite archive reports it.
  const oldest = await client.query<{ t: string }>(`SELECT raw->>'timestamp' AS t FROM events WHERE "timestamp" >= $1 ORDER BY "timestamp" LIMIT 1`, [
    `${before}T00:00:00Z`,
  ]);
  return { remaining: events, ...(estimated ? { remainingEstimated: true } : {}), oldestRemaining: oldest.rows[0]?.t ?? null };
}

/** The day partitions before `before`, as a plan without its events. */
async function partitionPlan(client: Client, before: string) {
  const parts = await partitionsBefore(client, before);
  return { parts, plan: { before, days: parts.length, firstDay: parts[0]?.day ?? null, lastDay: parts.at(-1)?.day ?? null } };
}

/** What pruning before `before` would drop (partitions and their events), and what it would leave. */
export async function planPgPrune(client: Client, before: string): Promise<PruneOutcome> {
  const { plan } = await partitionPlan(client, before);
  const { events, estimated } = await countPgEvents(client, { before });
  return { ...plan, events, ...(estimated ? { estimated: true } : {}), ...(await remainingAfter(client, before)) };
}

/**
 * Drops the day partitions before `before`, each in its own statement (a
 * short lock of the events table each; a running sync waits for one drop at a
 * time, not for the whole prune). `onBatch` hears the events removed so far.
 */
export async function prunePg(client: Client, before: string, onBatch?: (removed: number) => void): Promise<PruneOutcome> {
  const { parts, plan } = await partitionPlan(client, before);
  await client.query('UPDATE sync_state SET first_day = $1 WHERE first_day < $1', [before]);
  let removed = 0;
  for (const { name } of parts) {
    await client.query('BEGIN');
    try {
      const n = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}`);
      await client.query(`DROP TABLE ${name}`);
      await client.query('COMMIT');
      removed += Number(n.rows[0]!.n);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    onBatch?.(removed);
  }
  return { ...plan, events: removed, ...(await remainingAfter(client, before)) };
}
