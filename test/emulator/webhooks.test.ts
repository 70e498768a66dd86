// Spec 4.14 and 4.15 (webhook fields 2.10, event names 6.3, aliases of section 9), and
// service-notes: 400 on an invalid configuration, credentials never returned.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const SECRET = 'pa55-word-never-shown';

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 50 });
});
afterEach(async () => {
  await emu.close();
});

const put = (id: string, body: unknown) => call(emu, 'PUT', `/webhooks/${id}`, { body });
const hooks = async () => (await get(emu, '/webhooks')).body.data.webhooks as Array<Record<string, unknown>>;
const hook = async (id: string) => (await hooks()).find((w) => w.id === id) as Record<string, unknown>;

describe('4.14 list webhooks', () => {
  it('answers the 2.10 fields and never a credential', async () => {
    const a = await get(emu, '/webhooks');
    expect(a.status).toBe(200);
    const list = a.body.data.webhooks;
    expect(list.map((w: { id: string }) => w.id)).toEqual(emu.fixtures.webhooks);
    for (const w of list) {
      expect(Object.keys(w).sort()).toEqual(
        ['auth_type', 'enabled', 'event_types', 'has_auth_credentials', 'id', 'last_failure_at', 'last_status', 'last_successful_at', 'name', 'url'],
      );
      expect(['none', 'basic', 'oauth2']).toContain(w.auth_type);
      expect(w.has_auth_credentials).toBe(w.auth_type !== 'none');
      for (const t of [w.last_successful_at, w.last_failure_at]) {
        if (t !== null) expect(t).toMatch(/[+-]\d{2}:\d{2}$/);
      }
    }
    expect(list.some((w: { event_types: unknown }) => w.event_types === null)).toBe(true);
    expect(a.text).not.toMatch(/seeded-secret|auth_password|client_secret/);
  });
});

describe('4.15 update a webhook', () => {
  it('changes only the fields sent; active appears as enabled; target is an alias of url', async () => {
    const id = emu.fixtures.webhooks[0] as string;
    const before = await hook(id);
    const a = await put(id, { name: 'Renamed' });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ ...before, name: 'Renamed' });
    const b = await put(id, { active: false, target: 'https://hooks.example.com/new' });
    expect(b.body.data).toEqual({ ...before, name: 'Renamed', enabled: false, url: 'https://hooks.example.com/new' });
    expect(await hook(id)).toEqual(b.body.data);
  });

  it('accepts short names and the legacy engagament. prefix, storing canonical names', async () => {
    const id = emu.fixtures.webhooks[0] as string;
    const a = await put(id, { events: ['delivery', 'engagament.click', 'message.bounce', 'relay_tempfail', 'delivery'] });
    expect(a.status).toBe(200);
    expect(a.body.data.event_types).toEqual(['message.delivery', 'engagement.click', 'message.bounce', 'relay.relay_tempfail']);
  });

  it('refuses empty, unknown or non-array events with 422', async () => {
    const id = emu.fixtures.webhooks[0] as string;
    expect(errorFields(await put(id, { events: [] }))).toEqual(['events']);
    expect(errorFields(await put(id, { events: ['delivery', 'message.exploded', 7] }))).toEqual(['events.1', 'events.2']);
    expect(errorFields(await put(id, { events: 'delivery' }))).toEqual(['events']);
  });

  it('enforces the lengths and formats of section 8', async () => {
    const id = emu.fixtures.webhooks[0] as string;
    const longUrl = (n: number) => `https://hooks.example.com/${'a'.repeat(n - 'https://hooks.example.com/'.length)}`;
    expect((await put(id, { name: 'n'.repeat(255), url: longUrl(2048) })).status).toBe(200);
    const a = await put(id, {
      name: 'n'.repeat(256),
      url: longUrl(2049),
      target: 'not a url',
      auth_type: 'digest',
      auth_username: 'u'.repeat(256),
      oauth_token_url: 'ftp://x',
      active: 'yes',
    });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['active', 'auth_type', 'auth_username', 'name', 'oauth_token_url', 'target', 'url']);
    // a name of white space only is no name, as on create (4.13)
    const blank = await put(id, { name: ' \t ' });
    expect([blank.status, blank.body.errors]).toEqual([422, { name: ['The name field is required.'] }]);
  });

  it('stores basic credentials without ever returning them', async () => {
    const id = emu.fixtures.webhooks[0] as string;
    const a = await put(id, { auth_type: 'basic', auth_username: 'ops', auth_password: SECRET });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ auth_type: 'basic', has_auth_credentials: true });
    expect(a.text).not.toContain(SECRET);
    expect((await get(emu, '/webhooks')).text).not.toContain(SECRET);
    const b = await put(id, { auth_password: 'another' }); // the stored username is kept
    expect(b.status).toBe(200);
    expect(b.body.data.has_auth_credentials).toBe(true);
  });

  it('answers 400 to an inconsistent auth configuration and changes nothing', async () => {
    const none = emu.fixtures.webhooks[0] as string;
    const basic = emu.fixtures.webhooks[1] as string;
    const before = await hooks();
    const cases: Array<[string, unknown]> = [
      [none, { auth_type: 'basic', auth_username: 'only-user' }],
      [none, { auth_type: 'oauth2', oauth_token_url: 'https://auth.example.com/t', oauth_client_id: 'id' }],
      [none, { auth_password: SECRET }],
      [basic, { oauth_client_secret: SECRET }],
      [basic, { auth_type: 'none', auth_password: SECRET }],
    ];
    for (const [id, body] of cases) {
      const a = await put(id, body);
      expect(a.status, JSON.stringify(body)).toBe(400);
      // service-notes: "invalid webhook configuration"; its code is the service's 400 code of
      // service-api-rest 9.2, send_error (the only 400 codes are send_error and the sender-domain ones)
      expect(a.body).toEqual({ message: expect.stringMatching(/^Invalid webhook configuration/), error_code: 'send_error' });
    }
    expect(await hooks()).toEqual(before);
  });

  it('switches to oauth2 with a complete set, and back to none forgetting credentials', async () => {
    const id = emu.fixtures.webhooks[1] as string;
    const oauth = { oauth_token_url: 'https://auth.example.com/token', oauth_client_id: 'cli', oauth_client_secret: SECRET };
    const a = await put(id, { auth_type: 'oauth2', ...oauth });
    expect(a.body.data).toMatchObject({ auth_type: 'oauth2', has_auth_credentials: true });
    const b = await put(id, { auth_type: 'none' });
    expect(b.body.data).toMatchObject({ auth_type: 'none', has_auth_credentials: false });
    expect(emu.store.teams.main.webhooks.get(id)?.credentials).toEqual({});
  });

  it('answers an unknown webhook with 404 Webhook not found.', async () => {
    const a = await put('wh_unknown', { name: 'x' });
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ message: 'Webhook not found.', error_code: 'not_found' });
  });
});
