import type { EmailEvent, EventsPage } from '../../api/emails.js';
import { cursorPages } from '../../api/paginate.js';

// Cursor paging for `events list --all / --limit`: the request for the next
// page is sent while the current page is being written, so the network and the
// output overlap (the export is bound by whichever is slower, not by their
// sum); at most two pages are held at once. With --limit each request asks only
// for the rows still wanted, so the last page is never trimmed and no page
// beyond the limit is fetched.

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

/** The shared cursor paging (api/paginate.ts) with prefetch, over events pages. */
export async function* eventPages(
  fetchPage: (cursor: string | undefined, perPage: number | undefined) => Promise<EventsPage>,
  plan: PagingPlan,
): AsyncGenerator<PageOut> {
  // --limit always follows pages (events list sets follow with it); without
  // follow a limit would be a one-page listing, so it is not passed on.
  const steps = cursorPages(
    async (cursor, size) => {
      const page = await fetchPage(cursor, size);
      return { ...page, items: page.events, total: page.totalCount };
    },
    plan.firstCursor,
    {
      all: plan.follow,
      limit: plan.follow ? plan.limit : undefined,
      pageSize: plan.perPage,
      prefetch: true,
      // a server handing out fresh cursors over the same rows: each event is printed once
      idOf: (e: EmailEvent) => (typeof e.event_id === 'string' ? e.event_id : undefined),
    },
    'GET /emails/events',
  );
  for await (const { items, cursor, stoppedAtLimit, ...page } of steps) {
    yield { page: { ...page, events: items }, cursor, stoppedAtLimit };
  }
}
