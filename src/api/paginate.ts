import { CliError, ExitCode } from '../errors.js';
import { RecentIds } from './recent-ids.js';

/**
 * Pagination as async generators: list commands consume pages and write each
 * one as it arrives, so memory stays flat however many rows there are.
 */

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
  /** Total rows the server counts for the query, when it says. */
  total?: number;
  /** The same count under the events API's name (EventsPage): either one arms the walk guard. */
  totalCount?: number;
}

export interface PageLimits {
  /** Stop once this many rows have been yielded (the last page is trimmed). */
  limit?: number;
  /** Follow every page; without it (and without limit) only the first page is read. */
  all?: boolean;
  /**
   * Rows to ask each request for, the same for every request (cli.md: --all
   * and --limit use the largest page size the API allows unless --per-page is
   * given); the last page is trimmed to the limit, and no page beyond the
   * limit is fetched. Undefined leaves the page size to the caller's query.
   */
  pageSize?: number;
  /**
   * Request the next page while the caller writes this one, so network and
   * output overlap; at most two pages are held. Only while following pages.
   */
  prefetch?: boolean;
  /**
   * The row's id (event_id): a row seen among the last SEEN_WINDOW ids is dropped, so a server
   * that hands out a fresh cursor for the same rows cannot print them twice.
   */
  idOf?: (item: never) => string | undefined;
  /** Called after every EMPTY_RUN_NOTICE pages in a row that brought no row (filtered pages). */
  onEmptyRun?: (pagesScanned: number) => void;
}

/** Rows beyond total_count accepted (rows may arrive during an export) before the listing is stopped. */
function totalMargin(total: number): number {
  return Math.max(1000, Math.ceil(total / 10));
}

/**
 * The walk guard, the one every walk shares (export, sync, report, api --paginate):
 * a server that never ends (a fresh cursor or a growing last_page on every page)
 * is stopped once it has sent clearly more rows than it said exist. The count is the
 * first one the walk was given: a server whose total grows with every page (last_page
 * always one more, total with it) would otherwise never be stopped.
 */
class WalkGuard {
  private total: number | undefined;
  constructor(private readonly operation: string) {}

  check(received: number, page: { total?: number; totalCount?: number }, pages: number): void {
    const total = page.total ?? page.totalCount;
    if (this.total === undefined && typeof total === 'number' && Number.isFinite(total)) this.total = total;
    if (this.total !== undefined && received > this.total + totalMargin(this.total)) {
      throw endlessListing(this.operation, received, this.total, pages);
    }
  }
}
const SEEN_WINDOW = 50_000;
/**
 * Cursors remembered to catch a server that sends one again (A → B → A): the last 10,000 pages
 * (a million events at the largest page size); a longer cycle is stopped by the walk guard
 * when the server counts its rows (total_count).
 */
const CURSOR_WINDOW = 10_000;
const EMPTY_RUN_NOTICE = 100;

/** One page as the listing yields it: trimmed to the limit (its nextCursor then null). */
export type CursorStep<P> = P & {
  /** The cursor this page was fetched with. */
  cursor: string | undefined;
  /** True when the limit ended the listing with more rows available. */
  stoppedAtLimit: boolean;
};

/**
 * Follows next_cursor until it is null. A page may be empty while the cursor
 * is not null (campaign events with a filter, spec 4.5): that is not the end.
 * A cursor given before (A → B → A, among the last CURSOR_WINDOW) would list
 * the same rows for ever: the page is yielded, then the listing fails (exit 1).
 */
export async function* cursorPages<T, P extends CursorPage<T> = CursorPage<T>>(
  fetchPage: (cursor: string | undefined, pageSize: number | undefined) => Promise<P>,
  firstCursor: string | undefined,
  limits: PageLimits,
  operation = 'the listing',
): AsyncGenerator<CursorStep<P>> {
  let left = limits.limit ?? Infinity;
  const follow = Boolean(limits.all) || limits.limit !== undefined;
  const size = limits.pageSize;
  let cursor = firstCursor;
  // by hash in a fixed ring: a long export keeps no cursor string of its own per page
  const cursors = new RecentIds(CURSOR_WINDOW);
  if (cursor !== undefined) cursors.add(cursor);
  let pending: Promise<P> | undefined = fetchPage(cursor, size);
  const recent = limits.idOf ? new RecentIds(SEEN_WINDOW) : undefined;
  let received = 0;
  let pages = 0;
  let emptyRun = 0;
  const guard = new WalkGuard(operation);
  while (pending) {
    const page: P = await pending;
    pending = undefined;
    pages++;
    received += page.items.length;
    if (follow) guard.check(received, page, pages);
    const fresh = recent ? page.items.filter((item) => firstSight(recent, limits.idOf!(item as never))) : page.items;
    emptyRun = fresh.length === 0 ? emptyRun + 1 : 0;
    if (emptyRun > 0 && emptyRun % EMPTY_RUN_NOTICE === 0) limits.onEmptyRun?.(pages);
    const trimmed = fresh.length > left;
    const items = trimmed ? fresh.slice(0, left) : fresh;
    left -= items.length;
    const next = page.nextCursor;
    const firstTime = next === null || cursors.add(next);
    const repeated = follow && left > 0 && !firstTime;
    const more = follow && left > 0 && next !== null && !repeated;
    const thisCursor = cursor;
    if (more) {
      cursor = next;
      if (limits.prefetch) {
        pending = fetchPage(cursor, size);
        // Consumed on the next turn; until then a failure must not count as unhandled.
        pending.catch(() => undefined);
      }
    }
    yield {
      ...page,
      items,
      nextCursor: trimmed ? null : next,
      cursor: thisCursor,
      stoppedAtLimit: left <= 0 && (trimmed || next !== null),
    };
    if (repeated) throw repeatedCursor(operation, next);
    if (more && !pending) pending = fetchPage(cursor, size);
  }
}

