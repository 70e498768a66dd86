import type { Client } from 'pg';
import { countPgEvents } from './count.js';

// What `doctor --db postgres://…` says about a PostgreSQL archive, read in a
// few cheap statements: its schema version, how many events in how many day
// partitions, the newest event, the last complete sync and the team.

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
  const parts = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_inherits WHERE inhparent = 'events'::regclass");
  const { events, estimated } = await countPgEvents(client);
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
