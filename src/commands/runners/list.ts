import type { ApiClient } from '../../api/client.js';
import type { Operation } from '../../api/operations.js';
import type { CursorPage, NumberedPage } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import type { ListSpec } from '../../output/types.js';
import { nonEmpty } from '../../input/values.js';
import { flag } from '../define.js';
import { nextPageCommand, nextPageHint, runListing } from '../listing.js';
import { countOf } from '../../counts.js';

// The one list runner, for every pagination style of the API: cursor pages,
// numbered pages, and operations that answer everything at once. One page by
// default (and the command of the next one on stderr), --all for every page,
// --limit N for the first N rows; rows are written as each page arrives.

/** The flags of a listing, for `flags: { ...listFlags(...) }`. */
export function cursorFlags(noun: string, perPage: { max: number; default: number; sentAs?: string }) {
  return {
    perPage: flag
      .integer(`${noun} per request${perPage.sentAs ? `, sent as \`${perPage.sentAs}\`` : ''}`, [1, perPage.max])
      .defaultShown(`${perPage.default}; ${perPage.max} with --all/--limit`),
    cursor: flag.string('continue from the cursor a previous page printed', { value: 'cursor', parse: nonEmpty }),
    all: flag.boolean('follow the cursor to the last page, streaming rows as they arrive'),
    limit: flag.integer(`stop after this many ${noun} (follows pages)`, [1, 1_000_000]),
  };
}

/** `maxPage`: the largest page the operation accepts; only GET /campaigns states one (spec 4.3: 10000), the others none (REST spec 10). */
export function pageFlags(noun: string, perPage: { max: number; default: number; maxPage?: number }) {
  return {
    page: flag.integer('page to show; with --all/--limit, the page to start from', [1, perPage.maxPage ?? Number.MAX_SAFE_INTEGER]).defaultShown('1'),
    perPage: flag.integer(`${noun} per page`, [1, perPage.max]).defaultShown(`${perPage.default}; ${perPage.max} with --all/--limit`),
    all: flag.boolean('follow every page up to the last one, streaming rows as they arrive'),
    limit: flag.integer(`stop after this many ${noun} (follows pages)`, [1, 1_000_000]),
  };
}

/** An operation that answers every row at once: --all is what it does anyway, --limit trims. */
export function wholeFlags(noun: string) {
  return {
    all: flag.boolean(`print every ${noun.replace(/s$/, '')} (the API answers them all at once)`),
    limit: flag.integer(`stop after this many ${noun}`, [1, 1_000_000]),
  };
}

export type Paging<T> =
  | {
      style: 'cursor';
      fetch(api: ApiClient, cursor: string | undefined, perPage: number | undefined): Promise<CursorPage<T>>;
      cursor?: string;
      perPage?: number;
      maxPerPage: number;
    }
  | {
      style: 'page';
      /** `page` is undefined for the first request when the user chose none (the API's default is 1). */
      fetch(api: ApiClient, page: number | undefined, perPage: number | undefined): Promise<NumberedPage<T>>;
      page?: number;
      perPage?: number;
      maxPerPage: number;
      /** Rows created or deleted mid-listing shift page numbers: each row is listed once, checked against total. */
      idOf?: (row: T) => string;
    }
  | { style: 'whole'; fetch(api: ApiClient): Promise<T[]> };

export interface ListRun<T> {
  /** The command's words for the next-page hint, positional arguments included: ['campaign', 'list']. */
  command: string[];
  /** The user's own listing flags, repeated in the next-page hint. */
  args?: string[];
  /** "campaigns": spinner, export count and "no campaigns". */
  noun: string;
  /** The notice on a terminal when nothing matched (default "no <noun>"). */
  empty?: string;
  spec: ListSpec<T>;
  operation: Operation;
  paging: Paging<T>;
  all: boolean;
  limit?: number;
}

type Step<T> = { items: T[]; nextCursor?: string | null; page?: number; lastPage?: number; total?: number; stoppedAtLimit?: boolean };

async function* whole<T>(items: T[], limit: number | undefined): AsyncGenerator<Step<T>> {
  // total: how many the answer held, so --limit can say when it left some out
  yield { items: limit === undefined ? items : items.slice(0, limit), total: items.length };
}

export async function runList<T>(ctx: Context, list: ListRun<T>): Promise<void> {
  const { cursorPages, numberedPages, withRequestsLeft } = await import('../../api/paginate.js');
  const out = ctx.output();
  const api = await ctx.api();
  const follow = list.all || list.limit !== undefined;
  const { paging } = list;
  let pages: AsyncIterable<Step<T>>;
  /** Rows of the last numbered page as the API answered it (the listing may have kept fewer). */
  let lastFetched = 0;
  if (paging.style === 'cursor') {
    const perPage = paging.perPage ?? (follow ? paging.maxPerPage : undefined);
    const fetch = async (cursor: string | undefined) => {
      const page = await paging.fetch(api, cursor, perPage);
      const total = page.total ?? page.totalCount;
      // Before a long export on a sandbox key: say when its day budget cannot cover the pages left.
      if (follow && cursor === undefined && total !== undefined && page.nextCursor !== null) {
        const wanted = Math.min(total, list.limit ?? Infinity) - page.items.length;
        const message = wanted > 0 ? api.dayBudgetWarning(Math.ceil(wanted / (perPage ?? paging.maxPerPage)), 'this export') : undefined;
        if (message) ctx.warn(message);
      }
      return page;
    };
    pages = cursorPages(fetch, paging.cursor, { all: list.all, limit: list.limit }, list.operation.name);
  } else if (paging.style === 'page') {
    const perPage = paging.perPage ?? (follow ? paging.maxPerPage : undefined);
    const walk = numberedPages(
      async (page) => {
        const answer = await paging.fetch(api, page === 1 && paging.page === undefined ? undefined : page, perPage);
        lastFetched = answer.items.length;
        return answer;
      },
      paging.page ?? 1,
      { all: list.all, limit: list.limit, idOf: paging.idOf as ((row: never) => string) | undefined },
      list.operation.name,
    );
    // Before a long export on a sandbox key: say when its day budget cannot cover the pages left.
    const budget = (requests: number) => {
      const message = api.dayBudgetWarning(requests, 'this export');
      if (message) ctx.warn(message);
    };
    pages = follow ? withRequestsLeft(walk, list.limit, perPage ?? paging.maxPerPage, budget) : walk;
  } else {
    // One answer holds every row: asked for before the output starts, so a failed request prints nothing on stdout.
    ctx.output(list.spec);
    const spinner = await ctx.spinner(`fetching ${list.noun}`);
    let rows: T[];
    try {
      rows = await paging.fetch(api);
    } finally {
      spinner.stop();
    }
    pages = whole(rows, list.limit);
  }
  const { last, count } = await runListing(ctx, {
    spec: list.spec,
    pages,
    spinner: follow ? `fetching ${list.noun}` : undefined,
    progress: (page, rows) =>
      page.lastPage !== undefined ? `fetching ${list.noun}: ${rows} so far, page ${page.page} of ${page.lastPage}` : `fetching ${list.noun}: ${rows} so far`,
    exportOf: follow && paging.style !== 'whole' ? { noun: list.noun, total: (page) => page.total, limit: list.limit } : undefined,
    resume: (page, written) => {
      const next = page.nextCursor ? ['--cursor', page.nextCursor] : page.page !== undefined ? ['--page', String(page.page + 1)] : undefined;
      return next && nextPageCommand(ctx, list.command, [...(list.args ?? []), ...restOf(list, written)], next);
    },
  });
  if (!follow && last) {
    if (last.nextCursor) nextPageHint(ctx, `Showed ${countOf(count, list.noun)}`, list.command, list.args ?? [], ['--cursor', last.nextCursor]);
    if (last.page !== undefined && last.lastPage !== undefined && last.page < last.lastPage) {
      const total = last.total !== undefined ? ` (${last.total} in total)` : '';
      nextPageHint(ctx, `Showed page ${last.page} of ${last.lastPage}${total}`, list.command, list.args ?? [], ['--page', String(last.page + 1)]);
    }
  }
  if (list.limit !== undefined && last && count >= list.limit) stoppedAtLimit(ctx, list, last, lastFetched);
  // last_page 0 is an empty list (no page at all), not a page asked for past its end
  if (count === 0 && last?.page !== undefined && last.lastPage !== undefined && last.lastPage > 0 && last.page > last.lastPage) {
    ctx.notice(`page ${last.page} is past the last page (${last.lastPage})`);
  } else if (count === 0 && out.format === 'table' && (out.isTTY || paging.style === 'whole')) {
    ctx.notice(list.empty ?? `no ${list.noun}`);
  }
}

/** What a listing still has to read after `written` rows: the rest of --limit (with --all or not), every page, or one page. */
export function restOf(list: { all: boolean; limit?: number }, written: number): string[] {
  const all = list.all ? ['--all'] : [];
  return list.limit !== undefined ? [...all, '--limit', String(list.limit - written)] : all;
}

/**
 * --limit ended the listing: when more rows exist, say so, with the command that lists the next
 * ones (cli.md: every list prints the next-page command when more exist). Only from a page
 * boundary: a page the limit cut in two has no cursor or page number for its other rows.
 */
function stoppedAtLimit<T>(ctx: Context, list: ListRun<T>, last: Step<T>, lastFetched: number): void {
  const limit = list.limit!;
  let more: boolean;
  let next: string[] | undefined;
  if (list.paging.style === 'cursor') {
    more = last.stoppedAtLimit === true;
    if (last.nextCursor) next = ['--cursor', last.nextCursor];
  } else if (list.paging.style === 'page' && last.page !== undefined && last.lastPage !== undefined) {
    const cut = last.items.length < lastFetched;
    more = cut || last.page < last.lastPage;
    if (!cut && last.page < last.lastPage) next = ['--page', String(last.page + 1)];
  } else if (list.paging.style === 'whole') {
    // one answer held every row: no position to continue from, but the rows left out are known
    more = last.total !== undefined && last.total > limit;
  } else return;
  if (!more) return;
  const total = last.total !== undefined ? ` (${last.total} in total)` : '';
  const command = next ? ` The next ${limit}:\n  ${nextPageCommand(ctx, list.command, [...(list.args ?? []), '--limit', String(limit)], next)}` : '';
  ctx.notice(`Stopped at --limit ${limit}${total}.${command}`);
}
