// The emulator delivers its new events to loopback webhooks (service-notes "Webhook deliveries",
// cli.md "Webhook loop"): shape, auth, retry schedule on the emulator's clock, 410, status fields,
// and never a connection to an address that is not loopback.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { parseDeliveryBody, SERVICE_RETRY_DELAYS_MS } from '../../src/webhooks/format.js';
import { call, get } from '../helpers/emulator.js';
import { json, raw, scriptedServer } from '../helpers/server.js';

let emu: Emulator | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await emu?.close();
  emu = undefined;
  for (const c of closers.splice(0)) await c();
});

async function receiver(...handlers: Parameters<typeof scriptedServer>[0]) {
  const r = await scriptedServer(handlers);
  closers.push(r.close);
  return r;
}

/** An emulator on a fake clock, its log lines, and its first webhook (enabled, all events, no auth). */
async function setup(extra: Parameters<typeof startEmulator>[0] = {}) {
  const clock = { t: Date.parse('2026-03-02T10:00:00Z') };
  const log: string[] = [];
  emu = await startEmulator({ events: 20, now: () => clock.t, logDelivery: (l) => log.push(l), ...extra });
  return { emu, clock, log, hookId: emu.fixtures.webhooks[0]! };
}

const put = (e: Emulator, id: string, body: unknown) => call(e, 'PUT', `/webhooks/${id}`, { body });
const webhook = async (e: Emulator, id: string) =>
  ((await get(e, '/webhooks')).body.data.webhooks as Array<Record<string, unknown>>).find((w) => w.id === id)!;

