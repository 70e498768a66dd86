import type { Client } from 'pg';

// What `doctor --db postgres://…` says about a PostgreSQL archive, read in a
// few cheap statements: its schema version, how many events in how many day
// partitions, the newest event, the last complete sync and the team.

/** Past this many rows (the planner's estimate) the count is the estimate: an exact count reads every partition. */
const EXACT_COUNT_UP_TO = 10_000_000;

export interface PgArchiveFacts {
  version: number;
  events: number;
  /** `events` is the planner's estimate (pg_class.reltuples), not a count. */
  estimated: boolean;
  partitions: number;
  /** The newest event's time as served; null when the archive is empty. */
  newest: string | null;
  /** When the newest complete sync started (every event up to then is archived); null before one completed. */
  syncedUntil: string | null;
  team: number | null;
}

export async function pgArchiveFacts(client: Client): Promise<PgArchiveFacts> {
  const version = await client.query<{ v: number }>('SELECT max(version) AS v FROM mailctl_schema');
  // reltuples is -1 for a partition never vacuumed or analyzed: counted as 0 here, so a young archive is counted exactly
  const parts = await client.query<{ n: string; rows: string }>(
    `SELECT count(*) AS n, coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint AS rows FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'events'::regclass`,
  );
  const estimate = Number(parts.rows[0]!.rows);
  const estimated = estimate > EXACT_COUNT_UP_TO;
  const events = estimated ? estimate : Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
  const newest = await client.query<{ t: string }>(`SELECT raw->>'timestamp' AS t FROM events ORDER BY "timestamp" DESC LIMIT 1`);
  const synced = await client.query<{ t: string | null }>('SELECT max(covered_until) AS t FROM sync_state');
  const team = await client.query<{ value: string }>("SELECT value FROM archive_info WHERE name = 'team_id'");
  return {
    version: Number(version.rows[0]!.v),
    events,
    estimated,
    partitions: Number(parts.rows[0]!.n),
    newest: newest.rows[0]?.t ?? null,
    syncedUntil: synced.rows[0]?.t ?? null,
    team: team.rows[0] ? Number(team.rows[0].value) : null,
  };
}
