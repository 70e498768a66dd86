// Spec 4.1 (account-wide email events, wrapper 2.2, fields 2.1, types 6.1) and 4.2 (email
// detail, 2.3), with the limits of section 8.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_EVENT_TYPES, startEmulator, type Emulator } from '../../src/emulator/index.js';
import { allPages, errorFields, get } from '../helpers/emulator.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0); // a fixed clock makes every range exact
const ISO_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/;

interface Ev {
  event_id: string;
  type: string;
  timestamp: string;
  request_id: string;
  rcpt_to: string;
  bounce_class?: number;
  [k: string]: unknown;
}

let emu: Emulator;
let clock = NOW;
beforeAll(async () => {
  emu = await startEmulator({ events: 3000, now: () => clock });
});
afterAll(async () => {
  await emu.close();
});

const events = (query: Record<string, string | number> = {}) => get(emu, '/emails/events', { query });

async function collect(query: Record<string, string | number>) {
  return allPages<Ev>(async (cursor) => {
    const a = await events(cursor ? { ...query, cursor } : query);
    expect(a.status, a.text).toBe(200);
    return { items: a.body.data.events.data, next: a.body.data.events.pagination.next_cursor };
  });
}

/** Events of the store in [from, to] (ms), counted independently of the emulator's query code. */
function storeCount(from: number, to: number, pred: (i: number) => boolean = () => true): number {
  const log = emu.store.teams.main.events;
  let n = 0;
  for (let i = 0; i < log.length; i++) {
    const ts = log.ts[i] as number;
    if (ts >= from && ts <= to && pred(i)) n++;
  }
  return n;
}

describe('4.1 wrapper and fields', () => {
  it('answers the 2.2 wrapper with the defaults: 25 per page, 10 days back to now', async () => {
    const a = await events();
    expect(a.status).toBe(200);
    expect(typeof a.body.message).toBe('string');
    const w = a.body.data.events;
    expect(w.data).toHaveLength(25);
    expect(w.total_count).toBe(3000);
    expect(w.from).toMatch(ISO_OFFSET);
    expect(w.to).toMatch(ISO_OFFSET);
    expect(Date.parse(w.from)).toBe(NOW - 10 * DAY);
    expect(Date.parse(w.to)).toBe(NOW);
    expect(w.pagination.per_page).toBe(25);
    expect(typeof w.pagination.next_cursor).toBe('string');
  });

  it('gives every event the 2.1 fields, with the type-specific ones', async () => {
    const { items } = await collect({ per_page: 100 });
    // One assertion over the whole listing (3000 events): the list of what is wrong, empty.
    const problems: string[] = [];
    const check = (ok: boolean, what: string, e: Ev) => {
      if (!ok) problems.push(`${e.event_id} (${e.type}): ${what}`);
    };
    for (const e of items) {
      check((EMAIL_EVENT_TYPES as readonly string[]).includes(e.type), 'type of 6.1', e);
      check(ISO_MS_UTC.test(e.timestamp), 'timestamp ISO UTC with ms', e);
      for (const f of ['event_id', 'request_id', 'rcpt_to', 'raw_rcpt_to', 'recipient_domain', 'mailbox_provider', 'mailbox_provider_region', 'subject', 'friendly_from']) {
        check(typeof e[f] === 'string', `${f} string`, e);
      }
      check(e.rcpt_to.split('@')[1] === e.recipient_domain, 'recipient_domain of rcpt_to', e);
      check(('queue_time' in e) === (e.type === 'delivery'), 'queue_time on deliveries only', e);
      check(e.type !== 'delivery' || typeof e.queue_time === 'number', 'queue_time number', e);
      check(('bounce_class' in e) === (e.type === 'bounce'), 'bounce_class on bounces only', e);
      if (e.type === 'bounce') {
        check(Number.isInteger(e.bounce_class), 'bounce_class integer', e);
        check(typeof e.error_code === 'string' && typeof e.reason === 'string', 'error_code and reason', e);
      }
    }
    expect(problems).toEqual([]);
    expect(new Set(items.map((e) => e.type))).toEqual(new Set(EMAIL_EVENT_TYPES));
    expect(new Set(items.map((e) => e.event_id)).size).toBe(items.length);
  });

  it('lists newest first across pages', async () => {
    const { items } = await collect({ per_page: 100 });
    const ts = items.map((e) => Date.parse(e.timestamp));
    for (let i = 1; i < ts.length; i++) expect(ts[i]).toBeLessThanOrEqual(ts[i - 1] as number);
  });
});

