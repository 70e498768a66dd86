// The pure parts of `events list`: cursor paging with prefetch and --limit,
// the --follow poll (dedupe, floor, horizon, bounded memory), day ranges,
// the streaming terminal table and the next-page command line.
import { describe, expect, it } from 'vitest';
import type { EmailEvent, EventsPage } from '../../src/api/emails.js';
import { eventDetail } from '../../src/commands/events/columns.js';
import { commandLine, shellQuote } from '../../src/output/command-line.js';
import { follow, oldestFirst, OVERLAP_MS, pollOnce, SeenEvents } from '../../src/api/follow.js';
import { cursorPages } from '../../src/api/paginate.js';
import { ApiError } from '../../src/errors.js';
import { createListWriter } from '../../src/output/list.js';
import { eventListSpec } from '../../src/commands/events/columns.js';
import type { OutputTarget } from '../../src/output/types.js';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');

/** A fake GET /emails/events over a growing list of events (kept oldest first), newest first per page. */
function fakeServer() {
  const events: EmailEvent[] = [];
  const calls: Array<{ cursor?: string; perPage?: number; from?: string }> = [];
  let n = 0;
  const add = (ms: number, count = 1) => {
    for (let k = 0; k < count; k++) events.push({ event_id: `e${n++}`, type: 'delivery', timestamp: new Date(ms).toISOString() });
    events.sort((a, b) => Date.parse(a.timestamp!) - Date.parse(b.timestamp!));
  };
  const fetchPage = async (q: { cursor?: string; perPage?: number; from?: string }): Promise<EventsPage> => {
    calls.push(q);
    const size = q.perPage ?? 25;
    const from = q.from ? Date.parse(`${q.from}T00:00:00Z`) : -Infinity;
    const inRange = events.filter((e) => Date.parse(e.timestamp!) >= from).reverse();
    const start = q.cursor ? Number(q.cursor) : 0;
    const page = inRange.slice(start, start + size);
    return { items: page, nextCursor: start + size < inRange.length ? String(start + size) : null, totalCount: inRange.length };
  };
  return { events, calls, add, fetchPage };
}

const ids = (events: EmailEvent[]) => events.map((e) => e.event_id);

/** events list's paging: the engine with prefetch and per-request sizing. */
function eventPages(fetchPage: (cursor: string | undefined, size: number | undefined) => Promise<EventsPage>, plan: { perPage?: number; follow: boolean; limit?: number; firstCursor?: string }) {
  return cursorPages(fetchPage, plan.firstCursor, { all: plan.follow, limit: plan.limit, pageSize: plan.perPage, prefetch: true }, 'GET /emails/events');
}

describe('cursor paging of events', () => {
  const pagesOf = (total: number) => {
    const all = Array.from({ length: total }, (_, i) => ({ event_id: `e${i}` }));
    const sizes: Array<number | undefined> = [];
    const fetchPage = async (cursor: string | undefined, perPage: number | undefined): Promise<EventsPage> => {
      sizes.push(perPage);
      const start = cursor ? Number(cursor) : 0;
      const size = perPage ?? 25;
      return { items: all.slice(start, start + size), nextCursor: start + size < total ? String(start + size) : null };
    };
    return { all, sizes, fetchPage };
  };

  it('--limit asks every page for the full page size (cli.md) and never fetches beyond the limit', async () => {
    const s = pagesOf(1000);
    const got: EmailEvent[] = [];
    let last;
    for await (const p of eventPages(s.fetchPage, { perPage: 100, follow: true, limit: 250 })) {
      got.push(...p.items);
      last = p;
    }
    expect(got).toHaveLength(250);
    expect(s.sizes).toEqual([100, 100, 100]);
    expect(last!.stoppedAtLimit).toBe(true);
    // the last page was cut: its cursor would skip the rows not printed
    expect(last!.nextCursor).toBeNull();
    const exact = pagesOf(1000);
    let end;
    for await (const p of eventPages(exact.fetchPage, { perPage: 100, follow: true, limit: 200 })) end = p;
    expect(exact.sizes).toEqual([100, 100]);
    expect(end!.nextCursor).toBe('200');
  });

  it('prefetches the next page while the current one is consumed; one page only without follow', async () => {
    const s = pagesOf(300);
    const seenWhileWriting: number[] = [];
    for await (const p of eventPages(s.fetchPage, { perPage: 100, follow: true })) {
      seenWhileWriting.push(s.sizes.length);
      expect(p.items).toHaveLength(100);
    }
    expect(seenWhileWriting).toEqual([2, 3, 3]);
    const one = pagesOf(300);
    const pages = [];
    for await (const p of eventPages(one.fetchPage, { follow: false })) pages.push(p);
    expect(pages).toHaveLength(1);
    expect(one.sizes).toEqual([undefined]);
    expect(pages[0]!.stoppedAtLimit).toBe(false);
  });

  it('a failed prefetch surfaces on the next turn, not as an unhandled rejection; a repeating cursor ends the listing with an error', async () => {
    let calls = 0;
    const failing = async (): Promise<EventsPage> => {
      calls++;
      if (calls === 2) throw new Error('boom');
      return { items: [{ event_id: 'x' }], nextCursor: 'c' };
    };
    const gen = eventPages(failing, { perPage: 1, follow: true });
    await gen.next();
    await expect(gen.next()).rejects.toThrow('boom');
    let loops = 0;
    const repeating = async () => {
      for await (const _ of eventPages(async () => ({ items: [{ event_id: 'y' }], nextCursor: 'same' }), { perPage: 1, follow: true, firstCursor: 'same' })) loops++;
    };
    // the page is given out once, then the listing fails: it cannot be complete
    await expect(repeating()).rejects.toThrow('GET /emails/events returned the cursor "same" again');
    expect(loops).toBe(1);
  });

  it('an empty page with a cursor is not the end', async () => {
    const answers: EventsPage[] = [
      { items: [], nextCursor: 'a' },
      { items: [{ event_id: 'z' }], nextCursor: null },
    ];
    const got = [];
    for await (const p of eventPages(async () => answers.shift()!, { perPage: 100, follow: true })) got.push(...p.items);
    expect(ids(got)).toEqual(['z']);
  });
});

