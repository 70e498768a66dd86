// Item 7 of issue 17: one event stamped 5 minutes in the future must not hide the events that
// arrive after it. The watermark is capped at the server's "now" (its Date header) plus a small
// skew; ids stay remembered across the overlap, so nothing is printed twice either.
import { describe, expect, it } from 'vitest';
import type { EmailEvent, EventsPage } from '../../src/api/emails.js';
import { follow, MAX_SEEN_IDS, SeenEvents } from '../../src/api/follow.js';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');

describe('--follow after an event stamped in the future', () => {
  it('prints every one of 14 later events, each once', async () => {
    let now = T0;
    const events: EmailEvent[] = [];
    let n = 0;
    const add = (ms: number) => {
      events.push({ event_id: `e${n++}`, type: 'delivery', timestamp: new Date(ms).toISOString() });
      events.sort((a, b) => Date.parse(a.timestamp!) - Date.parse(b.timestamp!));
    };
    const fetchPage = async (q: { cursor?: string; perPage?: number; from?: string }): Promise<EventsPage> => {
      const from = q.from ? Date.parse(`${q.from}T00:00:00Z`) : -Infinity;
      const inRange = events.filter((e) => Date.parse(e.timestamp!) >= from).reverse();
      const start = q.cursor ? Number(q.cursor) : 0;
      const size = q.perPage ?? 25;
      return {
        items: inRange.slice(start, start + size),
        nextCursor: start + size < inRange.length ? String(start + size) : null,
        serverTime: now,
      };
    };
    for (let i = 0; i < 3; i++) add(T0 - 30_000 + i * 1000);
    // poll 1 brings one event stamped 5 minutes ahead; polls 2..8 bring two ordinary events each
    const script: Array<() => void> = [() => add(now + 5 * 60_000)];
    for (let p = 0; p < 7; p++) script.push(() => (add(now - 500), add(now - 200)));
    const printed: EmailEvent[] = [];
    const controller = new AbortController();
    let step = 0;
    await follow({
      fetchPage,
      intervalMs: 10_000,
      write: async (batch) => void printed.push(...batch),
      warn: () => undefined,
      signal: controller.signal,
      sleep: async (ms) => {
        now += ms;
        if (step >= script.length) {
          controller.abort(new Error('stop'));
          throw new Error('aborted');
        }
        script[step++]!();
      },
    });
    const ids = printed.map((e) => e.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(3 + 1 + 14);
    expect(new Set(ids)).toEqual(new Set(events.map((e) => e.event_id)));
  });

  it('the set of remembered ids is bounded', () => {
    const seen = new SeenEvents();
    const at = new Date(T0).toISOString();
    for (let i = 0; i < MAX_SEEN_IDS + 10; i++) seen.add({ event_id: `x${i}`, type: 'delivery', timestamp: at }, T0);
    expect(seen.size).toBe(MAX_SEEN_IDS);
    expect(seen.has(`x${MAX_SEEN_IDS + 9}`)).toBe(true);
    expect(seen.has('x0')).toBe(false);
  });

  it('a flood forgets exactly the oldest ids, first remembered first, even after some were seen again', () => {
    const seen = new SeenEvents();
    const at = new Date(T0).toISOString();
    const add = (id: string) => seen.add({ event_id: id, type: 'delivery', timestamp: at }, T0);
    for (let i = 0; i < MAX_SEEN_IDS; i++) add(`x${i}`);
    add('x0'); // seen again: still the oldest remembered
    for (let i = 0; i < 3 * MAX_SEEN_IDS; i++) add(`y${i}`);
    expect(seen.size).toBe(MAX_SEEN_IDS);
    expect(seen.has('x0')).toBe(false);
    expect(seen.has(`x${MAX_SEEN_IDS - 1}`)).toBe(false);
    expect(seen.has(`y${2 * MAX_SEEN_IDS - 1}`)).toBe(false);
    expect(seen.has(`y${2 * MAX_SEEN_IDS}`)).toBe(true);
    expect(seen.has(`y${3 * MAX_SEEN_IDS - 1}`)).toBe(true);
    expect(seen.queued).toBeLessThanOrEqual(2 * MAX_SEEN_IDS);
  });

  it('what it remembers does not grow with time: ids older than the overlap are pruned, the queue with them', () => {
    const seen = new SeenEvents();
    for (let minute = 0; minute < 200; minute++) {
      const t = T0 + minute * 60_000;
      const at = new Date(t).toISOString();
      for (let i = 0; i < 500; i++) seen.add({ event_id: `m${minute}-${i}`, type: 'delivery', timestamp: at }, t);
      seen.prune();
    }
    // the last two minutes are within the overlap of the newest event
    expect(seen.size).toBe(1000);
    expect(seen.has('m199-0')).toBe(true);
    expect(seen.has('m197-499')).toBe(false);
    expect(seen.queued).toBeLessThanOrEqual(2 * 1000 + 1024);
  });
});
