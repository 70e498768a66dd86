// service-api-rest.md 4.3 to 4.7: send, list sent, schedule, show and cancel a scheduled email;
// the free tier's quota (6.3, 6.4), sandbox sends (5.3), and time moving: a sent email becomes
// events seen by GET /emails, GET /emails/events and GET /emails/{id}.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const SENT_FIELDS = [
  'click_tracking', 'event_id', 'friendly_from', 'injection_time', 'mailbox_provider', 'mailbox_provider_region', 'message_id',
  'msg_size', 'open_tracking', 'raw_rcpt_to', 'rcpt_meta', 'rcpt_to', 'recipient_domain', 'request_id', 'sending_domain',
  'sending_ip', 'subject', 'timestamp', 'transactional', 'type',
];
const DETAIL_FIELDS = ['events', 'from', 'from_name', 'num_recipients', 'recipients', 'scheduled_at', 'state', 'subject', 'transmission_id'];

let emu: Emulator;
let clock = NOW;
beforeEach(async () => {
  clock = NOW;
  emu = await startEmulator({ events: 100, now: () => clock });
});
afterEach(async () => {
  await emu.close();
});

const email = (extra: Record<string, unknown> = {}) => ({
  from: 'orders@mail.acme.example', from_name: 'Acme', to: ['ada@example.com'], subject: 'Hello', html: '<p>Hi</p>', ...extra,
});
const send = (body: unknown, key?: string) => call(emu, 'POST', '/emails', { body, ...(key ? { key } : {}) });
const schedule = (body: unknown, key?: string) => call(emu, 'POST', '/emails/scheduled', { body, ...(key ? { key } : {}) });
const iso = (ms: number) => new Date(ms).toISOString();

