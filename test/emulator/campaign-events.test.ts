// Spec 4.5 (campaign events, fields 2.4, types 6.2), including the documented empty filtered
// pages with a non-null cursor (spec 4.5 and 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { allPages, call, errorFields, get } from '../helpers/emulator.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const TYPES = ['injection', 'delivery', 'bounce', 'spam_complaint', 'open', 'click', 'list_unsubscribe'];
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/;

interface CEv {
  event_id: string;
  event_type: string;
  email: string;
  timestamp: string;
  bounce_class?: unknown;
  reason?: unknown;
  target_link_url?: unknown;
}

let emu: Emulator;
let clock = NOW;
let id: string;
let everything: CEv[];
beforeAll(async () => {
  emu = await startEmulator({ events: 100, now: () => clock });
  id = emu.fixtures.campaignWithEvents;
  everything = (await collect(id, { limit: 100 })).items;
});
afterAll(async () => {
  await emu.close();
});

const page = (campaign: string, query: Record<string, string | number>) => get(emu, `/campaigns/${campaign}/events`, { query });

function collect(campaign: string, query: Record<string, string | number>) {
  return allPages<CEv>(async (cursor) => {
    const a = await page(campaign, cursor ? { ...query, cursor } : query);
    expect(a.status, a.text).toBe(200);
    expect(Object.keys(a.body.data).sort()).toEqual(['events', 'next_cursor']);
    return { items: a.body.data.events, next: a.body.data.next_cursor };
  });
}

describe('4.5 without filters', () => {
  it('pages through hundreds of events of all 6.2 types, newest first, each exactly once', async () => {
    const stored = emu.store.teams.main.campaigns.get(id)?.events.length as number;
    expect(stored).toBeGreaterThanOrEqual(300);
    expect(everything).toHaveLength(stored);
    expect(new Set(everything.map((e) => e.event_id)).size).toBe(stored);
    expect(new Set(everything.map((e) => e.event_type))).toEqual(new Set(TYPES));
    for (let i = 1; i < everything.length; i++) {
      expect(Date.parse(everything[i]?.timestamp as string)).toBeLessThanOrEqual(Date.parse(everything[i - 1]?.timestamp as string));
    }
  });

  it('gives each event the 2.4 fields: offset timestamps, string bounce_class', () => {
    for (const e of everything) {
      expect(e.timestamp).toMatch(ISO_OFFSET);
      expect(e.email).toMatch(/@/);
      if (e.event_type === 'bounce') {
        expect(typeof e.bounce_class).toBe('string');
        expect(typeof e.reason).toBe('string');
      } else expect(e).not.toHaveProperty('bounce_class');
      if (e.event_type === 'click') expect(typeof e.target_link_url).toBe('string');
    }
  });

  it('fills every page but the last with the default limit of 25', async () => {
    const { pages } = await collect(id, {});
    expect(pages).toBe(Math.ceil(everything.length / 25));
    const first = await page(id, {});
    expect(first.body.data.events).toHaveLength(25);
  });

  it('answers a campaign without events with an empty page and a null cursor', async () => {
    const a = await page(emu.fixtures.campaigns.draft, {});
    expect(a.body.data).toEqual({ events: [], next_cursor: null });
  });
});

describe('4.5 with filters', () => {
  it('can answer an empty page with a non-null cursor, and following it finds every match', async () => {
    const { items, emptyPagesWithCursor } = await collect(id, { event_type: 'spam_complaint', limit: 10 });
    expect(emptyPagesWithCursor).toBeGreaterThan(0);
    const expected = everything.filter((e) => e.event_type === 'spam_complaint');
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((e) => e.event_id)).toEqual(expected.map((e) => e.event_id));
  });

  it('filters by email', async () => {
    const email = everything.find((e) => e.event_type === 'click')?.email as string;
    const { items } = await collect(id, { email });
    expect(items.map((e) => e.event_id)).toEqual(everything.filter((e) => e.email === email).map((e) => e.event_id));
  });

  it('filters by start_date and end_date, inclusive, a date-only end_date covering its whole day', async () => {
    const times = everything.map((e) => Date.parse(e.timestamp));
    const mid = times[Math.floor(times.length / 2)] as number;
    const start = new Date(mid).toISOString();
    const day = start.slice(0, 10);
    const dayEnd = Date.parse(`${day}T23:59:59.999Z`);
    const { items } = await collect(id, { start_date: start, end_date: day, limit: 100 });
    const expected = everything.filter((e) => Date.parse(e.timestamp) >= mid && Date.parse(e.timestamp) <= dayEnd);
    expect(items.map((e) => e.event_id)).toEqual(expected.map((e) => e.event_id));
    expect(items.length).toBeGreaterThan(0);
  });
});

describe('4.5 validation and errors', () => {
  it.each([
    [{ limit: 0 }, ['limit']],
    [{ limit: 101 }, ['limit']],
    [{ limit: 'ten' }, ['limit']],
    [{ event_type: 'amp_open' }, ['event_type']],
    [{ email: 'nobody' }, ['email']],
    [{ start_date: '2025-13-01' }, ['start_date']],
    [{ start_date: '2025-06-10', end_date: '2025-06-09' }, ['end_date']],
    [{ cursor: 'not-a-cursor' }, ['cursor']],
  ])('refuses %j with 422 naming %j', async (query, fields) => {
    const a = await page(id, query);
    expect(a.status).toBe(422);
    expect(a.body.error_code).toBe('validation_error');
    expect(errorFields(a)).toEqual(fields);
  });

  it('refuses a cursor of another campaign', async () => {
    const other = (await page(emu.fixtures.campaigns.sent, { limit: 1 })).body.data.next_cursor;
    expect(other).toEqual(expect.any(String));
    expect(errorFields(await page(id, { cursor: other }))).toEqual(['cursor']);
  });

  it('answers a malformed campaign id with 422 and an unknown one with 404', async () => {
    expect(errorFields(await page('x', {}))).toEqual(['campaignId']);
    const a = await page('00000000-0000-4000-8000-000000000000', {});
    expect(a.status).toBe(404);
    expect(a.body.error_code).toBe('not_found');
  });
});

describe('4.5 cursors while a campaign is sending', () => {
  it('keeps a cursor valid while new events arrive', async () => {
    const draft = emu.fixtures.campaigns.draft;
    const at = clock + 60_000;
    const s = (await call(emu, 'POST', `/campaigns/${draft}/schedule`, { body: { scheduled_at: new Date(at).toISOString() } })).body;
    expect(s.data.status).toBe('scheduled');
    clock = at + 3000;
    const first = await page(draft, { limit: 5 });
    const before = emu.store.teams.main.campaigns.get(draft)?.events.map((e) => e.id) as string[];
    expect(before.length).toBeGreaterThan(5);
    clock = at + 6000; // more events arrive
    const rest = await collect(draft, { limit: 5, cursor: first.body.data.next_cursor });
    const seen = [...first.body.data.events, ...rest.items].map((e: CEv) => e.event_id);
    expect(seen.sort()).toEqual([...before].sort());
  });
});
