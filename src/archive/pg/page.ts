import type { Client } from 'pg';
import type { PageCommitted, PageToCommit } from '../page-commit.js';
import { EVENT_COLUMNS, type EventRow } from '../rows.js';
import { rowsOfEvents } from '../store.js';
import type { RunCounts, SyncKey } from '../sync-state.js';
import { daysOf, partitionMaker } from './partitions.js';
import { positionUpdate } from './sync-state.js';

// Pages of a sync into PostgreSQL, committed: their rows and the sync
// position after the last of them, in one statement, so in one transaction
// and one round trip (a page's commit used to take six: on a busy machine the
// waits between them, not the work, were most of a sync's time). The rows
// travel as one JSON array; each goes in with ON CONFLICT on (event_id,
// "timestamp"): an event the archive held is rewritten only when the service
// now sends it differently (raw IS DISTINCT FROM), as the SQLite archive
// does, and counted as already present. A page read twice never doubles a row.

const STORED = EVENT_COLUMNS.filter((c) => c !== 'timestamp_ms').map((c) => (c === 'timestamp' ? '"timestamp"' : c));
const TYPES: Record<string, string> = { '"timestamp"': 'timestamptz', queue_time: 'double precision', bounce_class: 'integer' };
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
 * A page's rows as elements of a JSON array, each the stored columns in
 * order: the instant as ISO 8601 UTC, however the service wrote it (the text
 * as served stays in raw), and raw itself as the JSON it is, not a string of it.
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
  return out.join(',');
}

/** A stored column out of the row's JSON array (raw stays jsonb; the rest as text, cast to its column's type). */
const column = (c: string, i: number) => (c === 'raw' ? `r->${i} AS raw` : `(r->>${i})::${TYPES[c] ?? 'text'} AS ${c}`);

/**
 * $1 the rows, $2 their count; $3-$8 the position (sync-state.ts), with the
 * run's totals before these rows. The last copy of an event read twice is the
 * one kept; seq follows the rows' order. An event held already is found by
 * the insert's own key lookup, and rewritten only when its raw differs. A row
 * returned with a seq drawn here is new; one with an older seq was updated.
 */
function pageStatement(rangeDone: boolean): string {
  return `WITH p AS (
    SELECT nextval('events_seq') AS seq, k.* FROM (
      SELECT DISTINCT ON (event_id, "timestamp") * FROM (
        SELECT a.ord, ${STORED.map(column).join(', ')} FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS a(r, ord)
      ) AS page ORDER BY event_id, "timestamp", ord DESC
    ) AS k ORDER BY ord
  ),
  ins AS (
    INSERT INTO events AS e (${STORED.join(', ')}, seq) SELECT ${STORED.join(', ')}, seq FROM p
    ON CONFLICT (event_id, "timestamp") DO UPDATE SET
      ${STORED.filter((c) => c !== 'event_id' && c !== '"timestamp"').map((c) => `${c} = excluded.${c}`).join(', ')}
      WHERE e.raw IS DISTINCT FROM excluded.raw
    RETURNING e.seq
  ),
  n AS (SELECT count(*) AS added FROM ins WHERE seq IN (SELECT seq FROM p)),
  pos AS (${positionUpdate(rangeDone, 'n')})
  SELECT added FROM n`;
}

/** How many pages one commit holds at most, and how long a held page waits at most (ms). */
export interface PageBatching {
  pages: number;
  ms: number;
  /** A full batch commits while the next pages are read (false: before commit returns, with its counts). */
  overlap?: boolean;
}

// Ten pages per commit take a quarter less of the server's time than one:
// the statement's fixed cost is paid once for a thousand rows.
const BATCHING: PageBatching = { pages: 10, ms: 1000, overlap: true };

interface Held {
  json: string[];
  rows: number;
  read: number;
  last: PageToCommit;
  timer?: NodeJS.Timeout;
}

/**
 * Commits pages, several at a time: the pages of one range, at most
 * `batching.pages` of them, and none held longer than `batching.ms` (a sync
 * slowed by the rate limit still commits each page within a second). Each
 * commit holds its pages' events and the position after the last of them:
 * a kill loses at most the held pages, read again by the next run, never
 * half of one, and never doubles one.
 */