/** True the first time an id is seen among the last SEEN_WINDOW; rows without an id always pass. */
function firstSight(recent: RecentIds, id: string | undefined): boolean {
  return id === undefined || recent.add(id);
}

function endlessListing(operation: string, received: number, total: number, pages: number): CliError {
  return new CliError(
    `${operation} sent ${received} rows in ${pages} pages although its total_count says ${total}: stopped rather than page for ever`,
    ExitCode.Failure,
    { hint: 'the rows received so far were each kept once, but the listing may not be complete: report this with the output of --verbose' },
  );
}

/** The failure of a listing whose server sent a next_cursor it had sent before: stopped, and incomplete. */
function repeatedCursor(operation: string, cursor: string): CliError {
  const shown = cursor.length > 60 ? `${cursor.slice(0, 60)}…` : cursor;
  return new CliError(`${operation} returned the cursor "${shown}" again: stopped rather than list the same rows twice`, ExitCode.Failure, {
    hint: 'the rows printed so far are each there once, but the listing is not complete: report this with the output of --verbose',
  });
}

export interface NumberedPage<T> {
  items: T[];
  page: number;
  lastPage: number;
  total?: number;
}

/**
 * Walks page numbers from `firstPage` up to last_page. Page numbers shift when a row is created
 * or deleted mid-listing (a row moves to the next page and is listed twice, or to the previous
 * one and is skipped). With `idOf`, rows already listed are dropped, and when `total` changed
 * during the walk every page is read once more for the rows the shift hid; a full listing
 * (--all from page 1) whose count of distinct rows still differs from `total` fails (exit 1)
 * rather than end as if complete.
 */
export async function* numberedPages<T>(
  fetchPage: (page: number) => Promise<NumberedPage<T>>,
  firstPage: number,
  limits: PageLimits,
  operation = 'the listing',
): AsyncGenerator<NumberedPage<T>> {
  if (!limits.idOf) {
    yield* walkNumbered(fetchPage, firstPage, limits, operation);
    return;
  }
  const idOf = limits.idOf as (item: T) => string | undefined;
  const listed = new Set<string>();
  let left = limits.limit ?? Infinity;
  const totals = new Set<number>();
  let lastTotal: number | undefined;
  for (let pass = 1; pass <= 2 && left > 0; pass++) {
    for await (const result of walkNumbered(fetchPage, firstPage, { ...limits, all: limits.all || limits.limit !== undefined, limit: undefined }, operation)) {
      if (result.total !== undefined) totals.add((lastTotal = result.total));
      const fresh = result.items.filter((item) => {
        const id = idOf(item);
        if (id === undefined) return pass === 1;
        if (listed.has(id)) return false;
        listed.add(id);
        return true;
      });
      const items = fresh.length > left ? fresh.slice(0, left) : fresh;
      left -= items.length;
      yield { ...result, items };
      if (left <= 0) return;
    }
    // the count did not move: no row can have shifted between pages
    if (totals.size <= 1) break;
    totals.clear();
    if (lastTotal !== undefined) totals.add(lastTotal);
  }
  if (limits.all && limits.limit === undefined && firstPage === 1 && lastTotal !== undefined && listed.size !== lastTotal) {
    throw new CliError(
      `${operation} changed while it was listed: ${listed.size} distinct rows were printed, the API now counts ${lastTotal}`,
      ExitCode.Failure,
      { hint: 'rows were created or deleted meanwhile: the output is each row once, but it is not one consistent snapshot; run the command again' },
    );
  }
}

async function* walkNumbered<T>(
  fetchPage: (page: number) => Promise<NumberedPage<T>>,
  firstPage: number,
  limits: PageLimits,
  operation: string,
): AsyncGenerator<NumberedPage<T>> {
  let left = limits.limit ?? Infinity;
  const follow = limits.all || limits.limit !== undefined;
  let received = 0;
  const guard = new WalkGuard(operation);
  for (let page = firstPage; ; page++) {
    const result = await fetchPage(page);
    received += result.items.length;
    if (follow) guard.check(received, result, page - firstPage + 1);
    // A server that ignores `page` would hand out page 1 for ever (it is never the last).
    if (result.page !== page) {
      throw new CliError(`${operation} answered page ${result.page} when asked for page ${page}: stopped rather than list the same rows twice`, ExitCode.Failure, {
        hint: 'check --base-url: the server does not page as the API does',
      });
    }
    const items = result.items.length > left ? result.items.slice(0, left) : result.items;
    left -= items.length;
    yield { ...result, items };
    if (!follow || left <= 0 || result.page >= result.lastPage || result.items.length === 0) return;
  }
}

/**
 * The pages as they come; once the first has come, `requestsLeft` is told how many more
 * requests the rest of the walk takes (fewer with a limit), before the rows are written.
 */
export async function* withRequestsLeft<T>(
  pages: AsyncIterable<NumberedPage<T>>,
  limit: number | undefined,
  perPage: number,
  requestsLeft: (requests: number) => void,
): AsyncGenerator<NumberedPage<T>> {
  let first = true;
  for await (const page of pages) {
    if (first) {
      const byLimit = limit === undefined ? Infinity : Math.ceil((limit - page.items.length) / perPage);
      requestsLeft(Math.min(page.lastPage - page.page, byLimit));
    }
    first = false;
    yield page;
  }
}