describe('--follow polling', () => {
  const run = async (server: ReturnType<typeof fakeServer>, script: Array<() => void>, firstPerPage = 3) => {
    const printed: EmailEvent[] = [];
    const controller = new AbortController();
    let step = 0;
    await follow({
      fetchPage: server.fetchPage,
      firstPerPage,
      intervalMs: 1,
      write: async (events) => void printed.push(...events),
      warn: () => undefined,
      signal: controller.signal,
      sleep: async () => {
        if (step >= script.length) {
          controller.abort(new Error('stop'));
          throw new Error('aborted');
        }
        script[step++]!();
      },
    });
    return printed;
  };

  it('prints the first page oldest first, then only new events, once each, never the ones below the first page', async () => {
    const s = fakeServer();
    for (let i = 0; i < 10; i++) s.add(T0 + i * 1000); // all within the overlap
    const printed = await run(s, [
      () => s.add(T0 + 20_000, 2),
      () => undefined,
      () => s.add(T0 + 21_000),
      () => s.add(T0 + 19_500), // late: older than the newest printed, inside the overlap
    ]);
    expect(ids(printed)).toEqual(['e7', 'e8', 'e9', 'e10', 'e11', 'e12', 'e13']);
  });

  it('keeps reading pages while they bring new events (a burst larger than a page)', async () => {
    const s = fakeServer();
    s.add(T0);
    const printed = await run(s, [() => s.add(T0 + 5000, 250)]);
    expect(printed).toHaveLength(251);
    expect(new Set(ids(printed)).size).toBe(251);
  });

  it('an empty first page: everything found later is new; the poll window starts at the --from day', async () => {
    const s = fakeServer();
    const printed = await run(s, [() => s.add(T0, 4)]);
    expect(printed).toHaveLength(4);
    expect(s.calls[0]).toEqual({ perPage: 3, from: undefined });
  });

  it('forgets ids older than the overlap, so memory stays bounded over a long watch', async () => {
    const seen = new SeenEvents();
    for (let i = 0; i < 10_000; i++) seen.add({ event_id: `e${i}`, timestamp: new Date(T0 + i * 1000).toISOString() });
    seen.prune();
    expect(seen.size).toBe(OVERLAP_MS / 1000 + 1);
  });

  it('a poll reads from the day of the horizon', async () => {
    const s = fakeServer();
    const midnight = Date.parse('2026-03-11T00:00:20.000Z');
    s.add(midnight);
    const seen = new SeenEvents();
    seen.add(s.events[0]!);
    await pollOnce({ fetchPage: s.fetchPage }, seen, 100);
    expect(s.calls.at(-1)!.from).toBe('2026-03-10'); // 60 s back crosses midnight
    await pollOnce({ fetchPage: s.fetchPage, from: '2026-03-11' }, seen, 100);
    expect(s.calls.at(-1)!.from).toBe('2026-03-11');
  });

  it('a poll refused with 429 waits its Retry-After before the next poll (a sandbox key\'s spent day budget)', async () => {
    // service-notes "Rate limits": requests sent after a 429 can extend the cooldown
    const s = fakeServer();
    s.add(T0);
    const warnings: string[] = [];
    const waits: number[] = [];
    const controller = new AbortController();
    let polls = 0;
    const refused = new ApiError({ status: 429, code: 'rate_limit_exceeded', message: 'Sandbox daily request limit exceeded.', retryAfter: 7200 });
    await follow({
      fetchPage: async (q) => {
        if (polls++ === 1) throw refused;
        return s.fetchPage(q);
      },
      intervalMs: 2000,
      write: async () => undefined,
      warn: (m) => void warnings.push(m),
      signal: controller.signal,
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length > 3) {
          controller.abort(new Error('stop'));
          throw new Error('aborted');
        }
      },
    });
    // first poll after the interval; the refused one waits two hours; then back to the interval
    expect(waits.slice(0, 3)).toEqual([2000, 7_200_000, 2000]);
    expect(warnings).toEqual([expect.stringMatching(/polling again in 7200s$/)]);
  });
});

