import type { Client } from 'pg';
import type { PageCommitted, PageToCommit } from '../page-commit.js';
import type { EmailEvent } from '../../api/emails.js';
import { MS_PER_DAY } from '../../time-units.js';
import { EVENT_COLUMNS, eventRow } from '../rows.js';
import type { RunCounts, SyncKey } from '../sync-state.js';
import { dayNames, partitionMaker } from './partitions.js';
import { positionUpdate } from './sync-state.js';

// Pages of a sync into PostgreSQL, committed: their rows and the sync
// position after the last of them, in one statement, so in one transaction
// and one round trip (a page's commit used to take six: on a busy machine the
// waits between them, not the work, were most of a sync's time). The events
// travel as one JSON array, each as the API served it (it is the row's raw,
// and the server reads the text columns out of it), beside a second array of
// what the client computes: the instant, the numbers, and the rare text
// column that is not the field's own text. Each row goes in with ON CONFLICT
// on (event_id, "timestamp"): an event the archive held is rewritten only
// when the service now sends it differently (raw IS DISTINCT FROM), as the
// SQLite archive does, and counted as already present. A page read twice
// never doubles a row.

const STORED = EVENT_COLUMNS.filter((c) => c !== 'timestamp_ms').map((c) => (c === 'timestamp' ? '"timestamp"' : c));
const TIMESTAMP_MS = EVENT_COLUMNS.indexOf('timestamp_ms');
const RAW = EVENT_COLUMNS.indexOf('raw');
/** The text columns, each the event's field of the same name (rows.ts). */
const TEXT_COLUMNS = ['event_id', 'type', 'request_id', 'rcpt_to', 'raw_rcpt_to', 'recipient_domain', 'mailbox_provider', 'mailbox_provider_region',
  'subject', 'friendly_from', 'error_code', 'reason'] as const satisfies readonly (typeof EVENT_COLUMNS)[number][];
const TEXT_INDEX = TEXT_COLUMNS.map((c) => EVENT_COLUMNS.indexOf(c));
const QUEUE_TIME = EVENT_COLUMNS.indexOf('queue_time');
const BOUNCE_CLASS = EVENT_COLUMNS.indexOf('bounce_class');

/**
 * PostgreSQL's text and jsonb hold no NUL character and no lone UTF-16
 * surrogate, which SQLite and the API's JSON do: U+FFFD stands in for each
 * (as it does in SQLite's text columns for a lone surrogate), rather than one
 * event failing its page at every run. In JSON.stringify's text each is a
 * \u escape (a valid pair is written as its character), and one only when it
 * is not an escaped backslash's tail.
 */
const storable = (json: string) =>
  json.includes('\\u0000') || json.includes('\\ud') ? json.replace(/(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/g, '$1\\ufffd') : json;

/** A page's storable events: their raw JSON texts, their computed values, their days (ms / day), and why any was skipped. */
interface PageRows {
  raws: string[];
  facts: string[];
  days: number[];
  skipped: string[];
}

/**
 * Each event's row (rows.ts: the same values as the SQLite archive's), sent
 * as its raw JSON and `[instant as ISO 8601 UTC, queue_time, bounce_class]`,
 * plus `{column: text}` for a text column whose field is not a string (a
 * number, say: its row value is String(v), not the JSON text PostgreSQL's ->>
 * would give), so that both stores hold the same columns.
 */
function pageRows(events: readonly EmailEvent[]): PageRows {
  const out: PageRows = { raws: [], facts: [], days: [], skipped: [] };
  for (const event of events) {
    const row = eventRow(event);
    if (typeof row === 'string') {
      out.skipped.push(row);
      continue;
    }
    const ms = row[TIMESTAMP_MS] as number;
    let others = '';
    for (let i = 0; i < TEXT_COLUMNS.length; i++) {
      const value = row[TEXT_INDEX[i]!];
      const field = (event as Record<string, unknown>)[TEXT_COLUMNS[i]!];
      if (value !== null && typeof field !== 'string') others += `${others ? ',' : ''}"${TEXT_COLUMNS[i]}":${storable(JSON.stringify(value))}`;
    }
    out.raws.push(storable(row[RAW] as string));
    out.facts.push(`["${new Date(ms).toISOString()}",${row[QUEUE_TIME] ?? 'null'},${row[BOUNCE_CLASS] ?? 'null'}${others ? `,{${others}}` : ''}]`);
    out.days.push(Math.floor(ms / MS_PER_DAY));
  }
  return out;
}

/** A stored column, out of the event's raw JSON (`raw`) and the client's values for it (`x`). */
function column(c: string): string {
  if (c === 'raw') return 'raw';
  if (c === '"timestamp"') return '(x->>0)::timestamptz AS "timestamp"';
  if (c === 'queue_time') return '(x->>1)::double precision AS queue_time';
  if (c === 'bounce_class') return '(x->>2)::integer AS bounce_class';
  if (c === 'event_id') return "raw->>'event_id' AS event_id";
  if (c === 'type') return `coalesce(x->3->>'type', raw->>'type', '') AS type`;
  return `coalesce(x->3->>'${c}', raw->>'${c}') AS ${c}`;
}

/**
 * $1 the events' JSON and $2 their count; $3-$8 the position (sync-state.ts),
 * with the run's totals before these rows; the computed values last ($10 when
 * the range is done, else $12). The last copy of an event read twice is the
 * one kept; seq follows the rows' order. An event held already is found by
 * the insert's own key lookup, and rewritten only when its raw differs. A row
 * returned with a seq drawn here is new; one with an older seq was updated.
 */
function pageStatement(rangeDone: boolean): string {
  const facts = rangeDone ? '$10' : '$12';
  return `WITH p AS (
    SELECT nextval('events_seq') AS seq, k.* FROM (
      SELECT DISTINCT ON (event_id, "timestamp") * FROM (
        SELECT a.ord, ${STORED.map(column).join(', ')}
        FROM ROWS FROM (jsonb_array_elements($1::jsonb), jsonb_array_elements(${facts}::jsonb)) WITH ORDINALITY AS a(raw, x, ord)
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
  raws: string[];
  facts: string[];
  pages: number;
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
  const partitions = partitionMaker(client);
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
      values: [`[${batch.raws.join(',')}]`, batch.rows, key.baseUrl, key.eventTypes, read, counts.added, counts.present, last.requests, ...position, `[${batch.facts.join(',')}]`],
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
      const { raws, facts, days: dayNumbers, skipped } = pageRows(page.events);
      const days = dayNames(dayNumbers);
      if (partitions.unknownDays(days).length > 0) {
        // In the queue: a held page's commit never runs inside the transaction
        // that creates a partition. Only then: a page of known days does not
        // wait for the batch being committed.
        const ensured = queue.then(() => partitions.ensure(days));
        queue = ensured.catch(() => undefined);
        await ensured;
      }
      const batch = (held ??= { raws: [], facts: [], pages: 0, rows: 0, read: 0, last: page });
      batch.raws.push(...raws);
      batch.facts.push(...facts);
      batch.pages += 1;
      batch.rows += raws.length;
      batch.read += page.read;
      batch.last = page;
      let added = 0;
      if (page.nextCursor === null || (!batching.overlap && batch.pages >= batching.pages)) {
        added = await flush();
        return { skipped, added, present: batch.rows - added, counts: { ...counts }, droppedIndexes: false };
      }
      if (batch.pages >= batching.pages) {
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
