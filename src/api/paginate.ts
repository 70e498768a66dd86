import { CliError, ExitCode } from '../errors.js';

/**
 * Pagination as async generators: list commands consume pages and write each
 * one as it arrives, so memory stays flat however many rows there are.
 */

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
  /** Total rows the server counts for the query, when it says. */
  total?: number;
}

export interface PageLimits {
  /** Stop once this many rows have been yielded (the last page is trimmed). */
  limit?: number;
  /** Follow every page; without it (and without limit) only the first page is read. */
  all?: boolean;
  /**
   * Rows to ask each request for: with a limit, each request asks only for
   * what is still wanted (so no page beyond the limit is fetched). Undefined
   * leaves the page size to the caller's query.
   */
  pageSize?: number;
  /**
   * Request the next page while the caller writes this one, so network and
   * output overlap; at most two pages are held. Only while following pages.
   */
  prefetch?: boolean;
}

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
 * A cursor given before (A → B → A) would list the same rows for ever: the
 * page is yielded, then the listing fails (exit 1).
 */
export async function* cursorPages<T, P extends CursorPage<T> = CursorPage<T>>(
  fetchPage: (cursor: string | undefined, pageSize: number | undefined) => Promise<P>,
  firstCursor: string | undefined,
  limits: PageLimits,
  operation = 'the listing',
): AsyncGenerator<CursorStep<P>> {
  let left = limits.limit ?? Infinity;
  const follow = Boolean(limits.all) || limits.limit !== undefined;
  const size = () => (limits.pageSize === undefined ? undefined : Math.min(limits.pageSize, left));
  let cursor = firstCursor;
  const seen = new Set<string>(cursor === undefined ? [] : [cursor]);
  let pending: Promise<P> | undefined = fetchPage(cursor, size());
  while (pending) {
    const page: P = await pending;
    pending = undefined;
    const trimmed = page.items.length > left;
    const items = trimmed ? page.items.slice(0, left) : page.items;
    left -= items.length;
    const next = page.nextCursor;
    const repeated = follow && left > 0 && next !== null && seen.has(next);
    const more = follow && left > 0 && next !== null && !repeated;
    if (next !== null) seen.add(next);
    const thisCursor = cursor;
    if (more) {
      cursor = next;
      if (limits.prefetch) {
        pending = fetchPage(cursor, size());
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
    if (more && !pending) pending = fetchPage(cursor, size());
  }
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

/** Walks page numbers from `firstPage` up to last_page. */
export async function* numberedPages<T>(
  fetchPage: (page: number) => Promise<NumberedPage<T>>,
  firstPage: number,
  limits: PageLimits,
  operation = 'the listing',
): AsyncGenerator<NumberedPage<T>> {
  let left = limits.limit ?? Infinity;
  const follow = limits.all || limits.limit !== undefined;
  for (let page = firstPage; ; page++) {
    const result = await fetchPage(page);
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
