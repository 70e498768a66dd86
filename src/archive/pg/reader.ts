import type { Client } from 'pg';
import type { EmailEvent } from '../../api/emails.js';
import { UsageError } from '../../errors.js';
import type { PgTarget } from '../location.js';
import type { ArchiveFilter } from '../query.js';
import type { ArchiveReader } from '../reader.js';
import { connectPg, pgFailure, type PgConnectOptions } from './connect.js';
import { checkReadable } from './schema.js';
import { readPgSyncState } from './sync-state.js';

// The PostgreSQL archive behind the reader interface (reader.ts): the filters
// of GET /emails/events as SQL, rows newest first (events of the same instant
// in the order they were stored, the API's), fetched through a server-side
// cursor a batch at a time, so an export of millions holds one batch: a
// thousand rows (about a megabyte) makes the round trips few without making
// memory grow.

const BATCH = 1000;

/** The spec 2.1 fields, in the spec's order: jsonb keeps no key order, so output puts them first, as the API does. */
const SPEC_ORDER = [
  'event_id', 'type', 'timestamp', 'request_id', 'rcpt_to', 'raw_rcpt_to', 'recipient_domain', 'mailbox_provider',
  'mailbox_provider_region', 'subject', 'friendly_from', 'queue_time', 'bounce_class', 'error_code', 'reason',
];

/** An event from jsonb, its spec fields first in the spec's order, the others after them in alphabetical order. */
function inSpecOrder(e: Record<string, unknown>): EmailEvent {
  const out: Record<string, unknown> = {};
  for (const k of SPEC_ORDER) if (k in e) out[k] = e[k];
  for (const k of Object.keys(e).sort()) if (!(k in out)) out[k] = e[k];
  return out as EmailEvent;
}

function whereOf(f: ArchiveFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [new Date(f.window.fromMs).toISOString(), new Date(f.window.toMs).toISOString()];
  const clauses = ['"timestamp" BETWEEN $1 AND $2'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (f.types) add((n) => `type = ANY(${n}::text[])`, f.types);
  // Addresses match whatever their case, as the service matches them (the index is on lower(rcpt_to)).
  if (f.recipients) add((n) => `lower(rcpt_to) = ANY(${n}::text[])`, f.recipients.map((r) => r.toLowerCase()));
  if (f.transmission) add((n) => `request_id = ${n}`, f.transmission);
  if (f.bounceClasses) add((n) => `bounce_class = ANY(${n}::int[])`, f.bounceClasses);
  return { sql: clauses.join(' AND '), params };
}

/** Rows of a query through a cursor, in batches, inside a read-only transaction; stopping early closes it. */
async function* cursorRows<R>(client: Client, sql: string, params: unknown[]): AsyncGenerator<R[]> {
  await client.query('BEGIN READ ONLY');
  let open = true;
  try {
    await client.query(`DECLARE events_out NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const r = await client.query(`FETCH ${BATCH} FROM events_out`);
      if (r.rows.length > 0) yield r.rows as R[];
      if (r.rows.length < BATCH) break;
    }
    await client.query('COMMIT');
    open = false;
  } finally {
    if (open) await client.query('ROLLBACK').catch(() => undefined);
  }
}

export async function openPgReader(target: PgTarget, opts: PgConnectOptions): Promise<ArchiveReader> {
  const client = await connectPg(target, opts);
  try {
    if (!(await checkReadable(client, target.display))) {
      throw new UsageError(`no event archive in ${target.display} (the database holds no table)`, {
        hint: 'create it with `mailctl events sync --db URL` (the same URL)',
      });
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw pgFailure(error, target);
  }
  const select = (f: ArchiveFilter) => {
    const { sql, params } = whereOf(f);
    let limit = '';
    if (f.limit !== undefined) {
      params.push(f.limit);
      limit = ` LIMIT $${params.length}`;
    }
    return { sql: `SELECT raw FROM events WHERE ${sql} ORDER BY "timestamp" DESC, seq ASC${limit}`, params };
  };
  async function* eventBatches(f: ArchiveFilter): AsyncGenerator<EmailEvent[]> {
    const { sql, params } = select(f);
    for await (const rows of cursorRows<{ raw: Record<string, unknown> }>(client, sql, params)) yield rows.map((r) => inSpecOrder(r.raw));
  }
  return {
    label: target.display,
    eventBatches,
    async *rawEventBatches(f) {
      for await (const batch of eventBatches(f)) yield batch.map((e) => JSON.stringify(e));
    },
    async countEvents(f) {
      const { sql, params } = whereOf(f);
      const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE ${sql}`, params);
      return Number(r.rows[0]!.n);
    },
    async requestEventTypes(requestId) {
      const r = await client.query<{ type: string }>('SELECT type FROM events WHERE request_id = $1 ORDER BY "timestamp" ASC, seq DESC', [requestId]);
      return r.rows.map((row) => row.type);
    },
    syncState: (key) => readPgSyncState(client, key),
    failure: (error) => (opts.signal?.aborted ? opts.signal.reason : pgFailure(error, target)),
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
