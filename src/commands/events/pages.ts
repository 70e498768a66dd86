import type { EventsPage } from '../../api/emails.js';
import { repeatedCursor } from '../../api/paginate.js';

// Cursor paging for `events list --all / --limit`. Unlike the generic
// cursorPages, the request for the next page is sent while the current page is
// being written, so the network and the output overlap (the export is bound by
// whichever is slower, not by their sum); at most two pages are held at once.
// With --limit each request asks only for the rows still wanted, so the last
// page is never trimmed and no page beyond the limit is fetched.

export interface PagingPlan {
  firstCursor?: string;
  /** per_page to ask for; undefined leaves it to the API's default (one page only). */
  perPage?: number;
  /** Follow next_cursor (--all or --limit). */
  follow: boolean;
  limit?: number;
}

export interface PageOut {
  page: EventsPage;
  /** The cursor this page was fetched with. */
  cursor?: string;
  /** True when --limit ended the listing with more rows available. */
  stoppedAtLimit: boolean;
}

export async function* eventPages(
  fetchPage: (cursor: string | undefined, perPage: number | undefined) => Promise<EventsPage>,
  plan: PagingPlan,
): AsyncGenerator<PageOut> {
  let left = plan.limit ?? Infinity;
  const size = () => (plan.perPage === undefined ? undefined : Math.min(plan.perPage, left));
  let cursor = plan.firstCursor;
  const seen = new Set<string>(cursor === undefined ? [] : [cursor]);
  let pending: Promise<EventsPage> | undefined = fetchPage(cursor, size());
  while (pending) {
    const page = await pending;
    pending = undefined;
    const trimmed = page.events.length > left;
    const events = trimmed ? page.events.slice(0, left) : page.events;
    left -= events.length;
    const next = page.nextCursor;
    // A cursor given before (A → B → A) would print the same events for ever.
    const repeated = plan.follow && left > 0 && next !== null && seen.has(next);
    const more = plan.follow && left > 0 && next !== null && !repeated;
    if (next !== null) seen.add(next);
    const thisCursor = cursor;
    if (more) {
      cursor = next;
      pending = fetchPage(cursor, size());
      // Consumed on the next turn; until then a failure must not count as unhandled.
      pending.catch(() => undefined);
    }
    yield {
      page: trimmed ? { ...page, events, nextCursor: null } : page,
      cursor: thisCursor,
      stoppedAtLimit: left <= 0 && (trimmed || next !== null),
    };
    if (repeated) throw repeatedCursor('GET /emails/events', next);
  }
}
