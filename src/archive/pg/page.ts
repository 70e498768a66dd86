import type { Client } from 'pg';
import type { PageCommitted, PageToCommit } from '../page-commit.js';
import { EVENT_COLUMNS, type EventRow } from '../rows.js';
import { rowsOfEvents } from '../store.js';
import type { RunCounts, SyncKey } from '../sync-state.js';
import { daysOf, partitionMaker } from './partitions.js';
import { positionUpdate } from './sync-state.js';

// One page of a sync into PostgreSQL, committed: its rows and the sync
// position after it, in one statement, so in one transaction and one round
// trip (a page's commit used to be six: on a busy machine the waits between
// them, not the work, were most of a sync's time). The page travels as one
// JSON array of rows; each row goes in with ON CONFLICT DO NOTHING on
// (event_id, "timestamp"); an event the archive held is updated in place only
// when the service now sends it differently (raw IS DISTINCT FROM), as the
// SQLite archive does, and counted as already present. A page read twice
// never doubles a row.

const STORED = EVENT_COLUMNS.filter((c) => c !== 'timestamp_ms').map((c) => (c === 'timestamp' ? '"timestamp"' : c));
const TYPES: Record<string, string> = { '"timestamp"': 'timestamptz', queue_time: 'bigint', bounce_class: 'integer' };
const TIMESTAMP = EVENT_COLUMNS.indexOf('timestamp');
const TIMESTAMP_MS = EVENT_COLUMNS.indexOf('timestamp_ms');
const RAW = EVENT_COLUMNS.indexOf('raw');

/**
 * PostgreSQL's text and jsonb hold no NUL character, which SQLite and the
 * API's JSON do: one stands in for it (U+FFFD), rather than one event
 * failing its page at every run. In the JSON text, only a \u0000 escape that
 * is not itself an escaped backslash's tail is one.
 */
const noNul = (v: string) => (v.includes('\u0000') ? v.replaceAll('\u0000', '\ufffd') : v);
const noNulEscape = (json: string) => (json.includes('\\u0000') ? json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd') : json);

/**
 * The page as a JSON array of rows, each the stored columns in order: the
 * instant as ISO 8601 UTC, however the service wrote it (the text as served
 * stays in raw), and raw itself as the JSON it is, not a string of it.
 */
function pageJson(rows: readonly EventRow[]): string {
  const out: string[] = [];
  for (const row of rows) {
    let line = '[';
    for (let i = 0; i < row.length; i++) {
      if (i === TIMESTAMP_MS) continue;
      const v = row[i]!;
      if (i > 0) line += ',';
      if (i === TIMESTAMP) line += `"${new Date(row[TIMESTAMP_MS] as number).toISOString()}"`;
      else if (i === RAW) line += noNulEscape(v as string);
      else line += typeof v === 'string' ? JSON.stringify(noNul(v)) : v === null ? 'null' : String(v);
    }
    out.push(`${line}]`);
  }
  return `[${out.join(',')}]`;
}

/** A stored column out of the row's JSON array (raw stays jsonb; the rest as text, cast to its column's type). */
const column = (c: string, i: number) => (c === 'raw' ? `r->${i} AS raw` : `(r->>${i})::${TYPES[c] ?? 'text'} AS ${c}`);

/**
 * $1 the page, $2 its row count; $3-$8 the position (sync-state.ts), with the
 * run's totals before this page. The last copy of an event read twice in one
 * page is the one kept, in the page's order (seq follows it). The UPDATE sees
 * the archive as it was before the INSERT, so it touches only the events held
 * already, and runs only when some row was not new.
 */
function pageStatement(rangeDone: boolean): string {
  return `WITH p AS (
    SELECT DISTINCT ON (event_id, "timestamp") * FROM (
      SELECT a.ord, ${STORED.map(column).join(', ')} FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS a(r, ord)
    ) AS page ORDER BY event_id, "timestamp", ord DESC
  ),
  ins AS (
    INSERT INTO events (${STORED.join(', ')}) SELECT ${STORED.join(', ')} FROM p ORDER BY ord
    ON CONFLICT (event_id, "timestamp") DO NOTHING RETURNING 1
  ),
  n AS (SELECT count(*) AS added FROM ins),
  upd AS (
    UPDATE events AS e SET ${STORED.filter((c) => c !== 'event_id' && c !== '"timestamp"').map((c) => `${c} = p.${c}`).join(', ')}
    FROM p WHERE e.event_id = p.event_id AND e."timestamp" = p."timestamp" AND e.raw IS DISTINCT FROM p.raw
      AND (SELECT added FROM n) < $2::bigint
  ),
  pos AS (${positionUpdate(rangeDone, 'n')})
  SELECT added FROM n`;
}

export async function pgPageCommitter(client: Client, key: SyncKey) {
  const ensurePartitions = partitionMaker(client);
  // Prepared once per run (named), planned by the server once.
  const statements = { more: { name: 'mailctl_page', text: pageStatement(false) }, done: { name: 'mailctl_page_done', text: pageStatement(true) } };
  // Totals of what is committed; each commit records them with the position.
  const counts: RunCounts = { read: 0, added: 0, present: 0, requests: 0 };
  return {
    /** Commits the page; the totals move only once the commit succeeded. */
    async commit(page: PageToCommit): Promise<PageCommitted> {
      const { rows, skipped } = rowsOfEvents(page.events);
      await ensurePartitions(daysOf(rows.map((r) => r[TIMESTAMP_MS] as number)));
      const done = page.nextCursor === null;
      const position = done ? [page.range.to] : [page.range.from, page.range.to, page.nextCursor];
      const read = counts.read + page.read;
      const r = await client.query<{ added: string }>({
        ...(done ? statements.done : statements.more),
        values: [pageJson(rows), rows.length, key.baseUrl, key.eventTypes, read, counts.added, counts.present + rows.length, page.requests, ...position],
      });
      const added = Number(r.rows[0]!.added);
      const next = { read, added: counts.added + added, present: counts.present + rows.length - added, requests: page.requests };
      Object.assign(counts, next);
      return { skipped, added, present: rows.length - added, counts: { ...next }, droppedIndexes: false };
    },
  };
}
