import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'pg';
import type { PageCommitted, PageToCommit } from '../page-commit.js';
import { EVENT_COLUMNS, type EventRow } from '../rows.js';
import { rowsOfEvents } from '../store.js';
import type { RunCounts, SyncKey } from '../sync-state.js';
import { daysOf, partitionMaker } from './partitions.js';
import { pgSyncStateWriter } from './sync-state.js';

// One page of a sync into PostgreSQL, committed: its rows and the sync
// position after it, in one transaction. The rows are COPYed into a temporary
// table, then inserted with ON CONFLICT DO NOTHING on (event_id, timestamp);
// an event the archive held is updated in place only when the service now
// sends it differently (raw IS DISTINCT FROM), as the SQLite archive does, and
// counted as already present. A page read twice never doubles a row.

/** The COPY columns: the row's own (timestamp as its ISO text, cast by COPY) and its place in the page. */
const COPIED = ['ord', ...EVENT_COLUMNS.filter((c) => c !== 'timestamp_ms')];
const STORED = COPIED.filter((c) => c !== 'ord').map((c) => (c === 'timestamp' ? '"timestamp"' : c));
const TIMESTAMP_MS = EVENT_COLUMNS.indexOf('timestamp_ms');

/** A value in COPY's text format: \N for null, backslash escapes for the characters that end a field or a line. */
function field(v: string | number | null): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

const TIMESTAMP = EVENT_COLUMNS.indexOf('timestamp');
const RAW = EVENT_COLUMNS.indexOf('raw');

/**
 * PostgreSQL's text and jsonb hold no NUL character, which SQLite and the
 * API's JSON do: one stands in for it (U+FFFD), rather than one event
 * failing its page at every run. In the JSON text, only a \u0000 escape that
 * is not itself an escaped backslash's tail is one.
 */
const noNul = (v: string) => v.replaceAll('\u0000', '\ufffd');
const noNulEscape = (json: string) => json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd');

function copyText(rows: readonly EventRow[]): string {
  let out = '';
  rows.forEach((row, ord) => {
    const values = row.map((v, i) =>
      // the instant as ISO 8601 UTC, however the service wrote it (the text as served stays in raw)
      i === TIMESTAMP ? new Date(row[TIMESTAMP_MS] as number).toISOString() : i === RAW ? noNulEscape(v as string) : typeof v === 'string' ? noNul(v) : v,
    ).filter((_, i) => i !== TIMESTAMP_MS);
    out += `${ord}\t${values.map(field).join('\t')}\n`;
  });
  return out;
}

const CREATE_PAGE_TABLE = `CREATE TEMP TABLE IF NOT EXISTS page_in (
  ord integer NOT NULL, event_id text NOT NULL, type text NOT NULL, "timestamp" timestamptz NOT NULL,
  request_id text, rcpt_to text, raw_rcpt_to text, recipient_domain text, mailbox_provider text,
  mailbox_provider_region text, subject text, friendly_from text, queue_time bigint, bounce_class integer,
  error_code text, reason text, raw jsonb NOT NULL
) ON COMMIT DELETE ROWS`;

// The last copy of an event read twice in one page is the one kept, in the page's order (seq follows it).
const INSERT = `INSERT INTO events (${STORED.join(', ')})
  SELECT ${STORED.join(', ')} FROM (
    SELECT DISTINCT ON (event_id, "timestamp") * FROM page_in ORDER BY event_id, "timestamp", ord DESC
  ) AS p ORDER BY ord
  ON CONFLICT (event_id, "timestamp") DO NOTHING`;

const UPDATE = `UPDATE events AS e SET ${STORED.filter((c) => c !== 'event_id' && c !== '"timestamp"').map((c) => `${c} = p.${c}`).join(', ')}
  FROM (SELECT DISTINCT ON (event_id, "timestamp") * FROM page_in ORDER BY event_id, "timestamp", ord DESC) AS p
  WHERE e.event_id = p.event_id AND e."timestamp" = p."timestamp" AND e.raw IS DISTINCT FROM p.raw`;

export async function pgPageCommitter(client: Client, key: SyncKey) {
  const { from: copyFrom } = (await import('pg-copy-streams')).default;
  await client.query(CREATE_PAGE_TABLE);
  const ensurePartitions = partitionMaker(client);
  const state = pgSyncStateWriter(client, key);
  // Totals of what is committed; each transaction records them with the position.
  const counts: RunCounts = { read: 0, added: 0, present: 0, requests: 0 };
  return {
    /** Commits the page; the totals move only once the commit succeeded. */
    async commit(page: PageToCommit): Promise<PageCommitted> {
      const { rows, skipped } = rowsOfEvents(page.events);
      await ensurePartitions(daysOf(rows.map((r) => r[TIMESTAMP_MS] as number)));
      await client.query('BEGIN');
      let added = 0;
      try {
        if (rows.length > 0) {
          await pipeline(Readable.from([copyText(rows)]), client.query(copyFrom(`COPY page_in (${COPIED.map((c) => (c === 'timestamp' ? '"timestamp"' : c)).join(', ')}) FROM STDIN`)));
          added = (await client.query(INSERT)).rowCount ?? 0;
          if (added < rows.length) await client.query(UPDATE);
        }
        const next = {
          read: counts.read + page.read,
          added: counts.added + added,
          present: counts.present + rows.length - added,
          requests: page.requests,
        };
        if (page.nextCursor !== null) await state.progress(page.range, page.nextCursor, next);
        else await state.rangeDone(page.range.to, next);
        await client.query('COMMIT');
        Object.assign(counts, next);
        return { skipped, added, present: rows.length - added, counts: { ...next }, droppedIndexes: false };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
