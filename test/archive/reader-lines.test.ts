// What a reader hands `events list --db --ndjson` is each event as the API sent
// it: the compact JSON, its keys in the API's order (the spec 2.1 fields in the
// spec's order, the others alphabetical), whichever store holds it. PostgreSQL
// keeps the event as jsonb (no key order, its own text layout) and streams it
// with COPY (backslashes doubled): the lines are rebuilt from that text, so odd
// strings, numbers, nested values, field names and chunk boundaries are checked
// here against JSON.stringify of the event, and the objects of eventBatches
// against the event. Filter values reach the COPY statement as quoted literals:
// quotes and backslashes in them match, and nothing else.
import { afterAll, describe, expect, it } from 'vitest';
import type { EmailEvent } from '../../src/api/emails.js';
import { parsePgUrl } from '../../src/archive/location.js';
import type { PageToCommit } from '../../src/archive/page-commit.js';
import { openPgReader } from '../../src/archive/pg/reader.js';
import { openPgSync } from '../../src/archive/pg/sync.js';
import type { ArchiveReader } from '../../src/archive/reader.js';
import { openSqliteReader } from '../../src/archive/sqlite-reader.js';
import { openSqliteSync } from '../../src/archive/sqlite-sync.js';
import type { SyncTarget } from '../../src/archive/sync-target.js';
import { STORES } from './stores.js';

const KEY = { baseUrl: 'http://127.0.0.1:9', eventTypes: '' };
const pgOptions = { env: {}, warn: () => undefined, wait: true, notice: () => undefined };
const WINDOW = { fromMs: Date.parse('2026-11-01T00:00:00Z'), toMs: Date.parse('2026-11-30T00:00:00Z') };

async function open(db: string): Promise<{ target: SyncTarget; reader: () => Promise<ArchiveReader> }> {
  if (!db.startsWith('postgres')) return { target: openSqliteSync(db, KEY), reader: async () => openSqliteReader(db) };
  const target = parsePgUrl(db, '--db');
  return { target: await openPgSync(target, KEY, pgOptions), reader: () => openPgReader(target, pgOptions) };
}

const page = (events: EmailEvent[], n: number): PageToCommit => ({
  events, read: events.length, requests: n, range: { from: '2026-11-20', to: '2026-11-25' }, nextCursor: `c${n}`,
});

const at = (i: number) => new Date(Date.parse('2026-11-24T23:00:00.000Z') - i * 1000).toISOString();

/** Events in the API's key order: spec fields first, then the others alphabetically (as the service renders them). */
const ODD: EmailEvent[] = [
  { event_id: 'q1', type: 'bounce', timestamp: at(1), request_id: `o'brien\\x`, rcpt_to: "O'Brien@example.com", subject: 'say "hi" \\ back\\', bounce_class: 21, error_code: '550', reason: 'tab\there, nl\nthere, cr\r, \b\f, \u0001\u001f\u007f' },
  { event_id: 'q2', type: 'delivery', timestamp: at(2), rcpt_to: 'ü@exämple.com', subject: 'é 日本語 😀 \u2028\u2029 \ud83c\udf89', queue_time: 1500, half: 1.5 } as EmailEvent,
  { event_id: 'q3', type: 'click', timestamp: at(3), subject: '\\"', Alpha: true, constructor: 'kept', target_link_url: 'https://x.example/?a=1&b="2"', user_agent: null, zeta: -3 } as EmailEvent,
  { event_id: 'q4', type: 'open', timestamp: at(4), geo: { lat: 1.25, city: 'Zürich', tags: ['a', { b: [] }] }, list: [1, 'two', null], nums: 0.1 } as EmailEvent,
  { event_id: 'q5', type: 'delivery', timestamp: at(5), queue_time: 0, big: 12345678901234567, huge: 1e21, neg: -0.5, tiny: 1e-7, zero: 0 } as EmailEvent,
  { event_id: 'q6', type: 'delivery', timestamp: at(6), '': 'empty name', 'we"ird\\key': 1, 'ключ': 'v' } as EmailEvent,
  { event_id: 'q7', type: 'bounce', timestamp: at(7), subject: 'nul\u0000inside', reason: '' } as EmailEvent,
  // queue_time is a number (spec 2.1), bounce_class an integer: neither fails its page when the service sends otherwise
  { event_id: 'q8', type: 'delivery', timestamp: at(8), queue_time: 2.75 },
  { event_id: 'q9', type: 'bounce', timestamp: at(9), queue_time: 1e300, bounce_class: 10.5 },
];

/** Rows long enough that COPY's chunks end inside rows, some with characters of several bytes at the cut. */
const LONG: EmailEvent[] = Array.from({ length: 600 }, (_, i) => ({
  event_id: `l${i}`, type: 'delivery', timestamp: at(100 + i), subject: `${'é😀x\\"'.repeat(40 + (i % 37))}${i}`, queue_time: i,
})) as EmailEvent[];

afterAll(async () => {
  for (const store of STORES) await store.cleanup();
});

describe.each(STORES)('$name', (store) => {
  // PostgreSQL cannot hold a NUL in text: the sync stores U+FFFD for it (page.ts).
  const asStored = (e: EmailEvent) => (store.name === 'PostgreSQL' ? JSON.stringify(e).replaceAll('\\u0000', '\ufffd') : JSON.stringify(e));

  it('NDJSON lines are the events as the API sent them, odd strings, numbers, nesting and names included; objects likewise', async (ctx) => {
    store.require(ctx);
    const db = (await store.create())!;
    const { target, reader } = await open(db);
    try {
      await target.start('2026-11-25T12:00:00.000Z', '2026-11-20');
      await target.commit(page([...ODD, ...LONG], 1));
      await target.settle({ read: 0, added: 0, present: 0, requests: 0 }, false, () => undefined); // PostgreSQL may hold a page for the next
    } finally {
      await target.close();
    }
    const r = await reader();
    try {
      const lines: string[] = [];
      for await (const batch of r.rawEventBatches({ window: WINDOW })) lines.push(...batch);
      expect(lines).toEqual([...ODD, ...LONG].map(asStored));
      const objects: EmailEvent[] = [];
      for await (const batch of r.eventBatches({ window: WINDOW })) objects.push(...batch);
      expect(objects.map((e) => JSON.stringify(e))).toEqual(lines);
      expect(objects[2]!.constructor).toBe('kept');
      // filter values with quotes and backslashes are matched as they are
      const only = async (f: Record<string, unknown>) => {
        const got: string[] = [];
        for await (const batch of r.rawEventBatches({ window: WINDOW, ...f })) got.push(...batch);
        return got.map((l) => (JSON.parse(l) as EmailEvent).event_id);
      };
      expect(await only({ recipients: ["o'brien@EXAMPLE.com"] })).toEqual(['q1']);
      expect(await only({ transmission: `o'brien\\x` })).toEqual(['q1']);
      expect(await only({ transmission: `o'brien\\x' OR 'a' = 'a` })).toEqual([]);
      expect(await only({ types: ['bounce'], bounceClasses: [21, 10] })).toEqual(['q1']);
      expect(await only({ types: ['delivery'], limit: 3 })).toEqual(['q2', 'q5', 'q6']);
      // a reader stopped part-way (a closed pipe) can still be closed
      for await (const batch of r.rawEventBatches({ window: WINDOW })) {
        expect(batch.length).toBeGreaterThan(0);
        break;
      }
    } finally {
      await r.close();
    }
  });
});
