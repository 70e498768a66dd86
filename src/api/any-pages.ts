import type { ApiClient, QueryValue } from './client.js';
import { cursorPages, numberedPages } from './paginate.js';
import { CliError, ExitCode } from '../errors.js';

// How `api --paginate` finds the items and the next page in any listing of
// the API: a cursor (`data.next_cursor`, `data.events.pagination.next_cursor`,
// `pagination.next_cursor`) or page numbers up to `pagination.last_page`.
// The walking itself is the paging engine's (api/paginate.ts), so a repeated
// cursor or a server that ignores `page` ends the listing as every list does.

export type Next = { cursor: string } | { page: number } | null;

export interface Page {
  items: unknown[];
  next: Next;
  /** The page number this page says it is, and the last one, when the listing is numbered. */
  numbered?: { page: number; lastPage: number };
  /** where the pagination was found, for messages: "data.events" */
  where: string;
  /** The rows the listing counts (`total_count`, `pagination.total`): arms the paging engine's walk guard. */
  total?: number;
}

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The objects of a body, shallow first: the body, data, then data's objects. */
function containers(body: unknown): Array<{ node: Obj; where: string }> {
  const out: Array<{ node: Obj; where: string }> = [];
  let level: Array<{ node: Obj; where: string }> = isObject(body) ? [{ node: body, where: '' }] : [];
  for (let depth = 0; depth < 3 && level.length; depth++) {
    out.push(...level);
    level = level.flatMap(({ node, where }) =>
      Object.entries(node)
        .filter((e): e is [string, Obj] => isObject(e[1]) && e[0] !== 'pagination')
        .map(([key, child]) => ({ node: child, where: where ? `${where}.${key}` : key })),
    );
  }
  return out;
}

function arraysOf(node: Obj): Array<[string, unknown[]]> {
  return Object.entries(node).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
}

type Found = Pick<Page, 'next' | 'numbered'>;

function nextOf(node: Obj, currentPage: number): Found | undefined {
  const cursor = (v: unknown): Found => ({ next: typeof v === 'string' && v !== '' ? { cursor: v } : null });
  if ('next_cursor' in node) return cursor(node.next_cursor);
  const p = node.pagination;
  if (!isObject(p)) return undefined;
  if ('next_cursor' in p) return cursor(p.next_cursor);
  if (typeof p.last_page === 'number') {
    const current = typeof p.current_page === 'number' ? p.current_page : currentPage;
    return { next: current < p.last_page ? { page: current + 1 } : null, numbered: { page: current, lastPage: p.last_page } };
  }
  return undefined;
}

function totalOf(node: Obj): number | undefined {
  const p = node.pagination;
  const total = node.total_count ?? (isObject(p) ? p.total : undefined);
  return typeof total === 'number' && Number.isFinite(total) ? total : undefined;
}

/**
 * Reads one page. Returns undefined when the body holds no list at all (the
 * caller says so); a body with one list and no pagination is a single page.
 */
function readPage(body: unknown, currentPage: number): Page | undefined {
  const all = containers(body);
  for (const { node, where } of all) {
    const found = nextOf(node, currentPage);
    if (found === undefined) continue;
    const arrays = arraysOf(node);
    if (arrays.length !== 1) continue;
    return { items: arrays[0]![1], ...found, total: totalOf(node), where: where ? `${where}.${arrays[0]![0]}` : arrays[0]![0] };
  }
  // No pagination: a plain list (GET /webhooks) is one page.
  const data = isObject(body) ? body.data : undefined;
  if (Array.isArray(data)) return { items: data, next: null, where: 'data' };
  if (isObject(data)) {
    const arrays = arraysOf(data);
    if (arrays.length === 1) return { items: arrays[0]![1], next: null, where: `data.${arrays[0]![0]}` };
  }
  return undefined;
}

/**
 * Every page of GET `path`: the first answer says whether the listing pages
 * by cursor or by number, then the paging engine follows it to the end.
 */
export async function* apiPages(api: ApiClient, path: string, query: Record<string, QueryValue>): AsyncGenerator<{ items: unknown[] }> {
  const operation = `GET ${path}`;
  const fetch = async (q: Record<string, QueryValue>): Promise<Page> => {
    const res = await api.request({ method: 'GET', path, query: q });
    const page = readPage(res.body, Number(q.page ?? 1) || 1);
    if (!page) throw new CliError(`--paginate: the response of ${operation} holds no list of items`, ExitCode.Failure, { hint: 'run it without --paginate to see the body' });
    return page;
  };
  const first = await fetch(query);
  if (first.numbered) {
    const start = first.numbered.page;
    yield* numberedPages(
      async (n) => {
        const page = n === start ? first : await fetch({ ...query, page: n });
        return { items: page.items, page: page.numbered?.page ?? n, lastPage: page.numbered?.lastPage ?? n, total: page.total };
      },
      start,
      { all: true },
      operation,
    );
    return;
  }
  const firstCursor = typeof query.cursor === 'string' ? query.cursor : undefined;
  yield* cursorPages(
    async (cursor) => {
      const page = cursor === firstCursor ? first : await fetch({ ...query, cursor });
      return { items: page.items, nextCursor: page.next && 'cursor' in page.next ? page.next.cursor : null, total: page.total };
    },
    firstCursor,
    { all: true },
    operation,
  );
}
