import type { Database } from 'better-sqlite3';
import { UsageError } from '../errors.js';
import { ARCHIVE_APPLICATION_ID, SCHEMA_VERSION } from './schema.js';

// Which SQLite files mailctl writes into (an empty one, or its own archive),
// and which team an archive belongs to.

const quoted = (names: string[]) => names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');

/**
 * Refuses (exit 2) a database mailctl did not write: another program's tables
 * must never receive mailctl's. An empty file (no table at all) becomes an archive.
 */
export function requireOwnDatabase(db: Database, path: string, version: number): void {
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  const appId = db.pragma('application_id', { simple: true }) as number;
  const foreignId = appId !== 0 && appId !== ARCHIVE_APPLICATION_ID;
  const ours = version > 0 && version <= SCHEMA_VERSION && tables.includes('events') && (version < 2 || tables.includes('sync_state'));
  if (!foreignId && (ours || (version === 0 && tables.length === 0))) return;
  const what = tables.length > 0 ? `its tables: ${quoted(tables)}` : `application_id ${appId}, user_version ${version}`;
  throw new UsageError(`--db ${path} is an SQLite database that mailctl did not write (${what}): nothing was changed`, {
    hint: 'give --db a new file (or an empty one) or an archive written by `mailctl events sync`',
  });
}

/** The team an archive holds the events of (GET /auth/check's team_id); null before any sync recorded it. */
export function archiveTeam(db: Database): number | null {
  const has = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'archive_info'").get();
  if (!has) return null;
  const value = db.prepare("SELECT value FROM archive_info WHERE name = 'team_id'").pluck().get() as string | undefined;
  return value === undefined ? null : Number(value);
}

/** The refusal of a key of another team than the archive's (either store): naming both teams, never a key. */
export function otherTeamRefused(label: string, recorded: number, teamId: number): UsageError {
  return new UsageError(
    `the event archive ${label} holds the events of team ${recorded}, and this key belongs to team ${teamId}: one archive holds one team's events, nothing was synced`,
    { hint: `sync team ${teamId} into an archive of its own (--db PATH or URL, or another --profile), or use a key of team ${recorded}` },
  );
}

/**
 * The archive holds one team's events: a key of another team is refused
 * (exit 2, naming both teams, never a key) before anything is written. An
 * archive without a team (written before version 4) takes this key's.
 */
export function claimForTeam(db: Database, path: string, teamId: number): void {
  const recorded = archiveTeam(db);
  if (recorded === teamId) return;
  if (recorded !== null) throw otherTeamRefused(path, recorded, teamId);
  db.prepare("INSERT OR REPLACE INTO archive_info (name, value) VALUES ('team_id', ?)").run(String(teamId));
}
