// service-api-rest.md 4.24 and 3.4 (send a campaign now), and time moving for campaigns: sent
// now or at their scheduled_at, they go preparing/sending/sent and produce events seen by the
// campaign events, the account-wide events and the webhook deliveries — also with no request
// and no --live.
import { afterEach, describe, expect, it } from 'vitest';
import { SEND_DURATION_MS, startEmulator, type Emulator } from '../../src/emulator/index.js';
import { parseDeliveryBody } from '../../src/webhooks/format.js';
import { call, get } from '../helpers/emulator.js';
import { raw, scriptedServer } from '../helpers/server.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
let emu: Emulator;
let clock = NOW;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await emu.close();
  for (const c of closers.splice(0)) await c();
});

const send = (id: string, key?: string) => call(emu, 'POST', `/campaigns/${id}/send`, key ? { key } : {});
const show = async (id: string) => (await get(emu, `/campaigns/${id}`)).body.data;

describe('4.24 POST /campaigns/{id}/send', () => {
  it('202 with the campaign in preparing (no html_content), then sending, then sent, with events everywhere', async () => {
    clock = NOW;
    emu = await startEmulator({ events: 50, now: () => clock });
    const id = emu.fixtures.preflight.ready;
    const a = await send(id);
    expect(a.status, a.text).toBe(202);
    expect(typeof a.body.message).toBe('string');
    expect(a.body.data).toMatchObject({ id, status: 'preparing' });
    expect(a.body.data).not.toHaveProperty('html_content');
    clock += 1_500;
    expect((await show(id)).status).toBe('sending');
    clock += SEND_DURATION_MS + 60_000;
    const done = await show(id);
    expect(done.status).toBe('sent');
    expect(done.stats.injections).toBe(done.total_recipients);
    expect(done.sent_at).toEqual(expect.any(String));
    const events = (await get(emu, `/campaigns/${id}/events`, { query: { limit: 100 } })).body.data.events;
    expect(events.length).toBeGreaterThan(0);
    // the same events, account-wide, under one transmission whose detail lists every recipient
    const injections = await get(emu, '/emails/events', { query: { events: 'injection', recipients: events[0].email, per_page: 100 } });
    const tx = injections.body.data.events.data.find((e: { subject: string }) => e.subject === done.subject)?.request_id;
    expect(tx).toEqual(expect.any(String));
    const detail = await get(emu, `/emails/${tx}`);
    expect(detail.body.data.num_recipients).toBe(done.total_recipients);
    expect(detail.body.data.events.filter((e: { type: string }) => e.type === 'injection')).toHaveLength(done.total_recipients);
    expect((await send(id)).body.error_code).toBe('campaign_not_sendable');
  });

  it('refuses what 3.4 refuses, 404 for another team, 403 for the sandbox and read-only keys', async () => {
    clock = NOW;
    emu = await startEmulator({ events: 20, now: () => clock });
    const f = emu.fixtures;
    // A draft staged to send later (a future scheduled_at, not yet confirmed by the schedule
    // endpoint) is the pending-schedule case; a scheduled campaign is simply not a draft, the
    // code both the spec (3.4) and the vendor's list of error codes allow.
    const staged = emu.store.teams.main.campaigns.get(f.preflight.ready)!;
    staged.scheduled_at = clock + 86_400_000;
    const pending = await send(staged.id);
    expect([pending.status, pending.body]).toEqual([422, { message: expect.any(String), error_code: 'campaign_has_pending_schedule' }]);
    expect((await show(staged.id)).status).toBe('draft');
    for (const id of [f.campaigns.scheduled, f.campaigns.sent, f.campaigns.sending, f.unsendableDraft, f.preflight.failing.subject!]) {
      const r = await send(id);
      expect([r.status, r.body]).toEqual([422, { message: expect.any(String), error_code: 'campaign_not_sendable' }]);
    }
    expect((await send(f.otherTeam.campaigns[0]!)).status).toBe(404);
    expect((await send('not-a-uuid')).status).toBe(422);
    expect((await send(f.campaigns.draft, emu.keys.sandbox)).body.error_code).toBe('sandbox_restricted');
    expect((await send(f.campaigns.draft, emu.keys.read_only)).body.error_code).toBe('insufficient_scope');
    expect((await show(f.campaigns.draft)).status).toBe('draft');
    const gone = await send(f.vanishingCampaign);
    expect(gone.status).toBe(202);
    expect(Object.keys(gone.body)).toEqual(['message']);
  });
});

describe('seeded campaigns', () => {
  it("every campaign's from_email and reply_to, where set, is a valid address (the vendor's schema says email)", async () => {
    emu = await startEmulator({ events: 20 });
    const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
    const bad: string[] = [];
    for (const key of [emu.keys.full, emu.keys.other_team, emu.keys.free_tier]) {
      const list = (await get(emu, '/campaigns', { key, query: { per_page: 100 } })).body.data.campaigns as Array<Record<string, string | null>>;
      expect(list.length).toBeGreaterThan(5);
      for (const c of list) {
        for (const field of ['from_email', 'reply_to']) if (c[field] !== null && !EMAIL.test(c[field]!)) bad.push(`${c.name}: ${field} ${c[field]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('time moves with no request', () => {
  it('a campaign scheduled a second ahead in a non-live emulator is sent and delivered to a webhook on its own', async () => {
    // a clock moved by hand: scheduled_at is checked against it, not against a real second
    // that a loaded machine may spend on the request; only the emulator's timers then move it
    clock = Date.now();
    emu = await startEmulator({ events: 20, now: () => clock });
    const r = await scriptedServer([raw(200, '')]);
    closers.push(r.close);
    const hook = await call(emu, 'POST', '/webhooks', { body: { name: 'Local', url: r.baseUrl, auth_type: 'none', events_mode: 'all' } });
    expect(hook.status).toBe(201);
    const id = emu.fixtures.preflight.ready;
    const c = await call(emu, 'POST', `/campaigns/${id}/schedule`, { body: { scheduled_at: new Date(clock + 50).toISOString() } });
    expect(c.status).toBe(200);
    const subject = c.body.data.subject as string;
    emu.clearRequests();
    clock += 1_000;
    // Nothing asks the emulator anything from here on: its own timer must move it.
    await expect.poll(() => r.seen.flatMap((s) => parseDeliveryBody(JSON.parse(s.body))).filter((e) => e.subject === subject).length, { timeout: 50_000, interval: 100 }).toBeGreaterThan(0);
    expect(emu.requests).toHaveLength(0);
    expect(emu.store.teams.main.campaigns.get(id)!.status).toMatch(/^(sending|sent)$/);
  });
});
