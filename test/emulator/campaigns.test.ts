// Spec 4.3, 4.4, 4.6, 4.7 and the campaign state machine of 3.1, with the race of 4.6/4.7.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEND_DURATION_MS, startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const STATES = ['draft', 'scheduled', 'preparing', 'in_review', 'sending', 'sent', 'failed'] as const;
const STATS = ['injections', 'deliveries', 'bounces', 'spam_complaints', 'opens', 'unique_opens', 'clicks', 'unique_clicks', 'unsubscribes'];

let emu: Emulator;
let clock = NOW;
beforeEach(async () => {
  clock = NOW;
  emu = await startEmulator({ events: 100, now: () => clock });
});
afterEach(async () => {
  await emu.close();
});

const iso = (ms: number) => new Date(ms).toISOString();
const schedule = (id: string, body: unknown) => call(emu, 'POST', `/campaigns/${id}/schedule`, { body });
const unschedule = (id: string) => call(emu, 'POST', `/campaigns/${id}/unschedule`);
const show = async (id: string) => (await get(emu, `/campaigns/${id}`)).body.data;

describe('4.3 list campaigns', () => {
  it('pages 20 at a time by default, newest first, every campaign exactly once', async () => {
    const total = emu.store.teams.main.campaigns.size;
    const first = await get(emu, '/campaigns');
    expect(first.status).toBe(200);
    expect(first.body.data.pagination).toEqual({ total, per_page: 20, current_page: 1, last_page: Math.ceil(total / 20) });
    const ids: string[] = [];
    const created: number[] = [];
    for (let page = 1; page <= first.body.data.pagination.last_page; page++) {
      const a = await get(emu, '/campaigns', { query: { page } });
      for (const c of a.body.data.campaigns) {
        ids.push(c.id);
        created.push(Date.parse(c.created_at));
        expect(c).not.toHaveProperty('html_content');
        expect(STATES).toContain(c.status);
        expect(Object.keys(c.stats).sort()).toEqual([...STATS].sort());
        expect(c.total_recipients).toEqual(expect.any(Number));
        expect(c.sent_count).toEqual(expect.any(Number));
      }
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    for (let i = 1; i < created.length; i++) expect(created[i]).toBeLessThanOrEqual(created[i - 1] as number);
  });

  it('filters by status, with campaigns in every state', async () => {
    for (const status of STATES) {
      const a = await get(emu, '/campaigns', { query: { status, per_page: 100 } });
      expect(a.body.data.campaigns.length, status).toBeGreaterThan(0);
      expect(a.body.data.campaigns.every((c: { status: string }) => c.status === status)).toBe(true);
      expect(a.body.data.pagination.total).toBe(a.body.data.campaigns.length);
    }
  });

  it('answers a page past the end with no campaigns', async () => {
    const a = await get(emu, '/campaigns', { query: { page: 10_000 } });
    expect(a.status).toBe(200);
    expect(a.body.data.campaigns).toEqual([]);
    expect(a.body.data.pagination.current_page).toBe(10_000);
  });

  it.each([
    [{ page: 0 }, ['page']],
    [{ page: 10_001 }, ['page']],
    [{ page: 'x' }, ['page']],
    [{ per_page: 0 }, ['per_page']],
    [{ per_page: 101 }, ['per_page']],
    [{ per_page: '2.5' }, ['per_page']],
    [{ status: 'archived' }, ['status']],
    [{ page: -1, per_page: 'many', status: 'Draft' }, ['page', 'per_page', 'status']],
  ])('refuses %j with 422 naming %j', async (query, fields) => {
    const a = await get(emu, '/campaigns', { query });
    expect(a.status).toBe(422);
    expect(a.body.error_code).toBe('validation_error');
    expect(errorFields(a)).toEqual(fields);
  });
});

describe('4.4 show a campaign', () => {
  it('answers the campaign with html_content', async () => {
    const a = await get(emu, `/campaigns/${emu.fixtures.campaigns.sent}`);
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ id: emu.fixtures.campaigns.sent, status: 'sent' });
    expect(a.body.data.html_content).toMatch(/<html/);
    expect(a.body.data.stats.injections).toBe(a.body.data.sent_count);
    expect(a.body.data.sent_at).toEqual(expect.any(String));
  });

  it('answers a malformed or unknown id with 404 (GET /campaigns/{id} documents no 422)', async () => {
    const bad = await get(emu, '/campaigns/not-a-uuid');
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ message: 'Campaign not found.', error_code: 'not_found' });
    const unknown = await get(emu, '/campaigns/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Campaign not found.', error_code: 'not_found' });
  });
});

