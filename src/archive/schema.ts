import type { Database } from 'better-sqlite3';

// The archive's schema, versioned with PRAGMA user_version: migration N takes
// an archive from version N-1 to N, so a later mailctl opens (and upgrades) an
// archive any earlier one wrote. Never edit a migration once released: add one.

/** The names of the events table's columns, as versions 1 to 3 define them. Frozen, as the migrations that use them. */
const V3_COLUMNS =
  'event_id, type, timestamp, timestamp_ms, request_id, rcpt_to, raw_rcpt_to, recipient_domain, mailbox_provider, ' +
  'mailbox_provider_region, subject, friendly_from, queue_time, bounce_class, error_code, reason, raw';

/** The events table's columns after event_id, as versions 1 and 3 create them. Frozen, as the migrations that use them. */
const COLUMNS_AFTER_EVENT_ID = `  type TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  timestamp_ms INTEGER NOT NULL,
  request_id TEXT,
  rcpt_to TEXT,
  raw_rcpt_to TEXT,
  recipient_domain TEXT,
  mailbox_provider TEXT,
  mailbox_provider_region TEXT,
  subject TEXT,
  friendly_from TEXT,
  queue_time INTEGER,
  bounce_class INTEGER,
  error_code TEXT,
  reason TEXT,
  raw TEXT NOT NULL
`;

/** Every field of spec 2.1 as a column of its own, typed; `raw` keeps the whole event as served. */
const V1_EVENTS = `
CREATE TABLE events (
  event_id TEXT PRIMARY KEY,
${COLUMNS_AFTER_EVENT_ID});
CREATE INDEX events_timestamp_ms ON events (timestamp_ms);
CREATE INDEX events_type ON events (type, timestamp_ms);
CREATE INDEX events_rcpt_to ON events (rcpt_to COLLATE NOCASE);
CREATE INDEX events_request_id ON events (request_id);
`;

/**
 * Where each sync stands, per API (base URL) and per stored-types filter: a
 * run with --events bounce has not read the deliveries of its days. `pending_*`
 * is the range a run is reading and the cursor of its next page, committed with
 * every page, so an interrupted run is continued rather than restarted.
 */
const V2_SYNC_STATE = `
CREATE TABLE sync_state (
  base_url TEXT NOT NULL,
  event_types TEXT NOT NULL DEFAULT '',
  newest_day TEXT,
  pending_from TEXT,
  pending_to TEXT,
  pending_cursor TEXT,
  last_run_started_at TEXT,
  last_run_finished_at TEXT,
  last_run_read INTEGER NOT NULL DEFAULT 0,
  last_run_new INTEGER NOT NULL DEFAULT 0,
  last_run_present INTEGER NOT NULL DEFAULT 0,
  last_run_requests INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (base_url, event_types)
);
`;

/**
 * Version 3: `event_id` is unique through an index of its own instead of the
 * table's primary key. A primary key's index cannot be dropped, and event ids
 * are scattered: each page of a first sync inserted its 100 keys into 100
 * different pages of that index, and wrote them all to the log (200,000
 * events: 2.2 of 3.4 s of inserts). A unique index can be dropped for a big
 * run and built once, sorted, at its end (indexes.ts). Rowids are kept: they
 * order events of the same millisecond as the API listed them.
 */
const V3_EVENT_ID_INDEX = `
CREATE TABLE events_v3 (
  event_id TEXT NOT NULL,
${COLUMNS_AFTER_EVENT_ID});
INSERT INTO events_v3 (rowid, ${V3_COLUMNS}) SELECT rowid, ${V3_COLUMNS} FROM events ORDER BY rowid;
DROP TABLE events;
ALTER TABLE events_v3 RENAME TO events;
CREATE UNIQUE INDEX events_event_id ON events (event_id);
CREATE INDEX events_timestamp_ms ON events (timestamp_ms);
CREATE INDEX events_type ON events (type, timestamp_ms);
CREATE INDEX events_rcpt_to ON events (rcpt_to COLLATE NOCASE);
CREATE INDEX events_request_id ON events (request_id);
`;

/** `PRAGMA application_id` of an archive ('mctl'): what tells it from another program's SQLite file. */
export const ARCHIVE_APPLICATION_ID = 0x6d63746c;

/**
 * Version 4: what the archive knows about itself, so that it never answers for
 * data it does not hold. `archive_info` records the team of its key (GET
 * /auth/check): one archive, one team. `first_day` and `covered_until` give
 * each sync position the window it read completely (from the first day of its
 * first run to the start of its last complete run), so a report can tell which
 * event types over which window the archive really holds. Positions written
 * before this version get the day of the oldest event, and the start of their
 * last run when it completed.
 */
const V4_SELF_KNOWLEDGE = `
CREATE TABLE IF NOT EXISTS archive_info (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
ALTER TABLE sync_state ADD COLUMN first_day TEXT;
ALTER TABLE sync_state ADD COLUMN covered_until TEXT;
UPDATE sync_state SET
  first_day = (SELECT strftime('%Y-%m-%d', min(timestamp_ms) / 1000, 'unixepoch') FROM events),
  covered_until = CASE WHEN last_run_finished_at IS NOT NULL AND pending_from IS NULL THEN last_run_started_at END;
PRAGMA application_id = ${ARCHIVE_APPLICATION_ID};
`;

const MIGRATIONS: readonly string[] = [V1_EVENTS, V2_SYNC_STATE, V3_EVENT_ID_INDEX, V4_SELF_KNOWLEDGE];

/** The version this mailctl writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies the missing migrations, each in one transaction with its version bump. */
export function migrate(db: Database, upTo = SCHEMA_VERSION): void {
  for (let v = schemaVersion(db); v < upTo; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
}
