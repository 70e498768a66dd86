import type { Database } from 'better-sqlite3';

// The archive's schema, versioned with PRAGMA user_version: migration N takes
// an archive from version N-1 to N, so a later mailctl opens (and upgrades) an
// archive any earlier one wrote. Never edit a migration once released: add one.

/** Every field of spec 2.1 as a column of its own, typed; `raw` keeps the whole event as served. */
const V1_EVENTS = `
CREATE TABLE events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
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
);
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

const MIGRATIONS: readonly string[] = [V1_EVENTS, V2_SYNC_STATE];

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
