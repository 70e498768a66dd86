// The two stores of the archive, for the suites that run the same cases
// against both (`describe.each(STORES)`): an SQLite file and a PostgreSQL
// database of the test cluster (test/helpers/pg-cluster.ts). Rows are read
// back with each store's own client (better-sqlite3, pg), not through
// mailctl's query code, and in one shape: raw as JSON text, timestamp as the
// served text, timestamp_ms, the typed columns.
import { copyFileSync, existsSync } from 'node:fs';
import type { TestContext } from 'vitest';
import { freshDatabase, requirePostgres, sqlOn, type TestDatabase } from '../helpers/postgres.js';
import { archiveColumn, archiveRows, newArchivePath, syncState, type ArchiveRow } from './support.js';

export interface StoreUnderTest {
  name: 'SQLite' | 'PostgreSQL';
  /** Skips the running test (fails it under MAILCTL_CI_STRICT=1) when the store is not there; call first. */
  require(ctx: Pick<TestContext, 'skip'>): void;
  /** A new empty archive: what --db takes (a path, a postgres:// URL); undefined without the store. */
  create(): Promise<string | undefined>;
  rows(db: string): Promise<ArchiveRow[]>;
  /** The event ids alone, in the order of rows(): for the checks that need no more (cheaper to read). */
  eventIds(db: string): Promise<string[]>;
  syncState(db: string): Promise<Record<string, unknown>[]>;
  /** A new archive holding what `db` holds, for the tests that start from a synced one: cheaper than syncing again. */
  copy(db: string): Promise<string>;
  /** Drops what create() and copy() made. */
  cleanup(): Promise<void>;
}

const sqlite: StoreUnderTest = {
  name: 'SQLite',
  require() {},
  create: async () => newArchivePath(),
  rows: async (db) => archiveRows(db),
  eventIds: async (db) => archiveColumn(db, 'event_id'),
  syncState: async (db) => syncState(db),
  async copy(db) {
    const to = newArchivePath();
    copyFileSync(db, to);
    if (existsSync(`${db}-wal`)) copyFileSync(`${db}-wal`, `${to}-wal`);
    return to;
  },
  cleanup: async () => undefined,
};

/** A query on a test database, as the cluster's superuser (on a connection kept while queries follow each other). */
export const pgQuery = sqlOn;

const created: TestDatabase[] = [];
const postgres: StoreUnderTest = {
  name: 'PostgreSQL',
  require(ctx) {
    requirePostgres(ctx);
  },
  async create() {
    const { inject } = await import('vitest');
    const url = inject('pgAdminUrl');
    if (!url) return undefined;
    const db = await freshDatabase(url, 'archive');
    created.push(db);
    return db.url;
  },
  async copy(from) {
    const { inject } = await import('vitest');
    const db = await freshDatabase(inject('pgAdminUrl')!, 'archive', new URL(from).pathname.slice(1));
    created.push(db);
    return db.url;
  },
  async rows(db) {
    const rows = await pgQuery<ArchiveRow>(
      db,
      `SELECT event_id, type, raw->>'timestamp' AS timestamp, (extract(epoch FROM "timestamp") * 1000)::float8 AS timestamp_ms,
         request_id, rcpt_to, raw_rcpt_to, recipient_domain, mailbox_provider, mailbox_provider_region, subject, friendly_from,
         queue_time::float8 AS queue_time, bounce_class, error_code, reason, raw::text AS raw
       FROM events ORDER BY "timestamp" DESC, seq ASC`,
    );
    return rows;
  },
  eventIds: async (db) => (await pgQuery<{ event_id: string }>(db, 'SELECT event_id FROM events ORDER BY "timestamp" DESC, seq ASC')).map((r) => r.event_id),
  // bigint counters come back from pg as text: numbers, as better-sqlite3 gives them
  syncState: async (db) =>
    (await pgQuery(db, 'SELECT * FROM sync_state')).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k.startsWith('last_run_') && typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])),
    ),
  async cleanup() {
    for (const db of created.splice(0)) await db.drop().catch(() => undefined);
  },
};

export const STORES: StoreUnderTest[] = [sqlite, postgres];
