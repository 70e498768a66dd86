import type { Client } from 'pg';
import { otherTeamRefused } from '../identity.js';
import type { ArchiveTotals } from '../store.js';
import type { SyncKey, SyncState } from '../sync-state.js';
import { countPgEvents } from './count.js';

// The sync position in PostgreSQL: the same table and meaning as the SQLite
// archive's (sync-state.ts), one row per API (base URL) and stored-types
// filter, written by the page's own statement. Also the team the
// archive belongs to, and its totals for the sync's summary.

export async function readPgSyncState(client: Client, key: SyncKey): Promise<SyncState> {
  const r = await client.query<{ newest_day: string | null; pending_from: string | null; pending_to: string | null; pending_cursor: string | null }>(
    'SELECT newest_day, pending_from, pending_to, pending_cursor FROM sync_state WHERE base_url = $1 AND event_types = $2',
    [key.baseUrl, key.eventTypes],
  );
  const row = r.rows[0];
  if (!row) return { newestDay: null, pending: null };
  const pending = row.pending_from && row.pending_to ? { from: row.pending_from, to: row.pending_to, cursor: row.pending_cursor } : null;
  return { newestDay: row.newest_day, pending };
}

const WHERE_KEY = 'WHERE base_url = $1 AND event_types = $2';

/**
 * The position after a page, written by the page's own statement (page.ts):
 * $2 the rows it stores, $3 base URL, $4 stored types; $5 read, $6 new and $7
 * present before it (the `counted` CTE's `added` are new, the other rows
 * present); $8 requests; then the range's next page ($9 from, $10 to, $11
 * cursor), or the range read to its end ($9 to).
 */
export function positionUpdate(rangeDone: boolean, counted: string): string {
  const set = rangeDone
    ? "newest_day = greatest(coalesce(newest_day, ''), $9::text), pending_from = NULL, pending_to = NULL, pending_cursor = NULL"
    : 'pending_from = $9::text, pending_to = $10::text, pending_cursor = $11::text';
  return `UPDATE sync_state SET ${set}, last_run_read = $5::bigint, last_run_new = $6::bigint + ${counted}.added,
    last_run_present = $7::bigint + $2::bigint - ${counted}.added, last_run_requests = $8::bigint
    FROM ${counted} WHERE base_url = $3::text AND event_types = $4::text`;
}

/** Statements that record a run's start and its end (each page's position: positionUpdate). */
export function pgSyncStateWriter(client: Client, key: SyncKey) {
  const k = [key.baseUrl, key.eventTypes];
  return {
    async start(at: string, firstDay: string) {
      await client.query('INSERT INTO sync_state (base_url, event_types) VALUES ($1, $2) ON CONFLICT DO NOTHING', k);
      await client.query(
        `UPDATE sync_state SET last_run_started_at = $3, last_run_finished_at = NULL, first_day = coalesce(first_day, $4),
           last_run_read = 0, last_run_new = 0, last_run_present = 0, last_run_requests = 0 ${WHERE_KEY}`,
        [...k, at, firstDay],
      );
    },
    // A complete run read everything up to its start (pages come newest first): what a report may rely on.
    async finish(at: string) {
      await client.query(`UPDATE sync_state SET last_run_finished_at = $3, covered_until = last_run_started_at ${WHERE_KEY}`, [...k, at]);
    },
  };
}

/** The team of the archive's events; a key of another team is refused (exit 2) before anything is written. */
export async function claimPgForTeam(client: Client, label: string, teamId: number): Promise<void> {
  // Two first syncs at once: the first insert wins, and the other reads it back.
  await client.query("INSERT INTO archive_info (name, value) VALUES ('team_id', $1) ON CONFLICT (name) DO NOTHING", [String(teamId)]);
  const r = await client.query<{ value: string }>("SELECT value FROM archive_info WHERE name = 'team_id'");
  const recorded = Number(r.rows[0]!.value);
  if (recorded !== teamId) throw otherTeamRefused(label, recorded, teamId);
}

export async function pgArchiveTotals(client: Client): Promise<ArchiveTotals> {
  const { events: total, estimated } = await countPgEvents(client);
  const edge = async (dir: 'ASC' | 'DESC') =>
    (await client.query<{ t: string | null }>(`SELECT raw->>'timestamp' AS t FROM events ORDER BY "timestamp" ${dir}, seq ${dir} LIMIT 1`)).rows[0]?.t ?? null;
  return { total, ...(estimated ? { estimated } : {}), oldest: await edge('ASC'), newest: await edge('DESC') };
}