export async function pgPageCommitter(client: Client, key: SyncKey, batching: PageBatching = BATCHING) {
  const ensurePartitions = partitionMaker(client);
  // Prepared once per run (named), planned by the server once.
  const statements = { more: { name: 'mailctl_page', text: pageStatement(false) }, done: { name: 'mailctl_page_done', text: pageStatement(true) } };
  // Totals of what is committed; each commit records them with the position.
  const counts: RunCounts = { read: 0, added: 0, present: 0, requests: 0 };
  let held: Held | undefined;
  /** The commits in flight, one after the other (a held page's timer may start one between two pages). */
  let queue: Promise<unknown> = Promise.resolve();
  /** A commit started in the background (a full batch, the timer) that failed: the next page or the settling of the run reports it. */
  let failed: { error: unknown } | undefined;
  /** The full batch being committed while the next pages are read. */
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Held): Promise<number> {
    const { last } = batch;
    const done = last.nextCursor === null;
    const position = done ? [last.range.to] : [last.range.from, last.range.to, last.nextCursor];
    const read = counts.read + batch.read;
    const r = await client.query<{ added: string }>({
      ...(done ? statements.done : statements.more),
      values: [`[${batch.json.join(',')}]`, batch.rows, key.baseUrl, key.eventTypes, read, counts.added, counts.present, last.requests, ...position],
    });
    const added = Number(r.rows[0]!.added);
    Object.assign(counts, { read, added: counts.added + added, present: counts.present + batch.rows - added, requests: last.requests });
    return added;
  }

  /** Commits the held pages, after the commits before them; the totals move only once it succeeded. */
  function flush(): Promise<number> {
    const batch = held;
    held = undefined;
    if (!batch) return queue.then(() => 0);
    clearTimeout(batch.timer);
    const run = queue.then(() => write(batch));
    queue = run.catch(() => undefined);
    return run;
  }

  function rethrow(): void {
    if (failed) throw failed.error;
  }

  return {
    /**
     * Takes a page: committed before it returns when it ends its range; a
     * full batch starts committing (the one before it is waited for); else
     * held, for a second at most. The counts are those committed so far;
     * added and present, those of this call's own commit.
     */
    async commit(page: PageToCommit): Promise<PageCommitted> {
      rethrow();
      const { rows, skipped } = rowsOfEvents(page.events);
      // In the queue: a held page's commit never runs inside the transaction that creates a partition.
      const ensured = queue.then(() => ensurePartitions(daysOf(rows.map((r) => r[TIMESTAMP_MS] as number))));
      queue = ensured.catch(() => undefined);
      await ensured;
      const batch = (held ??= { json: [], rows: 0, read: 0, last: page });
      if (rows.length > 0) batch.json.push(pageJson(rows));
      batch.rows += rows.length;
      batch.read += page.read;
      batch.last = page;
      let added = 0;
      if (page.nextCursor === null || (!batching.overlap && batch.json.length >= batching.pages)) {
        added = await flush();
        return { skipped, added, present: batch.rows - added, counts: { ...counts }, droppedIndexes: false };
      }
      if (batch.json.length >= batching.pages) {
        // A full batch commits while the next pages are read (the server's
        // work beside the sync's own); at most one is in flight, so memory
        // holds two batches at most.
        const before = writing;
        writing = flush().then(() => undefined, (error: unknown) => void (failed ??= { error }));
        await before;
        rethrow();
        return { skipped, added: 0, present: 0, counts: { ...counts }, droppedIndexes: false };
      }
      batch.timer ??= setTimeout(() => {
        if (held === batch) flush().catch((error: unknown) => (failed ??= { error }));
      }, batching.ms);
      return { skipped, added: 0, present: 0, counts: { ...counts }, droppedIndexes: false };
    },
    /** Commits the pages held; on the way out of a failed run, a failure here leaves the counts as committed. */
    async settle(failing: boolean): Promise<RunCounts> {
      try {
        await flush();
        rethrow();
      } catch (error) {
        if (!failing) throw error;
      }
      return { ...counts };
    },
    /** Drops what is held (a run that ends without settling: its pages are read again next time). */
    discard(): void {
      if (held) clearTimeout(held.timer);
      held = undefined;
    },
  };
}
