// service-api-rest.md 4.13 to 4.15: create, show and delete a webhook; a created webhook gets
// the emulator's deliveries of an email sent through the API.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { parseDeliveryBody } from '../../src/webhooks/format.js';
import { call, errorFields, get } from '../helpers/emulator.js';
import { raw, scriptedServer } from '../helpers/server.js';

const FIELDS = ['auth_type', 'enabled', 'event_types', 'has_auth_credentials', 'id', 'last_failure_at', 'last_status', 'last_successful_at', 'name', 'url'];

let emu: Emulator;
let clock = Date.UTC(2025, 5, 15, 12, 0, 0);
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await emu.close();
  for (const c of closers.splice(0)) await c();
});
async function start(): Promise<void> {
  clock = Date.UTC(2025, 5, 15, 12, 0, 0);
  emu = await startEmulator({ events: 20, now: () => clock });
}

const create = (body: unknown, key?: string) => call(emu, 'POST', '/webhooks', { body, ...(key ? { key } : {}) });

describe('webhook create, show, delete', () => {
  it('create (201) → list → show → delete (200, message only) → 404', async () => {
    await start();
    const c = await create({ name: 'Bounces', url: 'https://hooks.example.com/b', auth_type: 'basic', auth_username: 'u', auth_password: 'never-shown', events_mode: 'selected', events: ['bounce', 'engagament.click', 'message.bounce'] });
    expect(c.status, c.text).toBe(201);
    expect(Object.keys(c.body.data).sort()).toEqual(FIELDS);
    expect(c.body.data).toMatchObject({
      name: 'Bounces', url: 'https://hooks.example.com/b', enabled: true, auth_type: 'basic', has_auth_credentials: true,
      event_types: ['message.bounce', 'engagement.click'], last_status: null, last_successful_at: null, last_failure_at: null,
    });
    expect(c.text).not.toMatch(/never-shown/);
    const id = c.body.data.id as string;
    expect((await get(emu, '/webhooks')).body.data.webhooks.map((w: { id: string }) => w.id)).toContain(id);
    const show = await get(emu, `/webhooks/${id}`);
    expect(show.body.data).toEqual(c.body.data);
    const d = await call(emu, 'DELETE', `/webhooks/${id}`);
    expect(d.status).toBe(200);
    expect(Object.keys(d.body)).toEqual(['message']);
    expect((await get(emu, `/webhooks/${id}`)).body.error_code).toBe('not_found');
    expect((await call(emu, 'DELETE', `/webhooks/${id}`)).status).toBe(404);
  });

  it('events_mode all stores null event types; validation names each field; a duplicate URL is 409', async () => {
    await start();
    const all = await create({ name: 'All', url: 'https://hooks.example.com/all', auth_type: 'none', events_mode: 'all' });
    expect(all.body.data.event_types).toBeNull();
    expect((await create({ name: 'Again', url: 'https://hooks.example.com/all', auth_type: 'none', events_mode: 'all' })).body.error_code).toBe('resource_already_exists');
    expect(errorFields(await create({}))).toEqual(['auth_type', 'events_mode', 'name', 'url']);
    // a name of white space only is no name, as the audience names (one message, not two)
    for (const name of ['', '   ']) {
      const blank = await create({ name, url: 'https://hooks.example.com/blank', auth_type: 'none', events_mode: 'all' });
      expect([blank.status, blank.body.errors]).toEqual([422, { name: ['The name field is required.'] }]);
    }
    expect(errorFields(await create({ name: 'n'.repeat(256), url: 'not a url', auth_type: 'digest', events_mode: 'some' }))).toEqual(['auth_type', 'events_mode', 'name', 'url']);
    expect(errorFields(await create({ name: 'x', url: 'https://h.example.com', auth_type: 'oauth2', events_mode: 'selected', events: ['nope'] })))
      .toEqual(['events.0', 'oauth_client_id', 'oauth_client_secret', 'oauth_token_url']);
    expect(errorFields(await create({ name: 'x', url: 'https://h.example.com', auth_type: 'basic', events_mode: 'selected' })))
      .toEqual(['auth_password', 'auth_username', 'events']);
  });

  it('events sent with events_mode all are still checked (4.13: values are the names of base 6.3); valid ones leave event_types null', async () => {
    await start();
    const base = { name: 'All', auth_type: 'none', events_mode: 'all' };
    const notArray = await create({ ...base, url: 'https://hooks.example.com/a1', events: 'message.delivery' });
    expect([notArray.status, notArray.body.error_code, notArray.body.errors]).toEqual([422, 'validation_error', { events: ['The events field must be an array.'] }]);
    const unknown = await create({ ...base, url: 'https://hooks.example.com/a2', events: ['message.delivery', 'nope', 7] });
    expect([unknown.status, errorFields(unknown)]).toEqual([422, ['events.1', 'events.2']]);
    // nothing was created by the refused requests
    const list = await get(emu, '/webhooks');
    expect(list.body.data.webhooks.map((w: { url: string }) => w.url)).not.toContain('https://hooks.example.com/a2');
    const ok = await create({ ...base, url: 'https://hooks.example.com/a3', events: ['delivery', 'engagament.click'] });
    expect([ok.status, ok.body.data.event_types]).toEqual([201, null]);
  });

  it('scopes, sandbox and other teams', async () => {
    await start();
    const body = { name: 'x', url: 'https://hooks.example.com/x', auth_type: 'none', events_mode: 'all' };
    expect((await create(body, emu.keys.read_only)).body.error_code).toBe('insufficient_scope');
    expect((await create(body, emu.keys.sandbox)).body.error_code).toBe('sandbox_restricted');
    const id = emu.fixtures.webhooks[0]!;
    expect((await get(emu, `/webhooks/${id}`, { key: emu.keys.sandbox })).status).toBe(200);
    expect((await call(emu, 'DELETE', `/webhooks/${id}`, { key: emu.keys.sandbox })).status).toBe(403);
    expect((await get(emu, `/webhooks/${id}`, { key: emu.keys.other_team })).status).toBe(404);
    expect((await call(emu, 'DELETE', `/webhooks/${id}`, { key: emu.keys.other_team })).status).toBe(404);
  });

  it('a created webhook receives the events of an email sent through the API', async () => {
    await start();
    const r = await scriptedServer([raw(200, '')]);
    closers.push(r.close);
    const c = await create({ name: 'Local', url: `${r.baseUrl}/in`, auth_type: 'none', events_mode: 'selected', events: ['delivery', 'bounce'] });
    expect(c.status).toBe(201);
    const sent = await call(emu, 'POST', '/emails', { body: { from: 'a@acme.example', to: ['x@example.com', 'y@example.com'], subject: 's', text: 't' } });
    const id = sent.body.data.request_id as string;
    clock += 5_000;
    await emu.deliverDue();
    const events = r.seen.flatMap((s) => parseDeliveryBody(JSON.parse(s.body)));
    const mine = events.filter((e) => e.request_id === id);
    expect(mine.map((e) => e.type).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/^(delivery|bounce)$/)]));
    expect(mine).toHaveLength(2);
    expect((await get(emu, `/webhooks/${c.body.data.id}`)).body.data.last_status).toBe('success');
  });
});