describe('4.6 schedule', () => {
  it('schedules a draft, taking an offset as given and a bare time as UTC', async () => {
    const draft = emu.fixtures.campaigns.draft;
    const a = await schedule(draft, { scheduled_at: '2025-06-20T10:00:00+02:00' });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ id: draft, status: 'scheduled' });
    expect(a.body.data).not.toHaveProperty('html_content');
    expect(Date.parse(a.body.data.scheduled_at)).toBe(Date.UTC(2025, 5, 20, 8, 0, 0));
    const b = await schedule(draft, { scheduled_at: '2025-06-21T10:00:00' });
    expect(b.status).toBe(200);
    expect(Date.parse(b.body.data.scheduled_at)).toBe(Date.UTC(2025, 5, 21, 10, 0, 0));
    expect((await show(draft)).status).toBe('scheduled');
  });

  it('reschedules a scheduled campaign', async () => {
    const id = emu.fixtures.campaigns.scheduled;
    const a = await schedule(id, { scheduled_at: iso(NOW + 3_600_000) });
    expect(a.status).toBe(200);
    expect(a.body.data.status).toBe('scheduled');
    expect(Date.parse(a.body.data.scheduled_at)).toBe(NOW + 3_600_000);
  });

  it.each([
    ['in the past', { scheduled_at: iso(NOW - 1000) }],
    ['exactly now', { scheduled_at: iso(NOW) }],
    ['missing', {}],
    ['not a string', { scheduled_at: 1750000000 }],
    ['a date without time', { scheduled_at: '2025-07-01' }],
    ['not a date', { scheduled_at: 'tomorrow' }],
    ['an impossible date', { scheduled_at: '2025-02-30T10:00:00Z' }],
  ])('refuses scheduled_at %s with 422 naming scheduled_at', async (_, body) => {
    const a = await schedule(emu.fixtures.campaigns.draft, body);
    expect(a.status).toBe(422);
    expect(a.body.error_code).toBe('validation_error');
    expect(errorFields(a)).toEqual(['scheduled_at']);
    expect((await show(emu.fixtures.campaigns.draft)).status).toBe('draft');
  });

  it('refuses a draft lacking subject, sender or content with campaign_not_sendable', async () => {
    const a = await schedule(emu.fixtures.unsendableDraft, { scheduled_at: iso(NOW + 60_000) });
    expect(a.status).toBe(422);
    expect(a.body.error_code).toBe('campaign_not_sendable');
    expect(a.body).not.toHaveProperty('errors');
  });

  it.each(['preparing', 'in_review', 'sending', 'sent', 'failed'] as const)(
    'refuses a campaign in state %s with campaign_not_sendable',
    async (state) => {
      const id = emu.fixtures.campaigns[state];
      const a = await schedule(id, { scheduled_at: iso(NOW + 60_000) });
      expect(a.status).toBe(422);
      expect(a.body.error_code).toBe('campaign_not_sendable');
      expect((await show(id)).status).toBe(state);
    },
  );

  it('answers a malformed id with 422, an unknown one with 404, a non-object body with 422', async () => {
    expect(errorFields(await schedule('123', { scheduled_at: iso(NOW + 60_000) }))).toEqual(['campaignId']);
    expect((await schedule('00000000-0000-4000-8000-000000000000', { scheduled_at: iso(NOW + 60_000) })).status).toBe(404);
    const arr = await schedule(emu.fixtures.campaigns.draft, [iso(NOW + 60_000)]);
    expect(arr.status).toBe(422);
  });
});

describe('4.7 unschedule', () => {
  it('returns a scheduled campaign to draft', async () => {
    const id = emu.fixtures.campaigns.scheduled;
    const a = await unschedule(id);
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ id, status: 'draft', scheduled_at: null });
    expect((await show(id)).status).toBe('draft');
  });

  it.each(['draft', 'preparing', 'in_review', 'sending', 'sent', 'failed'] as const)(
    'refuses a campaign in state %s with campaign_not_scheduled',
    async (state) => {
      const a = await unschedule(emu.fixtures.campaigns[state]);
      expect(a.status).toBe(422);
      expect(a.body.error_code).toBe('campaign_not_scheduled');
      expect(a.body).not.toHaveProperty('errors');
    },
  );

  it('answers an unknown campaign with 404', async () => {
    expect((await unschedule('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('dispatch: a scheduled campaign is sent when scheduled_at passes', () => {
  it('moves to sending, then sent, its stats and events growing', async () => {
    const id = emu.fixtures.campaigns.draft;
    const at = NOW + 60_000;
    expect((await schedule(id, { scheduled_at: iso(at) })).status).toBe(200);
    const total = (await show(id)).total_recipients;

    clock = at + SEND_DURATION_MS / 2;
    const mid = await show(id);
    expect(mid.status).toBe('sending');
    expect(mid.sent_at).toBeNull();
    expect(mid.sent_count).toBeGreaterThan(0);
    expect(mid.sent_count).toBeLessThan(total);

    clock = at + SEND_DURATION_MS + 1;
    const done = await show(id);
    expect(done.status).toBe('sent');
    expect(Date.parse(done.sent_at)).toBe(at + SEND_DURATION_MS);
    expect(done.sent_count).toBe(total);
    expect(done.stats.injections).toBe(total);
    expect(done.stats.deliveries + done.stats.bounces).toBe(total);

    const ev = await get(emu, `/campaigns/${id}/events`, { query: { event_type: 'injection', limit: 100 } });
    expect(ev.status).toBe(200);
    expect(emu.store.teams.main.campaigns.get(id)?.events.filter((e) => e.type === 'injection')).toHaveLength(total);
    expect((await unschedule(id)).body.error_code).toBe('campaign_not_scheduled');
  });
});

describe('the race of 4.6/4.7: campaign deleted concurrently', () => {
  it('answers 200 with a message and no data when the vanishing campaign is scheduled', async () => {
    const id = emu.fixtures.vanishingCampaign;
    expect((await show(id)).status).toBe('draft');
    const a = await schedule(id, { scheduled_at: iso(NOW + 60_000) });
    expect(a.status).toBe(200);
    expect(typeof a.body.message).toBe('string');
    expect(a.body).not.toHaveProperty('data');
    expect((await get(emu, `/campaigns/${id}`)).status).toBe(404);
    const list = await get(emu, '/campaigns', { query: { per_page: 100 } });
    expect(list.body.data.campaigns.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('answers unschedule the same way for a campaign flagged to vanish', async () => {
    const id = emu.fixtures.campaigns.scheduled;
    const c = emu.store.teams.main.campaigns.get(id);
    if (!c) throw new Error('fixture missing');
    c.vanishOnWrite = true;
    const a = await unschedule(id);
    expect(a.status).toBe(200);
    expect(a.body).not.toHaveProperty('data');
    expect((await get(emu, `/campaigns/${id}`)).status).toBe(404);
  });
});