describe('4.1 pagination', () => {
  it('returns exactly the events in range over all pages, none repeated, last cursor null', async () => {
    const from = '2025-06-08';
    const to = '2025-06-10';
    const lo = Date.UTC(2025, 5, 8);
    const hi = Date.UTC(2025, 5, 10) + DAY - 1; // `to` covers its whole day
    const { items, pages } = await collect({ from, to, per_page: 100 });
    const expected = storeCount(lo, hi);
    expect(expected).toBeGreaterThan(500);
    expect(items).toHaveLength(expected);
    expect(pages).toBe(Math.ceil(expected / 100));
    expect(new Set(items.map((e) => e.event_id)).size).toBe(expected);
    for (const e of items) {
      expect(Date.parse(e.timestamp)).toBeGreaterThanOrEqual(lo);
      expect(Date.parse(e.timestamp)).toBeLessThanOrEqual(hi);
    }
    const first = await events({ from, to, per_page: 100 });
    expect(first.body.data.events.total_count).toBe(expected);
    expect(Date.parse(first.body.data.events.to)).toBe(hi);
  });

  it('keeps cursors valid while new events arrive, and shows the new events to a fresh query', async () => {
    const first = await events({ per_page: 40 });
    const total = first.body.data.events.total_count;
    const seen = first.body.data.events.data.map((e: Ev) => e.event_id);
    emu.addEvents(150);
    clock += 1000;
    let cursor = first.body.data.events.pagination.next_cursor;
    while (cursor) {
      const a = await events({ per_page: 40, cursor });
      expect(a.status).toBe(200);
      expect(a.body.data.events.total_count).toBe(total);
      seen.push(...a.body.data.events.data.map((e: Ev) => e.event_id));
      cursor = a.body.data.events.pagination.next_cursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const fresh = await events({ per_page: 100 });
    expect(fresh.body.data.events.total_count).toBe(total + 150);
    const newest = fresh.body.data.events.data.slice(0, 100).map((e: Ev) => e.event_id);
    expect(newest.filter((id: string) => seen.includes(id))).toEqual([]);
  });

  it('answers an unknown or mangled cursor with 422 naming cursor', async () => {
    for (const cursor of ['garbage', Buffer.from('{"p":1}').toString('base64url')]) {
      const a = await events({ cursor });
      expect(a.status).toBe(422);
      expect(errorFields(a)).toEqual(['cursor']);
    }
  });
});

describe('4.1 filters', () => {
  const log = () => emu.store.teams.main.events;
  const all = [0, Infinity] as const;

  it('filters by event types', async () => {
    const { items } = await collect({ events: 'bounce,delivery', per_page: 100 });
    const codes = [EMAIL_EVENT_TYPES.indexOf('bounce'), EMAIL_EVENT_TYPES.indexOf('delivery')];
    expect(items.length).toBe(storeCount(...all, (i) => codes.includes(log().type[i] as number)));
    expect(new Set(items.map((e) => e.type))).toEqual(new Set(['bounce', 'delivery']));
  });

  it('filters by recipients, transmissions and bounce classes', async () => {
    const sample = (await events({ events: 'bounce', per_page: 1 })).body.data.events.data[0] as Ev;
    const byRcpt = await collect({ recipients: sample.rcpt_to, per_page: 100 });
    expect(byRcpt.items.length).toBeGreaterThan(0);
    for (const e of byRcpt.items) expect(e.rcpt_to).toBe(sample.rcpt_to);
    const byTx = await collect({ transmissions: sample.request_id });
    expect(byTx.items.length).toBeGreaterThanOrEqual(2);
    for (const e of byTx.items) expect(e.request_id).toBe(sample.request_id);
    const byClass = await collect({ bounce_classes: String(sample.bounce_class), per_page: 100 });
    expect(byClass.items.length).toBeGreaterThan(0);
    for (const e of byClass.items) expect(e.bounce_class).toBe(sample.bounce_class);
    const total = (await events({ bounce_classes: String(sample.bounce_class) })).body.data.events.total_count;
    expect(total).toBe(byClass.items.length);
  });

  it('answers an unknown recipient with an empty page, total 0 and no cursor', async () => {
    const a = await events({ recipients: 'nobody@nowhere.example' });
    expect(a.body.data.events).toMatchObject({ data: [], total_count: 0, pagination: { next_cursor: null } });
  });
});

describe('4.1 limits and validation (422 validation_error naming the field)', () => {
  it.each(['abc', '1.5', '0', '101', '-1', '1e2'])('refuses per_page=%s', async (v) => {
    const a = await events({ per_page: v });
    expect(a.status).toBe(422);
    expect(a.body.error_code).toBe('validation_error');
    expect(errorFields(a)).toEqual(['per_page']);
    expect(a.body.errors.per_page[0]).toEqual(expect.any(String));
  });

  it('accepts per_page at both bounds', async () => {
    expect((await events({ per_page: 1 })).body.data.events.data).toHaveLength(1);
    expect((await events({ per_page: 100 })).body.data.events.data).toHaveLength(100);
  });

  it.each(['2024-02-30', '2024-1-05', 'yesterday', '2024-06-01T00:00:00Z'])('refuses from/to=%s', async (v) => {
    const a = await events({ from: v, to: v });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['from', 'to']);
  });

  it('refuses from after to', async () => {
    const a = await events({ from: '2025-06-10', to: '2025-06-09' });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['to']);
  });

  it('checks event types, recipient addresses and bounce classes', async () => {
    const a = await events({ events: 'delivery,exploded', recipients: 'not-an-address', bounce_classes: '10,x' });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['bounce_classes', 'events', 'recipients']);
  });
});