describe('4.3 POST /emails', () => {
  it('answers 200 with {message, data: {request_id, accepted, rejected}}', async () => {
    const a = await send(email({ cc: ['bob@example.org'], bcc: ['eve@example.net', 'nobody@mail.invalid'] }));
    expect(a.status, a.text).toBe(200);
    expect(typeof a.body.message).toBe('string');
    expect(Object.keys(a.body.data).sort()).toEqual(['accepted', 'rejected', 'request_id']);
    expect(a.body.data).toMatchObject({ accepted: 3, rejected: 1 });
    expect(a.body.data.request_id).toMatch(/^\d+$/);
    expect(a.headers.get('x-daily-limit')).toBeNull(); // a paid team: no quota headers
    expect(a.headers.get('x-ratelimit-limit')).toBe('3');
  });

  it('rejects hard-bounced addresses (classes 10, 30, 100: suppressed, never mailed again); a soft bounce is mailed', async () => {
    // service-notes "Deliverability thresholds": hard-bounced addresses are suppressed by the service
    const big = await startEmulator({ events: 3000, now: () => clock });
    try {
      const list = async (classes: string) => {
        const a = await call(big, 'GET', '/emails/events', { query: { events: 'bounce', bounce_classes: classes, per_page: 100 } });
        expect(a.status, a.text).toBe(200);
        return (a.body.data.events.data as Array<{ rcpt_to: string }>).map((e) => e.rcpt_to);
      };
      const hard = await list('10,30,100');
      const soft = (await list('21,22,70')).filter((r) => !hard.includes(r));
      expect(hard.length).toBeGreaterThan(0);
      expect(soft.length).toBeGreaterThan(0);
      const to = [hard[0]!.toUpperCase(), soft[0]!, 'fresh@example.com'];
      const a = await call(big, 'POST', '/emails', { body: email({ to }) });
      expect(a.status, a.text).toBe(200);
      expect(a.body.data).toMatchObject({ accepted: 2, rejected: 1 });
      clock += 60_000;
      const detail = await call(big, 'GET', `/emails/${a.body.data.request_id}`);
      const mailed = new Set((detail.body.data.events as Array<{ rcpt_to: string }>).map((e) => e.rcpt_to));
      expect([...mailed].sort()).toEqual([soft[0]!, 'fresh@example.com'].sort());
    } finally {
      await big.close();
    }
  });

  it('validates every rule of the body, naming each field in one 422', async () => {
    const a = await send({
      from: 'not-an-address', to: [], cc: ['x'], reply_to: 'nope', subject: 's'.repeat(999), tag: 't'.repeat(65),
      headers: { From: 'x', 'X-Ok': 'v'.repeat(999) }, metadata: { k: 7 }, options: { open_tracking: 'yes' },
      attachments: [{ name: 'a.pdf', data: 'not base64!' }], template_version: 0,
    });
    expect(a.status).toBe(422);
    expect(a.body).toMatchObject({ message: expect.any(String), error_code: 'validation_error' });
    expect(errorFields(a)).toEqual([
      'attachments.0.data', 'attachments.0.type', 'cc.0', 'from', 'headers.From', 'headers.X-Ok', 'html', 'metadata.k',
      'options.open_tracking', 'reply_to', 'subject', 'tag', 'template_version', 'to',
    ]);
    for (const v of Object.values(a.body.errors)) expect(v).toEqual([expect.any(String)]);
  });

  it('takes attachments up to 5 MB after base64; past that the body is a 422 naming attachments (7, 10)', async () => {
    const MB5 = 5 * 1024 * 1024;
    const withData = (n: number) => email({ attachments: [{ name: 'a.bin', type: 'application/octet-stream', data: 'A'.repeat(n) }] });
    const at = await send(withData(MB5));
    expect(at.status, at.text.slice(0, 200)).toBe(200);
    const over = await send(withData(MB5 + 4));
    expect(over.status, over.text.slice(0, 200)).toBe(422);
    expect(over.body.error_code).toBe('validation_error');
    expect(errorFields(over)).toEqual(['attachments']);
  });

  it('needs content and a subject unless a template gives them; 50 recipients across to, cc and bcc', async () => {
    expect(errorFields(await send({ from: 'a@acme.example', to: ['b@example.com'] }))).toEqual(['html', 'subject']);
    expect(errorFields(await send({}))).toEqual(['from', 'html', 'subject', 'to']);
    const many = Array.from({ length: 30 }, (_, i) => `r${i}@example.com`);
    expect(errorFields(await send(email({ to: many, cc: many })))).toEqual(['to']);
    expect(errorFields(await send(email({ to: [...many, ...many] })))).toEqual(['to']);
    expect((await call(emu, 'POST', '/emails', { rawBody: '[1]' })).status).toBe(422);
  });

  it('refuses a sender domain that is not approved (400 unconfigured_domain), and a missing template (404)', async () => {
    for (const from of ['x@promo.acme.example', 'x@acme-deals.example', 'x@unknown.example']) {
      const a = await send(email({ from }));
      expect([from, a.status, a.body.error_code]).toEqual([from, 400, 'unconfigured_domain']);
    }
    const t = await send(email({ template_slug: 'no-such-template', html: undefined }));
    expect([t.status, t.body.error_code]).toEqual([404, 'template_not_found']);
    const draft = await send(email({ template_slug: 'unpublished-draft' }));
    expect(draft.body.error_code).toBe('template_not_found');
    const ok = await send({ from: 'x@acme.example', to: ['a@example.com'], template_slug: 'welcome-email' });
    expect(ok.status, ok.text).toBe(200);
    // 4.3 states no minimum for project_id: 0 names no project (404 with a template, unused without)
    const zero = await send({ from: 'x@acme.example', to: ['a@example.com'], template_slug: 'welcome-email', project_id: 0 });
    expect([zero.status, zero.body.error_code]).toEqual([404, 'template_not_found']);
    expect((await send(email({ project_id: 0 }))).status).toBe(200);
  });

  it('needs emails:send (403 insufficient_scope for the read-only key), and 401 without a key', async () => {
    const a = await send(email(), emu.keys.read_only);
    expect([a.status, a.body.error_code]).toEqual([403, 'insufficient_scope']);
    const b = await call(emu, 'POST', '/emails', { body: email(), key: null });
    expect(b.status).toBe(401);
    expect(b.body).toEqual({ message: 'API key is required.' });
  });

  it('sandbox: allowed, sent to the key owner from dev.uselettr.com, no domain needed', async () => {
    const a = await send(email({ from: 'me@unverified.example', to: ['someone@example.com', 'other@example.org'] }), emu.keys.sandbox);
    expect(a.status, a.text).toBe(200);
    expect(a.body.data.accepted).toBe(1);
    const d = await get(emu, `/emails/${a.body.data.request_id}`);
    expect(d.body.data.recipients).toEqual(['developer@acme.example']);
    expect(d.body.data.from).toBe('me@dev.uselettr.com');
  });
});