describe('emulator webhook delivery', () => {
  it('POSTs the new events as one array of msys objects, and the webhook shows success', async () => {
    const { emu, hookId } = await setup();
    const r = await receiver(raw(200, ''));
    expect((await put(emu, hookId, { url: `${r.baseUrl}/hook` })).status).toBe(200);
    const before = emu.store.teams.main.events.length;
    emu.addEvents(5);
    await emu.deliverDue();

    expect(r.seen).toHaveLength(1);
    const req = r.seen[0]!;
    expect(req).toMatchObject({ method: 'POST', url: '/hook' });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBeUndefined();
    const body = JSON.parse(req.body) as Array<{ msys: Record<string, Record<string, unknown>> }>;
    expect(body).toHaveLength(5);
    for (const item of body) {
      const [category] = Object.keys(item.msys);
      expect(category).toMatch(/^(message|track|gen|unsubscribe|relay)_event$/);
      expect(item.msys[category!]!.timestamp).toMatch(/^\d+$/);
    }
    const events = parseDeliveryBody(body);
    const log = emu.store.teams.main.events;
    expect(events.map((e) => e.event_id)).toEqual([0, 1, 2, 3, 4].map((k) => log.render(before + k).event_id));

    const w = await webhook(emu, hookId);
    expect(w.last_status).toBe('success');
    expect(w.last_successful_at).toBe('2026-03-02T10:00:00.000+00:00');
    expect(emu.deliveries).toEqual([expect.objectContaining({ webhookId: hookId, attempt: 1, status: 200, events: 5 })]);
  });

  it('sends Basic credentials, and new ones from `webhook set` on the next delivery', async () => {
    const { emu, hookId } = await setup();
    const r = await receiver(raw(200, ''));
    await put(emu, hookId, { url: r.baseUrl, auth_type: 'basic', auth_username: 'ops', auth_password: 'first-pass' });
    emu.addEvents(1);
    await emu.deliverDue();
    await put(emu, hookId, { auth_password: 'second-pass' });
    emu.addEvents(1);
    await emu.deliverDue();
    const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
    expect(r.seen.map((s) => s.headers.authorization)).toEqual([basic('ops', 'first-pass'), basic('ops', 'second-pass')]);
  });

  it('gets an OAuth token with the client-credentials grant, sends it as Bearer, and caches it until it expires', async () => {
    const { emu, clock, hookId } = await setup();
    const tokens = await receiver(json(200, { access_token: 'tok-1', expires_in: 60 }), json(200, { access_token: 'tok-2', expires_in: 60 }));
    const r = await receiver(raw(204, ''));
    await put(emu, hookId, {
      url: r.baseUrl, auth_type: 'oauth2', oauth_token_url: `${tokens.baseUrl}/token`, oauth_client_id: 'cid', oauth_client_secret: 'csecret',
    });
    emu.addEvents(1);
    await emu.deliverDue();
    emu.addEvents(1);
    await emu.deliverDue();
    clock.t += 61_000;
    emu.addEvents(1);
    await emu.deliverDue();

    expect(tokens.seen).toHaveLength(2);
    expect(tokens.seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokens.seen[0]!.body))).toEqual({ grant_type: 'client_credentials', client_id: 'cid', client_secret: 'csecret' });
    expect(r.seen.map((s) => s.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
  });

  it('never writes a credential to its log', async () => {
    const { emu, hookId, log } = await setup({ logRequest: (l) => log.push(l) });
    const r = await receiver(raw(401, ''), raw(500, ''));
    await put(emu, hookId, { url: r.baseUrl, auth_type: 'basic', auth_username: 'ops', auth_password: 'pw-never-logged-51d' });
    emu.addEvents(2);
    await emu.deliverDue();
    expect(log.length).toBeGreaterThan(1);
    const text = log.join('\n');
    for (const secret of ['pw-never-logged-51d', 'seeded-secret-1', 'seeded-secret-2', Buffer.from('ops:pw-never-logged-51d').toString('base64'), ...Object.values(emu.keys)]) {
      expect(text).not.toContain(secret);
    }
  });

  it('retries a 500 on the service schedule by the emulator clock, then records the success', async () => {
    const { emu, clock, hookId, log } = await setup();
    const r = await receiver(raw(500, 'down'), raw(500, 'down'), raw(200, ''));
    await put(emu, hookId, { url: r.baseUrl });
    const t0 = clock.t;
    emu.addEvents(2);
    await emu.deliverDue();
    expect(r.seen).toHaveLength(1);
    let w = await webhook(emu, hookId);
    expect(w).toMatchObject({ last_status: 'failure', last_failure_at: '2026-03-02T10:00:00.000+00:00' });

    clock.t = t0 + SERVICE_RETRY_DELAYS_MS[1]! - 1;
    await emu.deliverDue();
    expect(r.seen).toHaveLength(1); // not due yet
    clock.t = t0 + SERVICE_RETRY_DELAYS_MS[1]!;
    await emu.deliverDue();
    expect(r.seen).toHaveLength(2);
    clock.t += SERVICE_RETRY_DELAYS_MS[2]!;
    await emu.deliverDue();
    expect(r.seen).toHaveLength(3);
    expect(new Set(r.seen.map((s) => s.body)).size).toBe(1); // the same batch each time
    expect(emu.deliveries.map((d) => [d.attempt, d.status, d.time - t0])).toEqual([[1, 500, 0], [2, 500, 60_000], [3, 200, 360_000]]);
    w = await webhook(emu, hookId);
    expect(w).toMatchObject({ last_status: 'success', last_successful_at: '2026-03-02T10:06:00.000+00:00', last_failure_at: '2026-03-02T10:01:00.000+00:00' });
    expect(log.some((l) => /attempt 1\/7: HTTP 500, retrying in 60s/.test(l))).toBe(true);
  });

  it('scales the schedule with webhookRetryScale and gives up after 7 attempts', async () => {
    const { emu, clock, hookId } = await setup({ webhookRetryScale: 0.001 });
    const r = await receiver(raw(503, ''));
    await put(emu, hookId, { url: r.baseUrl });
    emu.addEvents(1);
    for (let i = 0; i < 10; i++) {
      await emu.deliverDue();
      clock.t += 86_400; // 24 h scaled by 0.001
    }
    expect(r.seen).toHaveLength(7);
    const gaps = emu.deliveries.slice(1).map((d, i) => d.time - emu!.deliveries[i]!.time);
    gaps.forEach((g, i) => expect(g).toBeGreaterThanOrEqual(SERVICE_RETRY_DELAYS_MS[i + 1]! * 0.001));
  });

  it('stops on 410 and disables the webhook', async () => {
    const { emu, clock, hookId, log } = await setup();
    const r = await receiver(raw(410, 'gone'));
    await put(emu, hookId, { url: r.baseUrl });
    emu.addEvents(1);
    await emu.deliverDue();
    clock.t += 3 * 86_400_000;
    emu.addEvents(1);
    await emu.deliverDue();
    expect(r.seen).toHaveLength(1);
    expect(await webhook(emu, hookId)).toMatchObject({ enabled: false, last_status: 'failure' });
    expect(log.filter((l) => l.includes('410, webhook disabled'))).toHaveLength(1);
  });

  it('delivers only the event types a webhook asks for', async () => {
    const { emu, hookId } = await setup();
    const r = await receiver(raw(200, ''));
    await put(emu, hookId, { url: r.baseUrl, events: ['message.injection'] });
    emu.addEvents(40);
    await emu.deliverDue();
    const types = r.seen.flatMap((s) => parseDeliveryBody(JSON.parse(s.body)).map((e) => e.type));
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['injection']));
  });

  it('never connects to an address that is not loopback, and says so once per webhook', async () => {
    const { emu, hookId, log } = await setup();
    // A token server on loopback that must not be asked either: the webhook URL is not loopback.
    const tokens = await receiver(json(200, { access_token: 't' }));
    for (const url of ['http://10.255.255.1:9/hook', 'http://localhost.example.com/hook', 'http://127.0.0.1.nip.io/hook']) {
      await put(emu, hookId, { url, auth_type: 'oauth2', oauth_token_url: tokens.baseUrl, oauth_client_id: 'c', oauth_client_secret: 's' });
      emu.addEvents(3);
      emu.addEvents(3);
      await emu.deliverDue();
    }
    expect(emu.deliveries).toEqual([]);
    expect(tokens.seen).toEqual([]);
    // the seeded enabled webhook points at hooks.*.example: one line for it too
    expect(log.filter((l) => l.includes(hookId) && l.includes('10.255.255.1'))).toHaveLength(1);
    expect(log.filter((l) => l.includes('only delivers to loopback'))).toHaveLength(4);
  });

  it('asks only a loopback token URL for a token', async () => {
    const { emu, hookId } = await setup();
    const r = await receiver(raw(200, ''));
    await put(emu, hookId, { url: r.baseUrl, auth_type: 'oauth2', oauth_token_url: 'http://192.0.2.1/token', oauth_client_id: 'c', oauth_client_secret: 's' });
    emu.addEvents(1);
    await emu.deliverDue();
    expect(r.seen).toEqual([]);
    expect(emu.deliveries).toEqual([expect.objectContaining({ status: 0, error: expect.stringContaining('not a loopback address') })]);
  });
});

describe('emulator live events', () => {
  it('keeps appending events with --live, and delivers them', async () => {
    const r = await receiver(raw(200, ''));
    emu = await startEmulator({ events: 5, live: { intervalMs: 10 } });
    await put(emu, emu.fixtures.webhooks[0]!, { url: r.baseUrl });
    await expect.poll(() => r.seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(emu.store.teams.main.events.length).toBeGreaterThan(5);
  });

  it('adds nothing without it', async () => {
    emu = await startEmulator({ events: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emu.store.teams.main.events.length).toBe(5);
  });
});
