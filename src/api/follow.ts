import type { EmailEvent, EventsPage } from './emails.js';
import { ApiError, NetworkError } from '../errors.js';
import { instantMs, MS_PER_MINUTE } from '../time-units.js';

// `events list --follow`: the newest page first (what `events list` shows,
// oldest first), then a poll every interval for what is new, until Ctrl-C.
//
// The API lists newest first with day-granular bounds, so each poll reads from
// the top down and stops once it reaches events older than the newest one
// already printed minus an overlap. The overlap catches events that reach the
// service a little late (a timestamp just below one already printed); the ids
// printed within it are remembered so an event is printed once, and ids older
// than the overlap are forgotten, so memory does not grow with time. Events
// below the first page (when it was not the last) were never meant to be
// printed: polls stop at the oldest event of that page too.

/** Sort key of an event: its time in ms (events without a readable time sort first). */
function eventTime(e: EmailEvent): number {
  const t = typeof e.timestamp === 'string' ? instantMs(e.timestamp) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

/**
 * Events the API listed newest first, oldest first: by time, and events of the
 * same millisecond in the reverse of the API's order (its order is newest first).
 */
export function oldestFirst(newestFirst: readonly EmailEvent[]): EmailEvent[] {
  return newestFirst
    .map((e, i) => ({ e, i, t: eventTime(e) }))
    .sort((a, b) => a.t - b.t || b.i - a.i)
    .map((x) => x.e);
}

export const OVERLAP_MS = MS_PER_MINUTE;
/**
 * An event stamped ahead of the server's own clock (a sender's clock, a bad import) must not
 * move the watermark there: every later event would fall below the overlap and be dropped. The
 * watermark is capped at the server's "now" (its Date header) plus this much skew.
 */
const MAX_FUTURE_SKEW_MS = 5_000;
/** Ids remembered across the overlap, at most: a flood of events in one minute cannot grow memory without end. */
export const MAX_SEEN_IDS = 100_000;
const MAX_BACKOFF_MS = MS_PER_MINUTE;

export interface FollowOptions {
  /** One request of spec 4.1 with the user's filters; `from` narrows the window as time goes on. */
  fetchPage(query: { cursor?: string; perPage?: number; from?: string }): Promise<EventsPage>;
  /** Page size of the first listing (undefined: the API's default). */
  firstPerPage?: number;
  /** --from as a day, if given: polls never reach further back. */
  from?: string;
  intervalMs: number;
  /** Stop after this many events (--limit). */
  limit?: number;
  /** Take the first page as already seen instead of writing it (`webhook forward`: only events from now on). */
  skipBacklog?: boolean;
  /** Takes each batch (follow(); followPages yields them instead). */
  write(events: EmailEvent[]): Promise<void>;
  warn(message: string): void;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  signal: AbortSignal;
  /** After each successful request round (the first page, every poll): a sign of life. */
  onPolled?: () => void;
}

/** Ids printed recently, with their times; the newest time is the watermark. */
export class SeenEvents {
  private readonly ids = new Map<string, number>();
  /**
   * The ids in the order they were first remembered, from `head` on: the
   * oldest to forget when there are too many. Asking the map for its first key
   * instead walks every deleted entry before it (V8 compacts a Map only when it
   * grows), which made each event of a flood cost a walk over tens of thousands
   * of slots. An id pruned by time stays here until it is reached and skipped:
   * its time is behind the horizon for good, so it is never remembered again.
   */
  private order: string[] = [];
  private head = 0;
  newest: number | undefined;
  /**
   * Time of the oldest event of the first page when more existed below it:
   * those were deliberately not printed, so no poll may take them for new
   * (the overlap would otherwise reach back past the first page).
   */
  floor: number | undefined;

  has(id: string | undefined): boolean {
    return id !== undefined && this.ids.has(id);
  }

  /** `serverTime`: the server's clock when the page was answered, when it said. */
  add(e: EmailEvent, serverTime?: number): void {
    const stamped = eventTime(e);
    if (typeof e.event_id === 'string') {
      if (!this.ids.has(e.event_id)) this.order.push(e.event_id);
      this.ids.set(e.event_id, stamped);
      if (this.ids.size > MAX_SEEN_IDS) this.forgetOldest();
    }
    const t = serverTime === undefined ? stamped : Math.min(stamped, serverTime + MAX_FUTURE_SKEW_MS);
    if (t !== -Infinity && (this.newest === undefined || t > this.newest)) this.newest = t;
  }

  private forgetOldest(): void {
    while (this.head < this.order.length && !this.ids.delete(this.order[this.head++]!));
    // Drop the forgotten part of the queue once it is most of it: amortised O(1) per id.
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }

  /** Events older than this are not looked at again. */
  horizon(): number | undefined {
    return this.newest === undefined ? undefined : this.newest - OVERLAP_MS;
  }

  /** True for an event a poll must not print, nor look below: older than the horizon, or not after the floor. */
  behind(t: number): boolean {
    const horizon = this.horizon();
    return (horizon !== undefined && t < horizon) || (this.floor !== undefined && t <= this.floor);
  }

  /** Forgets ids older than the horizon. */
  prune(): void {
    const horizon = this.horizon();
    if (horizon === undefined) return;
    for (const [id, t] of this.ids) if (t < horizon) this.ids.delete(id);
    // an id stamped in the future stays until the horizon passes its time: it is not printed twice
    // The queue of ids to forget drops those pruned once they are most of it, so it does not grow with time.
    if (this.order.length - this.head > 2 * this.ids.size + 1024) {
      this.order = this.order.slice(this.head).filter((id) => this.ids.has(id));
      this.head = 0;
    }
  }

  /** Ids waiting in the queue of those to forget (pruned ones included until it is compacted). */
  get queued(): number {
    return this.order.length - this.head;
  }

  get size(): number {
    return this.ids.size;
  }
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * New events since the last poll, newest first as the API gives them. Reads
 * further pages only while a page brings something new and is still above
 * the horizon.
 */
export async function pollOnce(
  opts: Pick<FollowOptions, 'fetchPage' | 'from'>,
  seen: SeenEvents,
  perPage: number,
  onServerTime: (ms: number) => void = () => undefined,
): Promise<EmailEvent[]> {
  const horizon = Math.max(seen.horizon() ?? -Infinity, seen.floor ?? -Infinity);
  let from = opts.from;
  if (horizon !== -Infinity) {
    const day = dayOf(horizon);
    if (from === undefined || day > from) from = day;
  }
  const fresh: EmailEvent[] = [];
  const taken = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await opts.fetchPage({ cursor, perPage, from });
    if (page.serverTime !== undefined) onServerTime(page.serverTime);
    let brought = 0;
    let below = false;
    for (const e of page.items) {
      if (seen.behind(eventTime(e))) {
        below = true;
        break;
      }
      const id = typeof e.event_id === 'string' ? e.event_id : undefined;
      if (seen.has(id) || (id !== undefined && taken.has(id))) continue;
      if (id !== undefined) taken.add(id);
      fresh.push(e);
      brought++;
    }
    if (below || brought === 0 || page.nextCursor === null || page.nextCursor === cursor) return fresh;
    cursor = page.nextCursor;
  }
}

function retryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status === 429 || error.status >= 500);
}