describe('time moves: a sent email becomes events', () => {
  it('injection now, then delivery or bounce, then opens and clicks; seen by 4.4, the events listing and the detail', async () => {
    const a = await send(email({ to: Array.from({ length: 12 }, (_, i) => `user${i}@example.com`), metadata: { order: '42' } }));
    const id = a.body.data.request_id as string;
    const types = async () => (await get(emu, '/emails/events', { query: { transmissions: id, per_page: 100 } })).body.data.events.data.map((e: { type: string }) => e.type);
    expect(await types()).toEqual(Array(12).fill('injection'));
    clock += 5_000;
    const later = await types();
    expect(later.filter((t: string) => t === 'delivery' || t === 'bounce')).toHaveLength(12);
    clock += 120_000;
    const all = await types();
    expect(all.some((t: string) => t === 'open' || t === 'initial_open')).toBe(true);

    const list = await get(emu, '/emails', { query: { per_page: 100 } });
    expect(list.status).toBe(200);
    const page = list.body.data.events;
    expect(Object.keys(page).sort()).toEqual(['data', 'from', 'pagination', 'to', 'total_count']);
    const mine = page.data.filter((e: { request_id: string }) => e.request_id === id);
    expect(mine).toHaveLength(12);
    for (const e of mine) {
      expect(Object.keys(e).sort()).toEqual(SENT_FIELDS);
      expect(e.type).toBe('injection');
      expect(e.rcpt_meta).toEqual({ order: '42' });
      expect(e.sending_domain).toBe('mail.acme.example');
    }
    const detail = await get(emu, `/emails/${id}`);
    expect(Object.keys(detail.body.data).sort()).toEqual(DETAIL_FIELDS);
    expect(detail.body.data.num_recipients).toBe(12);
    expect(detail.body.data.events.length).toBe(all.length);
  });

  it('4.4 pages with a cursor, filters by recipient, validates its query', async () => {
    for (let i = 0; i < 3; i++) await send(email({ to: ['pager@example.com'] }));
    const first = await get(emu, '/emails', { query: { per_page: 2, recipients: 'pager@example.com' } });
    expect(first.body.data.events.total_count).toBe(3);
    expect(first.body.data.events.pagination).toEqual({ next_cursor: expect.any(String), per_page: 2 });
    const second = await get(emu, '/emails', { query: { per_page: 2, recipients: 'pager@example.com', cursor: first.body.data.events.pagination.next_cursor } });
    expect(second.body.data.events.data).toHaveLength(1);
    expect(second.body.data.events.pagination.next_cursor).toBeNull();
    const bad = await get(emu, '/emails', { query: { per_page: 101, recipients: 'x', from: 'yesterday', cursor: 'zz' } });
    expect(errorFields(bad)).toEqual(['cursor', 'from', 'per_page', 'recipients']);
    // data.events.from is the effective start (2.3): a from older than the 10 days kept is answered as now - 10 days
    const old = await get(emu, '/emails', { query: { from: iso(NOW - 30 * 86_400_000).slice(0, 10) } });
    expect(old.status, old.text).toBe(200);
    expect(Date.parse(old.body.data.events.from)).toBe(NOW - 10 * 86_400_000);
    const kept = await get(emu, '/emails', { query: { from: iso(NOW - 2 * 86_400_000) } });
    expect(Date.parse(kept.body.data.events.from)).toBe(NOW - 2 * 86_400_000);
    const gone = await get(emu, '/emails', { query: { from: iso(NOW - 30 * 86_400_000), to: iso(NOW - 20 * 86_400_000) } });
    expect([gone.body.data.events.total_count, gone.body.data.events.from]).toEqual([0, gone.body.data.events.to]);
    const sandbox = await get(emu, '/emails', { key: emu.keys.sandbox, query: { per_page: 100 } });
    expect(sandbox.body.data.events.data.every((e: { rcpt_to: string }) => e.rcpt_to === 'developer@acme.example')).toBe(true);
  });
});

