import type { EmailEvent } from '../../api/emails.js';
import { UsageError } from '../../errors.js';
import type { PgTarget } from '../location.js';
import type { ArchiveFilter } from '../query.js';
import type { ArchiveReader } from '../reader.js';
import { connectPg, pgFailure, type PgConnectOptions } from './connect.js';
import { copyLines, inlineParams } from './copy-out.js';
import { eventLines, inSpecOrder } from './event-json.js';
import { checkReadable } from './schema.js';
import { readPgSyncState } from './sync-state.js';

// The PostgreSQL archive behind the reader interface (reader.ts): the filters
// of GET /emails/events as SQL, rows newest first (events of the same instant
// in the order they were stored, the API's), streamed with COPY (copy-out.ts)
// as jsonb's text, so an export of millions holds a chunk of rows at a time.
// NDJSON lines are made from that text (event-json.ts); other formats parse it.

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
    for await (const texts of copyLines(client, inlineParams(client, sql, params))) {
      yield texts.map((text) => inSpecOrder(JSON.parse(text) as Record<string, unknown>));
    }
  }
  return {
    label: target.display,
    eventBatches,
    async *rawEventBatches(f) {
      const { sql, params } = select(f);
      const line = eventLines();
      for await (const texts of copyLines(client, inlineParams(client, sql, params))) yield texts.map(line);
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
