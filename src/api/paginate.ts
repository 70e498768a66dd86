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
}

/**
 * Follows next_cursor until it is null. A page may be empty while the cursor
 * is not null (campaign events with a filter, spec 4.5): that is not the end.
 */
export async function* cursorPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  firstCursor: string | undefined,
  limits: PageLimits,
  operation = 'the listing',
): AsyncGenerator<CursorPage<T>> {
  let cursor = firstCursor;
  let left = limits.limit ?? Infinity;
  const follow = limits.all || limits.limit !== undefined;
  const seen = new Set<string>(cursor === undefined ? [] : [cursor]);
  for (;;) {
    const page = await fetchPage(cursor);
    const items = page.items.length > left ? page.items.slice(0, left) : page.items;
    left -= items.length;
    yield { ...page, items };
    if (!follow || left <= 0 || page.nextCursor === null) return;
    // A cursor given before (A → B → A) would list the same rows for ever.
    if (seen.has(page.nextCursor)) throw repeatedCursor(operation, page.nextCursor);
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** The failure of a listing whose server sent a next_cursor it had sent before: stopped, and incomplete. */
export function repeatedCursor(operation: string, cursor: string): CliError {
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