describe('4.5 to 4.7 scheduled emails', () => {
  it('schedules (201), shows it pending, sends it at its time, then cannot cancel it (409)', async () => {
    const at = NOW + 10 * 60_000;
    const a = await schedule(email({ scheduled_at: iso(at) }));
    expect(a.status, a.text).toBe(201);
    const id = a.body.data.request_id as string;
    const pending = await get(emu, `/emails/scheduled/${id}`);
    expect(pending.status).toBe(200);
    expect(Object.keys(pending.body.data).sort()).toEqual(DETAIL_FIELDS);
    expect(pending.body.data).toMatchObject({ transmission_id: id, state: 'submitted', scheduled_at: iso(at), events: [], num_recipients: 1 });
    // the email detail has only the states derived from events: not yet delivered is `scheduled`
    const detail = await get(emu, `/emails/${id}`);
    expect(detail.body.data).toMatchObject({ transmission_id: id, state: 'scheduled', scheduled_at: iso(at), events: [] });
    clock = at + 10_000;
    const done = await get(emu, `/emails/scheduled/${id}`);
    expect(['delivered', 'bounced']).toContain(done.body.data.state);
    expect(done.body.data.events.length).toBeGreaterThanOrEqual(2);
    const cancel = await call(emu, 'DELETE', `/emails/scheduled/${id}`);
    expect([cancel.status, cancel.body.error_code]).toEqual([409, 'schedule_cancellation_failed']);
  });

  it('cancels before its time (200, message only): no event ever comes, and it is gone', async () => {
    const a = await schedule(email({ scheduled_at: iso(NOW + 3_600_000) }));
    const id = a.body.data.request_id as string;
    const c = await call(emu, 'DELETE', `/emails/scheduled/${id}`);
    expect(c.status).toBe(200);
    expect(Object.keys(c.body)).toEqual(['message']);
    clock += 2 * 3_600_000;
    expect((await get(emu, `/emails/scheduled/${id}`)).status).toBe(404);
    expect((await call(emu, 'DELETE', `/emails/scheduled/${id}`)).body.error_code).toBe('schedule_cancellation_failed');
    const events = await get(emu, '/emails/events', { query: { transmissions: id } });
    expect(events.body.data.events.data).toEqual([]);
  });

  it('a sandbox key reads and cancels only what was sent to its owner', async () => {
    const mine = await schedule(email({ scheduled_at: iso(NOW + 600_000) }), emu.keys.sandbox);
    const theirs = await schedule(email({ scheduled_at: iso(NOW + 600_000) }));
    const sb = { key: emu.keys.sandbox };
    expect((await get(emu, `/emails/scheduled/${mine.body.data.request_id}`, sb)).status).toBe(200);
    const refused = await get(emu, `/emails/scheduled/${theirs.body.data.request_id}`, sb);
    expect([refused.status, refused.body.error_code]).toEqual([403, 'sandbox_restricted']);
    expect((await call(emu, 'DELETE', `/emails/scheduled/${theirs.body.data.request_id}`, sb)).status).toBe(403);
    expect((await call(emu, 'DELETE', `/emails/scheduled/${mine.body.data.request_id}`, sb)).status).toBe(200);
    // the owner among the recipients, in cc and written in other case, is still its owner (addresses compare without case)
    const copied = await schedule(email({ scheduled_at: iso(NOW + 600_000), cc: ['Developer@ACME.example'] }));
    expect((await get(emu, `/emails/scheduled/${copied.body.data.request_id}`, sb)).status).toBe(200);
    expect((await call(emu, 'DELETE', `/emails/scheduled/${copied.body.data.request_id}`, sb)).status).toBe(200);
  });

  it('refuses scheduled_at outside 5 minutes to 3 days ahead, or missing, and a missing template (422); unknown ids are 404 / 409', async () => {
    for (const at of [undefined, 'soon', iso(NOW + 60_000), iso(NOW + 4 * 86_400_000)]) {
      expect(errorFields(await schedule(email({ scheduled_at: at })))).toEqual(['scheduled_at']);
    }
    expect((await get(emu, '/emails/scheduled/1234567890123456')).body.error_code).toBe('not_found');
    expect((await call(emu, 'DELETE', '/emails/scheduled/1234567890123456')).status).toBe(409);
    // 4.5 documents no 404: a template that is not there fails validation on the field naming it
    const at = iso(NOW + 600_000);
    for (const [extra, field] of [
      [{ template_slug: 'no-such-template' }, 'template_slug'],
      [{ template_slug: 'unpublished-draft' }, 'template_slug'],
      [{ template_slug: 'welcome-email', template_version: 99 }, 'template_version'],
      [{ template_slug: 'welcome-email', project_id: 0 }, 'project_id'],
    ] as const) {
      const t = await schedule(email({ ...extra, scheduled_at: at }));
      expect([t.status, t.body.error_code, errorFields(t)]).toEqual([422, 'validation_error', [field]]);
    }
    const other = await schedule(email({ from: 'x@globex.example', scheduled_at: iso(NOW + 600_000) }), emu.keys.other_team);
    expect(other.status, other.text).toBe(201);
    expect((await get(emu, `/emails/scheduled/${other.body.data.request_id}`)).status).toBe(404);
  });
});

