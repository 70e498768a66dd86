import type { Client } from 'pg';
import { CliError, ExitCode, UsageError } from '../../errors.js';

// The PostgreSQL archive's schema (docs/archive.md "PostgreSQL"), in the
// connection's current schema (public unless the role's search_path says
// otherwise). `mailctl_schema` holds the version; migration N takes a
// database from version N-1 to N, in one transaction, under an advisory lock
// so that two first syncs at once create it once. Never edit a released
// migration: add one.

/** Every field of spec 2.1 as a column, the SQLite archive's names; the event's time as timestamptz, partitioned by day. */
const V1 = `
CREATE TABLE mailctl_schema (
  version integer NOT NULL,
  migrated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE archive_info (
  name text PRIMARY KEY,
  value text NOT NULL
);
CREATE SEQUENCE events_seq;
CREATE TABLE events (
  event_id text NOT NULL,
  type text NOT NULL,
  "timestamp" timestamptz NOT NULL,
  request_id text,
  rcpt_to text,
  raw_rcpt_to text,
  recipient_domain text,
  mailbox_provider text,
  mailbox_provider_region text,
  subject text,
  friendly_from text,
  queue_time bigint,
  bounce_class integer,
  error_code text,
  reason text,
  raw jsonb NOT NULL,
  seq bigint NOT NULL DEFAULT nextval('events_seq'),
  PRIMARY KEY (event_id, "timestamp")
) PARTITION BY RANGE ("timestamp");
CREATE INDEX events_timestamp ON events ("timestamp", seq);
CREATE INDEX events_type ON events (type, "timestamp");
CREATE INDEX events_rcpt_to ON events (lower(rcpt_to));
CREATE INDEX events_request_id ON events (request_id);
CREATE INDEX events_bounce_class ON events (bounce_class) WHERE bounce_class IS NOT NULL;
CREATE TABLE sync_state (
  base_url text NOT NULL,
  event_types text NOT NULL DEFAULT '',
  newest_day text,
  pending_from text,
  pending_to text,
  pending_cursor text,
  last_run_started_at text,
  last_run_finished_at text,
  last_run_read bigint NOT NULL DEFAULT 0,
  last_run_new bigint NOT NULL DEFAULT 0,
  last_run_present bigint NOT NULL DEFAULT 0,
  last_run_requests bigint NOT NULL DEFAULT 0,
  first_day text,
  covered_until text,
  PRIMARY KEY (base_url, event_types)
);
`;

/**
 * queue_time is a number in spec 2.1, not an integer: a page with 1.5 failed
 * its commit at every run under bigint. Rewrites every partition once.
 */
const V2 = 'ALTER TABLE events ALTER COLUMN queue_time TYPE double precision;';

const MIGRATIONS: readonly string[] = [V1, V2];

/** The version this mailctl writes. */
export const PG_SCHEMA_VERSION = MIGRATIONS.length;

/** Advisory lock keys: the first half of every lock mailctl takes ('mc'), the second says which. */
export const LOCK_SPACE = 0x6d63;
const MIGRATE_LOCK = 1;

/** The tables of the current schema. */
async function tablesOf(client: Client): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition ORDER BY 1`,
  );
  return r.rows.map((row) => row.name);
}

/** The archive's version: 0 for an empty database; null for a database mailctl did not write. */
async function versionOf(client: Client): Promise<number | null> {
  const tables = await tablesOf(client);
  if (tables.length === 0) return 0;
  if (!tables.includes('mailctl_schema')) return null;
  const r = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM mailctl_schema');
  return r.rows[0]?.v ?? 0;
}

function foreign(label: string, tables: string[]): UsageError {
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
  return new UsageError(`--db ${label} is a PostgreSQL database that mailctl did not write (its tables: ${shown}): nothing was changed`, {
    hint: 'give --db an empty database (or an empty schema through the role\'s search_path) or an archive written by `mailctl events sync`',
  });
}

function newer(label: string, version: number): CliError {
  return new CliError(`the event archive ${label} has schema version ${version}, newer than this mailctl knows (${PG_SCHEMA_VERSION})`, ExitCode.Failure, {
    hint: 'upgrade mailctl to use it; nothing was changed',
  });
}

/**
 * Checks a database a reader opens: an archive of a version this mailctl
 * reads. Returns false for an empty database (no archive there yet).
 */
export async function checkReadable(client: Client, label: string): Promise<boolean> {
  const version = await versionOf(client);
  if (version === null) throw foreign(label, await tablesOf(client));
  if (version > PG_SCHEMA_VERSION) throw newer(label, version);
  return version > 0;
}

/**
 * Makes the database an archive of this version: an empty one gets the
 * schema, an older archive its missing migrations. A database of another
 * program, or of a newer mailctl, is refused and left as it is.
 */
export async function prepareWritable(client: Client, label: string): Promise<void> {
  // Checked before the lock too: a refused database is never written, not even a lock's wait.
  await checkReadable(client, label);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_SPACE, MIGRATE_LOCK]);
    const version = await versionOf(client);
    if (version === null) throw foreign(label, await tablesOf(client));
    if (version > PG_SCHEMA_VERSION) throw newer(label, version);
    for (let v = version; v < PG_SCHEMA_VERSION; v++) {
      await client.query(MIGRATIONS[v]!);
      await client.query('INSERT INTO mailctl_schema (version) VALUES ($1)', [v + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