/**
 * The events to print, batch by batch, until the signal aborts (or --limit is reached): the
 * listing runner writes each batch as it comes. Failures that may pass are warned about and retried.
 */
export async function* followPages(opts: Omit<FollowOptions, 'write'>): AsyncGenerator<EmailEvent[], void, undefined> {
  const seen = new SeenEvents();
  let printed = 0;
  let serverTime: number | undefined;
  /** What --limit still wants of `events`, remembered as printed. */
  const take = (events: EmailEvent[]): EmailEvent[] => {
    const left = opts.limit === undefined ? Infinity : opts.limit - printed;
    const batch = events.length > left ? events.slice(0, left) : events;
    for (const e of batch) seen.add(e, serverTime);
    printed += batch.length;
    return batch;
  };
  const reachedLimit = () => opts.limit !== undefined && printed >= opts.limit;

  try {
    const first = await opts.fetchPage({ perPage: opts.firstPerPage, from: opts.from });
    serverTime = first.serverTime;
    const backlog = oldestFirst(first.items);
    if (first.nextCursor !== null && backlog.length > 0) seen.floor = eventTime(backlog[0]!);
    if (opts.skipBacklog) for (const e of backlog) seen.add(e, serverTime);
    else {
      // --limit below the page keeps its newest events, as `events list --limit` would: cutting
      // the old end would print events older than newer ones it never shows
      const batch = take(opts.limit === undefined ? backlog : backlog.slice(-opts.limit));
      if (batch.length) yield batch;
      if (reachedLimit()) return;
    }
    opts.onPolled?.();
    let wait = opts.intervalMs;
    for (;;) {
      await opts.sleep(wait, opts.signal);
      let batch: EmailEvent[];
      try {
        batch = take(oldestFirst(await pollOnce(opts, seen, 100, (ms) => (serverTime = ms))));
        wait = opts.intervalMs;
      } catch (error) {
        if (opts.signal.aborted || !retryable(error)) throw error;
        wait = Math.min(MAX_BACKOFF_MS, Math.max(wait * 2, opts.intervalMs));
        // A 429 says how long to keep away (a sandbox key's spent day budget: hours): polls sent
        // before then are refused, and can extend the cooldown (service-notes, "Rate limits").
        const retryAfter = error instanceof ApiError && error.status === 429 ? error.retryAfter : undefined;
        if (retryAfter !== undefined && retryAfter > 0) wait = Math.max(wait, retryAfter * 1000);
        opts.warn(`${(error as Error).message}; polling again in ${Math.round(wait / 1000)}s`);
        continue;
      }
      if (batch.length) yield batch;
      if (reachedLimit()) return;
      opts.onPolled?.();
      seen.prune();
    }
  } catch (error) {
    // Ctrl-C: the output written so far is whole; main.ts turns the abort into exit 130.
    if (opts.signal.aborted) return;
    throw error;
  }
}

/** followPages for a caller that takes the events itself (`webhook forward` delivers them). */
export async function follow(opts: FollowOptions): Promise<void> {
  try {
    for await (const batch of followPages(opts)) await opts.write(batch);
  } catch (error) {
    if (opts.signal.aborted) return;
    throw error;
  }
}