describe('free tier quota (6.3, 6.4)', () => {
  it('carries X-Daily-* and X-Monthly-* and refuses past 100 a day with 429 daily_quota_exceeded', async () => {
    const key = emu.keys.free_tier;
    const fifty = Array.from({ length: 50 }, (_, i) => `r${i}@example.com`);
    const a = await send(email({ from: 'hi@initech.example', to: fifty }), key);
    expect(a.status, a.text).toBe(200);
    expect(a.headers.get('x-daily-limit')).toBe('100');
    expect(a.headers.get('x-daily-remaining')).toBe('50');
    expect(a.headers.get('x-daily-reset')).toBe(String(Date.UTC(2025, 5, 16) / 1000));
    expect(a.headers.get('x-monthly-limit')).toBe('3000');
    expect(a.headers.get('x-monthly-remaining')).toBe('2950');
    expect(a.headers.get('x-monthly-reset')).toBe(String(Date.UTC(2025, 6, 1) / 1000));
    const s = await schedule(email({ from: 'hi@initech.example', to: fifty.slice(0, 10), scheduled_at: iso(NOW + 600_000) }), key);
    expect(s.status).toBe(201);
    expect(s.headers.get('x-daily-remaining')).toBe('40');
    expect((await send(email({ from: 'hi@initech.example', to: fifty.slice(0, 40) }), key)).status).toBe(200);
    const refused = await send(email({ from: 'hi@initech.example' }), key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.any(String), error_code: 'daily_quota_exceeded' });
    expect(refused.headers.get('x-daily-remaining')).toBe('0');
    clock = Date.UTC(2025, 5, 16, 0, 0, 1);
    const tomorrow = await send(email({ from: 'hi@initech.example' }), key);
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.headers.get('x-daily-remaining')).toBe('99');
  });
});
