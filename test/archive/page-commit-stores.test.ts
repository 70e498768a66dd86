// A page committed into either store (src/archive/sync-target.ts) counts and
// keeps the same: an event read twice in one page is stored once (the last
// copy), an event the service re-sends changed is updated in place and
// counted as already present, an unchanged one is left alone, an event with
// no id or no readable time is skipped with why. What PostgreSQL cannot hold
// as the service sent it (a NUL character, a time not in ISO 8601) does not
// fail the page. Read back through each store's reader: the same events.
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

async function open(db: string): Promise<{ target: SyncTarget; reader: () => Promise<ArchiveReader> }> {
  if (!db.startsWith('postgres')) return { target: openSqliteSync(db, KEY), reader: async () => openSqliteReader(db) };
  const target = parsePgUrl(db, '--db');
  // One page per commit: each commit's own counts are compared (pg-batching.test.ts: several pages per commit).
  return { target: await openPgSync(target, KEY, { ...pgOptions, batching: { pages: 1, ms: 1000, overlap: false } }), reader: () => openPgReader(target, pgOptions) };
}

const ev = (id: string, timestamp: string, more: Record<string, unknown> = {}): EmailEvent =>
  ({ event_id: id, type: 'delivery', timestamp, request_id: `r-${id}`, rcpt_to: `${id}@example.com`, subject: 'Hello', ...more }) as EmailEvent;

const page = (events: EmailEvent[], n: number): PageToCommit => ({
  events, read: events.length, requests: n, range: { from: '2026-11-20', to: '2026-11-25' }, nextCursor: `c${n}`,
});

afterAll(async () => {
  for (const store of STORES) await store.cleanup();
});

describe.each(STORES)('$name', (store) => {
  it('the same counts and the same events as the other store, page after page', async (ctx) => {
    store.require(ctx);
    const db = (await store.create())!;
    const { target, reader } = await open(db);
    try {
      await target.start('2026-11-25T12:00:00.000Z', '2026-11-20');
      const a = ev('a1', '2026-11-24T10:00:00.000Z');
      const first = await target.commit(page([
        a,
        ev('b2', '2026-11-24T09:00:00.000Z', { subject: 'nul\u0000inside', reason: 'x\u0000' }),
        // read twice in one page, the second copy with more fields: one row, the last copy
        ev('c3', '2026-11-23T08:00:00.000Z'),
        ev('c3', '2026-11-23T08:00:00.000Z', { queue_time: 1200 }),
        // a time Date.parse reads that is not ISO 8601
        ev('d4', 'Sun, 22 Nov 2026 07:00:00 GMT'),
        { type: 'delivery', timestamp: '2026-11-24T10:00:00.000Z' } as EmailEvent,
        ev('e5', 'not a time'),
      ], 1));
      expect(first).toMatchObject({ added: 4, present: 1, skipped: ['no event_id', 'event e5 has no readable timestamp'] });
      // again: a1 unchanged, b2 changed (updated in place), f6 new
      const second = await target.commit(page([a, ev('b2', '2026-11-24T09:00:00.000Z', { subject: 'changed' }), ev('f6', '2026-11-25T01:00:00.000Z')], 2));
      expect(second).toMatchObject({ added: 1, present: 2, skipped: [] });
      expect(second.counts).toEqual({ read: 10, added: 5, present: 3, requests: 2 });
      expect(await target.totals()).toEqual({ total: 5, oldest: 'Sun, 22 Nov 2026 07:00:00 GMT', newest: '2026-11-25T01:00:00.000Z' });
    } finally {
      await target.close();
    }
    const r = await reader();
    try {
      const window = { fromMs: Date.parse('2026-11-01T00:00:00Z'), toMs: Date.parse('2026-11-30T00:00:00Z') };
      const got: EmailEvent[] = [];
      for await (const batch of r.eventBatches({ window })) got.push(...batch);
      expect(got.map((e) => [e.event_id, e.subject, e.queue_time])).toEqual([
        ['f6', 'Hello', undefined], ['a1', 'Hello', undefined], ['b2', 'changed', undefined], ['c3', 'Hello', 1200], ['d4', 'Hello', undefined],
      ]);
      expect(got.find((e) => e.event_id === 'd4')!.timestamp).toBe('Sun, 22 Nov 2026 07:00:00 GMT');
      expect(await r.countEvents({ window, types: ['delivery'] })).toBe(5);
      expect(await r.requestEventTypes('r-c3')).toEqual(['delivery']);
      expect(await r.syncState(KEY)).toEqual({ newestDay: null, pending: { from: '2026-11-20', to: '2026-11-25', cursor: 'c2' } });
    } finally {
      await r.close();
    }
  });

  it('the typed columns of fields that are not strings, numbers as strings, NUL, a lone surrogate: the same in both stores', async (ctx) => {
    store.require(ctx);
    const db = (await store.create())!;
    const { target } = await open(db);
    try {
      await target.start('2026-11-25T12:00:00.000Z', '2026-11-20');
      await target.commit(page([
        // spec 2.1 makes these strings; the service is not always so tidy
        ev('n1', '2026-11-24T10:00:00.000Z', {
          type: 7, request_id: true, rcpt_to: 42, raw_rcpt_to: 1.5, subject: { a: 1 }, friendly_from: ['x', 'y'], mailbox_provider: null,
          queue_time: ' 1.25 ', bounce_class: '10', reason: 'why\u0000not', error_code: '550',
        }),
        // a lone UTF-16 surrogate (JSON allows its escape; PostgreSQL's jsonb refuses it)
        ev('n2', '2026-11-24T11:00:00.000Z', { type: undefined, queue_time: 'soon', bounce_class: 1e12, recipient_domain: 'example.com', subject: 'a\ud800b' }),
      ], 1));
    } finally {
      await target.close();
    }
    const rows = await store.rows(db);
    const pick = (id: string) => {
      const r = rows.find((row) => row.event_id === id)! as unknown as Record<string, unknown>;
      return Object.fromEntries(['type', 'request_id', 'rcpt_to', 'raw_rcpt_to', 'subject', 'friendly_from', 'mailbox_provider', 'recipient_domain',
        'queue_time', 'bounce_class', 'reason', 'error_code'].map((k) => [k, r[k]]));
    };
    // PostgreSQL's text holds no NUL: U+FFFD stands in for it there (raw keeps the rest as served)
    const nul = store.name === 'PostgreSQL' ? '\ufffd' : '\u0000';
    expect(pick('n1')).toEqual({
      type: '7', request_id: 'true', rcpt_to: '42', raw_rcpt_to: '1.5', subject: '[object Object]', friendly_from: 'x,y', mailbox_provider: null,
      recipient_domain: null, queue_time: 1.25, bounce_class: 10, reason: `why${nul}not`, error_code: '550',
    });
    expect(pick('n2')).toMatchObject({ type: '', queue_time: null, bounce_class: null, recipient_domain: 'example.com', rcpt_to: 'n2@example.com' });
    // U+FFFD in PostgreSQL; SQLite keeps the surrogate's three bytes, read back as three U+FFFD
    expect(pick('n2').subject).toMatch(store.name === 'PostgreSQL' ? /^a\ufffdb$/ : /^a\ufffd+b$/);
  });
});
