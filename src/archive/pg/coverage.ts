import type { Client } from 'pg';
import { coverageOfRows, type Coverage, type CoverageRow } from '../coverage.js';

// What the PostgreSQL archive's syncs read completely, from its sync_state
// (the same columns as the SQLite archive's since its version 4): what
// `report --db` asks before it judges a rate (report/archive.ts).

export async function readPgCoverage(client: Client): Promise<Coverage[] | null> {
  const r = await client.query<CoverageRow>('SELECT event_types, first_day, covered_until FROM sync_state');
  return coverageOfRows(r.rows);
}