describe('4.2 email detail', () => {
  it('answers the 2.3 fields with all events of the email, newest first', async () => {
    for (const id of emu.fixtures.requestIds) {
      const a = await get(emu, `/emails/${id}`);
      expect(a.status).toBe(200);
      const d = a.body.data;
      expect(d.transmission_id).toBe(id);
      expect(typeof d.state).toBe('string');
      expect(d.scheduled_at === null || typeof d.scheduled_at === 'string').toBe(true);
      expect(typeof d.from).toBe('string');
      expect(d.from_name === null || typeof d.from_name === 'string').toBe(true);
      expect(typeof d.subject).toBe('string');
      expect(d.num_recipients).toBe(d.recipients.length);
      expect(d.events.length).toBeGreaterThanOrEqual(2);
      const listed = await collect({ transmissions: id });
      expect(d.events.map((e: Ev) => e.event_id)).toEqual(listed.items.map((e) => e.event_id));
      for (const e of d.events) expect(d.recipients).toContain(e.rcpt_to);
    }
  });

  it('narrows the events with from/to and checks them', async () => {
    const id = emu.fixtures.requestIds[0] as string;
    const all = (await get(emu, `/emails/${id}`)).body.data.events as Ev[];
    // a range holding only the newest event's day and later
    const newest = (all[0] as Ev).timestamp.slice(0, 10);
    const narrowed = await get(emu, `/emails/${id}`, { query: { from: newest } });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data.events).toEqual(all.filter((e) => e.timestamp.slice(0, 10) >= newest));
    const bad = await get(emu, `/emails/${id}`, { query: { from: '2020-13-01' } });
    expect(bad.status).toBe(422);
    expect(errorFields(bad)).toEqual(['from']);
  });

  it('finds an email by its events in the range: none there is 404, as the service searches them', async () => {
    const id = emu.fixtures.requestIds[0] as string;
    const past = await get(emu, `/emails/${id}`, { query: { from: '2020-01-01', to: '2020-01-02' } });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ message: 'Email not found.', error_code: 'not_found' });
  });

  it('answers an unknown transmission with 404 not_found', async () => {
    for (const id of ['1234567890123456', 'not-a-transmission']) {
      const a = await get(emu, `/emails/${id}`);
      expect(a.status).toBe(404);
      expect(a.body).toMatchObject({ error_code: 'not_found', message: 'Email not found.' });
    }
  });
});

describe('retention and the default window (service-notes "Retention and windows")', () => {
  it('searches the last 10 days by default, reaches 90 days back with from, and keeps nothing older', async () => {
    let now = NOW;
    const aged = await startEmulator({ events: 200, now: () => now });
    try {
      const id = aged.fixtures.requestIds[0] as string;
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const total = async (from?: string) => (await get(aged, '/emails/events', { query: from ? { from } : {} })).body.data.events.total_count as number;
      const sent = async (from: string) => (await get(aged, '/emails', { query: { from } })).body.data.events.total_count as number;
      /** events of the store at or after `since` (ms), counted apart from the emulator's queries */
      const since = (ms: number, type?: string) => {
        const log = aged.store.teams.main.events;
        let n = 0;
        for (let i = 0; i < log.length; i++) if ((log.ts[i] as number) >= ms && (type === undefined || log.render(i).type === type)) n++;
        return n;
      };
      const seeded = await total();
      expect(seeded).toBe(200);
      expect(await sent(day(now - 30 * DAY))).toBeGreaterThan(0);

      now = NOW + 20 * DAY; // every seeded event is now 10 to 20 days old (time moving adds some new ones)
      expect(await total()).toBe(since(now - 10 * DAY));
      expect(await total()).toBeLessThan(since(0));
      expect((await get(aged, `/emails/${id}`)).status).toBe(404);
      expect((await get(aged, `/emails/${id}`, { query: { from: day(now - 89 * DAY) } })).status).toBe(200);
      expect(await total(day(now - 89 * DAY))).toBe(since(0));
      // the sent-email history (service-api-rest 4.4, 7) is kept 10 days, whatever from says
      expect(await sent(day(now - 89 * DAY))).toBe(since(now - 10 * DAY, 'injection'));

      now = NOW + 101 * DAY; // the seeded events are past the 90 days the service keeps
      expect(await total('2020-01-01')).toBe(since(now - 90 * DAY));
      expect(await total('2020-01-01')).toBeLessThan(since(0) - seeded + 1);
      expect((await get(aged, `/emails/${id}`, { query: { from: '2020-01-01' } })).status).toBe(404);
      // data.events.from is the effective start (2.2): what was searched, not a date older than the 90 days kept
      const old = (await get(aged, '/emails/events', { query: { from: '2020-01-01' } })).body.data.events;
      expect(Date.parse(old.from)).toBe(now - 90 * DAY);
      const gone = (await get(aged, '/emails/events', { query: { from: '2020-01-01', to: '2020-02-01' } })).body.data.events;
      expect([gone.total_count, gone.from]).toEqual([0, gone.to]);
    } finally {
      await aged.close();
    }
  });
});
