import type { Client } from 'pg';
import { otherTeamRefused } from '../identity.js';
import type { ArchiveTotals } from '../store.js';
import type { RunCounts, SyncKey, SyncState } from '../sync-state.js';

// The sync position in PostgreSQL: the same table and meaning as the SQLite
// archive's (sync-state.ts), one row per API (base URL) and stored-types
// filter, written inside the page's own transaction. Also the team the
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
const counts = (n: RunCounts) => [n.read, n.added, n.present, n.requests];

/** Statements that record progress; `progress` and `rangeDone` run inside the page's transaction. */
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
    async progress(range: { from: string; to: string }, cursor: string | null, n: RunCounts) {
      await client.query(
        `UPDATE sync_state SET pending_from = $3, pending_to = $4, pending_cursor = $5,
           last_run_read = $6, last_run_new = $7, last_run_present = $8, last_run_requests = $9 ${WHERE_KEY}`,
        [...k, range.from, range.to, cursor, ...counts(n)],
      );
    },
    async rangeDone(to: string, n: RunCounts) {
      await client.query(
        `UPDATE sync_state SET newest_day = greatest(coalesce(newest_day, ''), $3), pending_from = NULL, pending_to = NULL, pending_cursor = NULL,
           last_run_read = $4, last_run_new = $5, last_run_present = $6, last_run_requests = $7 ${WHERE_KEY}`,
        [...k, to, ...counts(n)],
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
  const total = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
  const edge = async (dir: 'ASC' | 'DESC') =>
    (await client.query<{ t: string | null }>(`SELECT raw->>'timestamp' AS t FROM events ORDER BY "timestamp" ${dir}, seq ${dir} LIMIT 1`)).rows[0]?.t ?? null;
  return { total, oldest: await edge('ASC'), newest: await edge('DESC') };
}