describe('columns and command line', () => {
  it('detail: bounce class and reason, queue time, link', () => {
    expect(eventDetail({ type: 'bounce', bounce_class: 10, reason: '550 no such user' })).toBe('class 10: 550 no such user');
    expect(eventDetail({ type: 'delivery', queue_time: 1234 })).toBe('queued 1234 ms');
    expect(eventDetail({ type: 'click', target_link_url: 'https://x.example/a' })).toBe('https://x.example/a');
    expect(eventDetail({ type: 'open' })).toBe('');
  });

  it('oldestFirst sorts by time and reverses ties of a newest-first page', () => {
    const t = (s: number) => new Date(T0 + s).toISOString();
    const page = [
      { event_id: 'c', timestamp: t(5) },
      { event_id: 'b', timestamp: t(5) },
      { event_id: 'a', timestamp: t(1) },
    ];
    expect(ids(oldestFirst(page))).toEqual(['a', 'b', 'c']);
  });

  it('quotes for a POSIX shell only where needed', () => {
    expect(shellQuote('eyJ0-_x=')).toBe('eyJ0-_x=');
    expect(shellQuote("it's here")).toBe(`'it'\\''s here'`);
    expect(commandLine(['events', 'list'], ['--recipient', 'a@b.co', '--fields', 'type detail'])).toBe(
      "mailctl events list --recipient a@b.co --fields 'type detail'",
    );
  });
});

describe('streaming terminal table', () => {
  function streamTo(columns: number) {
    const state = { out: '' };
    const target: OutputTarget = { write: async (t) => void (state.out += t), isTTY: true, columns, format: 'table', color: false, now: () => T0 };
    return { state, w: createListWriter(target, eventListSpec, { streamTable: true }) };
  }
  const row = (i: number, rcpt = `someone${i}@example.com`): EmailEvent => ({
    timestamp: new Date(T0 + i).toISOString(), type: 'bounce', rcpt_to: rcpt, bounce_class: 10,
    subject: 'A subject that is rather long for a terminal', mailbox_provider: 'Microsoft Outlook', reason: 'x'.repeat(70),
  });

  it('sizes columns from the first rows and the terminal, keeps time, type and recipient whole, then streams rows', async () => {
    const { state, w } = streamTo(80);
    await w.write([row(1), row(2)]);
    const afterFirst = state.out;
    await w.write([row(3)]);
    const lines = state.out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(state.out.startsWith(afterFirst)).toBe(true);
    // 80 columns: the provider goes first, then the subject; the bounce reason keeps what is left.
    expect(lines[0]).toMatch(/^TIME \(UTC[^)]*\)\s+TYPE\s+RECIPIENT\s+DETAIL$/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  bounce\s+someone3@example\.com\s+class 10: x+…$/);
    expect(w.count).toBe(3);
  });

  it('on 120 columns keeps subject and provider, cut before the bounce reason is', async () => {
    const { state, w } = streamTo(120);
    await w.write([row(1)]);
    const [header, line] = state.out.trimEnd().split('\n');
    expect(header).toMatch(/^TIME \(UTC[^)]*\)\s+TYPE\s+RECIPIENT\s+SUBJECT\s+PROVIDER\s+DETAIL$/);
    expect(line!.length).toBeLessThanOrEqual(120);
    const detail = line!.slice(line!.indexOf('class 10'));
    const subject = line!.match(/A subject[^ ]* ?[^ ]*…?/)![0];
    expect(detail.length).toBeGreaterThan(subject.length);
  });

  it('never cuts a recipient longer than the first rows made room for', async () => {
    const { state, w } = streamTo(80);
    await w.write([row(1)]);
    const long = 'a.very.long.recipient.address.that.did.not.fit@subdomain.example.com';
    await w.write([row(2, long)]);
    expect(state.out).toContain(long);
  });
});
