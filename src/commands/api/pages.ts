// How `api --paginate` finds the items and the next page in any listing of
// the API: a cursor (`data.next_cursor`, `data.events.pagination.next_cursor`,
// `pagination.next_cursor`) or page numbers up to `pagination.last_page`.

export type Next = { cursor: string } | { page: number } | null;

export interface Page {
  items: unknown[];
  next: Next;
  /** where the pagination was found, for messages: "data.events" */
  where: string;
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

function nextOf(node: Obj, currentPage: number): Next | undefined {
  if ('next_cursor' in node) return typeof node.next_cursor === 'string' && node.next_cursor !== '' ? { cursor: node.next_cursor } : null;
  const p = node.pagination;
  if (!isObject(p)) return undefined;
  if ('next_cursor' in p) return typeof p.next_cursor === 'string' && p.next_cursor !== '' ? { cursor: p.next_cursor } : null;
  if (typeof p.last_page === 'number') {
    const current = typeof p.current_page === 'number' ? p.current_page : currentPage;
    return current < p.last_page ? { page: current + 1 } : null;
  }
  return undefined;
}

/**
 * Reads one page. Returns undefined when the body holds no list at all (the
 * caller says so); a body with one list and no pagination is a single page.
 */
export function readPage(body: unknown, currentPage: number): Page | undefined {
  const all = containers(body);
  for (const { node, where } of all) {
    const next = nextOf(node, currentPage);
    if (next === undefined) continue;
    const arrays = arraysOf(node);
    if (arrays.length !== 1) continue;
    return { items: arrays[0]![1], next, where: where ? `${where}.${arrays[0]![0]}` : arrays[0]![0] };
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
