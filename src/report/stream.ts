import type { ApiClient } from '../api/client.js';
import { MAX_CAMPAIGN_EVENTS_PER_PAGE, listCampaignEvents } from '../api/campaigns.js';
import { MAX_EVENTS_PER_PAGE, listEmailEvents } from '../api/emails.js';
import { OPERATIONS } from '../api/operations.js';
import { cursorPages } from '../api/paginate.js';
import { Aggregator, type Aggregate, type Breakdown, type StreamEvent } from './aggregate.js';
import { fromAccountEvent, fromCampaignEvent } from './events.js';
import { coveringDays } from '../input/window.js';
import { instantMs } from '../time-units.js';
import { iso, type Window } from './window.js';

// One pass over the window's pages at the largest page size, each page
// counted and dropped: memory stays flat however many events there are.

export interface Streamed {
  aggregate: Aggregate;
  /** events the API returned outside the exact window (it answers in whole days) */
  skipped: number;
}

async function count<T>(
  pages: AsyncIterable<{ items: T[] }>,
  convert: (e: T) => StreamEvent | undefined,
  agg: Aggregator,
  progress: (n: number) => void,
): Promise<number> {
  let skipped = 0;
  let seen = 0;
  for await (const page of pages) {
    for (const raw of page.items) {
      const e = convert(raw);
      if (!e || !agg.add(e)) skipped++;
    }
    seen += page.items.length;
    progress(seen);
  }
  return skipped;
}

/**
 * GET /emails/events for the days covering the window; events outside it are dropped.
 * `requestsLeft` hears, once the first page has come and before the next is asked for, how
 * many more requests the window takes (from its total_count): a sandbox key's day budget is
 * told before it is spent (service-notes, "Sandbox keys").
 */
export async function streamAccountEvents(
  api: ApiClient,
  by: Breakdown,
  w: Window,
  progress: (n: number) => void,
  requestsLeft?: (requests: number) => void,
): Promise<Streamed> {
  const agg = new Aggregator(by, w);
  const query = coveringDays(w);
  const pages = cursorPages(
    async (cursor, size) => {
      const page = await listEmailEvents(api, { ...query, cursor, per_page: size });
      // Newest first (email-service-api.md 4.1): a page reaching back past the window's start is the last one the
      // window needs; the rest of the covering first day is not read.
      const oldest = page.items.at(-1)?.timestamp;
      const past = typeof oldest === 'string' && instantMs(oldest) < w.fromMs;
      // at most this many more (total_count counts the covering days, where the reading may stop sooner)
      if (cursor === undefined && page.totalCount !== undefined && page.nextCursor !== null && !past) {
        requestsLeft?.(Math.ceil(Math.max(0, page.totalCount - page.items.length) / (size ?? MAX_EVENTS_PER_PAGE)));
      }
      // total: the paging engine's walk guard stops a server that never ends
      return { items: page.items, nextCursor: past ? null : page.nextCursor, total: page.totalCount };
    },
    undefined,
    { all: true, pageSize: MAX_EVENTS_PER_PAGE, prefetch: true },
    OPERATIONS.listEmailEvents.name,
  );
  const skipped = await count(pages, fromAccountEvent, agg, progress);
  return { aggregate: agg.result(), skipped };
}

/** GET /campaigns/{id}/events, which takes exact instants (spec 4.5). */
export async function streamCampaignEvents(
  api: ApiClient,
  id: string,
  by: Breakdown,
  w: Window,
  progress: (n: number) => void,
): Promise<Streamed> {
  // Campaign events have `open` but no `initial_open`: opens count distinct recipients.
  const agg = new Aggregator(by, w, true);
  const pages = cursorPages(
    async (cursor, size) => {
      const page = await listCampaignEvents(api, id, { startDate: iso(w.fromMs), endDate: iso(w.toMs), cursor, limit: size });
      return { items: page.events, nextCursor: page.nextCursor };
    },
    undefined,
    { all: true, pageSize: MAX_CAMPAIGN_EVENTS_PER_PAGE, prefetch: true },
    OPERATIONS.listCampaignEvents.name,
  );
  const skipped = await count(pages, fromCampaignEvent, agg, progress);
  return { aggregate: agg.result(), skipped };
}
