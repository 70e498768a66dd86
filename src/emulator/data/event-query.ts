// Filtering, paging and counting account-wide events without O(n) work per page: the time range
// is two binary searches, a page scans back from the cursor position only as far as it needs,
// and the total of a filtered query is counted once per (filter, range) and cached.
import { BOUNCE_CLASSES } from './pools.js';
import { EMAIL_EVENT_TYPES, type EventLog } from './event-log.js';

export interface EventFilterInput {
  types?: string[];
  recipients?: string[];
  transmissions?: string[];
  bounceClasses?: number[];
}

/** A compiled filter: membership tables over the codes stored in the log. */
export interface CompiledFilter {
  key: string;
  /** true when no event can match (for example an unknown recipient) */
  impossible: boolean;
  test: ((i: number) => boolean) | null;
}

export function compileFilter(log: EventLog, input: EventFilterInput): CompiledFilter {
  const key = JSON.stringify(input);
  const tests: Array<(i: number) => boolean> = [];
  let impossible = false;
  if (input.types) {
    const mask = new Uint8Array(EMAIL_EVENT_TYPES.length);
    for (const t of input.types) mask[EMAIL_EVENT_TYPES.indexOf(t as never)] = 1;
    tests.push((i) => mask[log.type[i] as number] === 1);
  }
  if (input.recipients) {
    const wanted = new Set<number>();
    for (const r of input.recipients) {
      const idx = log.recipientIndex.get(r.toLowerCase());
      if (idx !== undefined) wanted.add(idx);
    }
    if (wanted.size === 0) impossible = true;
    tests.push((i) => wanted.has(log.rcptOf(i)));
  }
  if (input.transmissions) {
    const wanted = new Set<number>();
    for (const id of input.transmissions) {
      const t = log.transmissionIndex(id);
      if (t >= 0) wanted.add(t);
    }
    if (wanted.size === 0) impossible = true;
    tests.push((i) => wanted.has(log.tx[i] as number));
  }
  if (input.bounceClasses) {
    const mask = new Uint8Array(BOUNCE_CLASSES.length + 1);
    BOUNCE_CLASSES.forEach((bc, k) => {
      if (input.bounceClasses?.includes(bc.code)) mask[k + 1] = 1;
    });
    tests.push((i) => mask[log.bounce[i] as number] === 1);
  }
  const test = tests.length === 0 ? null : tests.length === 1 ? (tests[0] as (i: number) => boolean) : (i: number) => tests.every((f) => f(i));
  return { key, impossible, test };
}

export interface PageResult {
  indices: number[];
  /** exclusive upper position of the next page, or null when no further match exists */
  next: number | null;
}

/** Up to perPage matches scanning down from position `before` (exclusive) to `lo`, newest first. */
export function pageOf(log: EventLog, f: CompiledFilter, lo: number, before: number, perPage: number): PageResult {
  if (f.impossible || before <= lo) return { indices: [], next: null };
  if (f.test === null) {
    const end = Math.max(lo, before - perPage);
    const indices: number[] = [];
    for (let i = before - 1; i >= end; i--) indices.push(i);
    return { indices, next: end > lo ? end : null };
  }
  const indices: number[] = [];
  let i = before - 1;
  for (; i >= lo && indices.length < perPage; i--) if (f.test(i)) indices.push(i);
  // Look ahead for one more match so the last page says next_cursor null (spec 4.1).
  for (let j = i; j >= lo; j--) {
    if (f.test(j)) return { indices, next: indices.at(-1) as number };
  }
  return { indices, next: null };
}

const COUNT_CACHE_SIZE = 64;

/** Counts matches in [lo, hi); remembers recent answers so a paging client pays once. */
export class CountCache {
  private readonly cache = new Map<string, number>();

  count(log: EventLog, f: CompiledFilter, lo: number, hi: number): number {
    if (f.impossible || hi <= lo) return 0;
    if (f.test === null) return hi - lo;
    const key = `${f.key}|${lo}|${hi}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let n = 0;
    for (let i = lo; i < hi; i++) if (f.test(i)) n++;
    if (this.cache.size >= COUNT_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, n);
    return n;
  }
}
