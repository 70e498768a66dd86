// Spec section 5 and service-notes "Keys" / "Errors": keys, scopes, sandbox, team separation,
// and the answers every route shares (401 bodies, unknown routes, bad JSON).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

interface Op {
  name: string;
  method: string;
  path: string;
  scope: string;
  sandboxBlocked: boolean;
  body?: unknown;
}

/** One request per operation of spec section 4 that succeeds with the full key. */
function operations(emu: Emulator): Op[] {
  const f = emu.fixtures;
  const future = new Date(Date.now() + 86_400_000).toISOString();
  const pair = { contact_ids: [f.contacts[0]], list_ids: [f.lists[0]] };
  return [
    { name: '4.1', method: 'GET', path: '/emails/events', scope: 'emails:read', sandboxBlocked: false },
    { name: '4.2', method: 'GET', path: `/emails/${f.requestIds[0]}`, scope: 'emails:read', sandboxBlocked: false },
    { name: '4.3', method: 'GET', path: '/campaigns', scope: 'campaigns:read', sandboxBlocked: false },
    { name: '4.4', method: 'GET', path: `/campaigns/${f.campaigns.sent}`, scope: 'campaigns:read', sandboxBlocked: false },
    { name: '4.5', method: 'GET', path: `/campaigns/${f.campaignWithEvents}/events`, scope: 'campaigns:read', sandboxBlocked: false },
    { name: '4.6', method: 'POST', path: `/campaigns/${f.campaigns.draft}/schedule`, scope: 'campaigns:write', sandboxBlocked: true, body: { scheduled_at: future } },
    { name: '4.7', method: 'POST', path: `/campaigns/${f.campaigns.scheduled}/unschedule`, scope: 'campaigns:write', sandboxBlocked: true },
    { name: '4.8', method: 'PATCH', path: `/audience/topics/${f.topics[0]}`, scope: 'audience:write', sandboxBlocked: true, body: { name: 'Renamed' } },
    { name: '4.9', method: 'GET', path: `/audience/contacts/${f.contacts[0]}`, scope: 'audience:read', sandboxBlocked: false },
    { name: '4.10', method: 'PATCH', path: `/audience/properties/${f.properties[0]}`, scope: 'audience:write', sandboxBlocked: true, body: { fallback_value: 'friend' } },
    { name: '4.11', method: 'GET', path: `/audience/segments/${f.segments[0]}`, scope: 'audience:read', sandboxBlocked: false },
    { name: '4.12', method: 'POST', path: '/audience/contacts/lists/bulk', scope: 'audience:write', sandboxBlocked: true, body: pair },
    { name: '4.13', method: 'DELETE', path: '/audience/contacts/lists/bulk', scope: 'audience:write', sandboxBlocked: true, body: pair },
    { name: '4.14', method: 'GET', path: '/webhooks', scope: 'webhooks:read', sandboxBlocked: false },
    { name: '4.15', method: 'PUT', path: `/webhooks/${f.webhooks[0]}`, scope: 'webhooks:write', sandboxBlocked: false, body: { name: 'Renamed hook' } },
  ];
}

let emu: Emulator;
beforeEach(async () => {
  // The sandbox key's budget (10 a minute) is tested in test/hostile/sandbox-keys.test.ts; here
  // the sandbox key walks all 15 operations, so it is off.
  emu = await startEmulator({ events: 300, sandboxBudget: false });
});
afterEach(async () => {
  await emu.close();
});

describe('keys (service-notes: lttr_<64 chars>, lttr_sandbox_<64 chars>)', () => {
  it('has four distinct keys of the real form, sandbox recognisable by its second segment', () => {
    const { full, read_only, sandbox, other_team } = emu.keys;
    for (const k of [full, read_only, other_team]) expect(k).toMatch(/^lttr_[A-Za-z0-9]{64}$/);
    expect(sandbox).toMatch(/^lttr_sandbox_[A-Za-z0-9]{64}$/);
    expect(new Set([full, read_only, sandbox, other_team]).size).toBe(4);
  });

  it('derives keys and data from the seed', async () => {
    const same = await startEmulator({ events: 300 });
    const other = await startEmulator({ events: 300, seed: 2 });
    try {
      expect(same.keys).toEqual(emu.keys);
      expect(same.fixtures).toEqual(emu.fixtures);
      expect(other.keys.full).not.toBe(emu.keys.full);
      expect(other.fixtures.campaigns.draft).not.toBe(emu.fixtures.campaigns.draft);
    } finally {
      await Promise.all([same.close(), other.close()]);
    }
  });
});

describe('authentication (401 without error_code)', () => {
  it('answers 401 "API key is required." to every operation sent without a key', async () => {
    for (const op of operations(emu)) {
      const a = await call(emu, op.method, op.path, { key: null, body: op.body });
      expect(a.status, op.name).toBe(401);
      expect(a.body, op.name).toEqual({ message: 'API key is required.' });
    }
  });

  it('answers 401 "Invalid API key." to an unknown key or another scheme', async () => {
    // spec 1.2: the header is `Bearer <API_KEY>`; a valid key sent bare, without the scheme, is no key
    for (const headers of [{ Authorization: 'Bearer live_nope' }, { Authorization: `Basic ${emu.keys.full}` }, { Authorization: emu.keys.full }]) {
      const a = await call(emu, 'GET', '/campaigns', { key: null, headers });
      expect(a.status).toBe(401);
      expect(a.body).toEqual({ message: 'Invalid API key.' });
    }
  });

  it('treats an empty bearer token as a missing key', async () => {
    const a = await call(emu, 'GET', '/campaigns', { key: null, headers: { Authorization: 'Bearer ' } });
    expect(a.status).toBe(401);
    expect(a.body).toEqual({ message: 'API key is required.' });
  });
});

describe('scopes and key kinds', () => {
  it('lets the full key perform all 15 operations, each answer with a message', async () => {
    for (const op of operations(emu)) {
      const a = await call(emu, op.method, op.path, { body: op.body });
      expect(a.status, `${op.name} ${a.text}`).toBe(200);
      expect(typeof a.body.message, op.name).toBe('string');
      expect(a.body.data, op.name).toBeDefined();
    }
  });

  it('refuses the read-only key every write with 403 insufficient_scope and allows every read', async () => {
    for (const op of operations(emu)) {
      const a = await call(emu, op.method, op.path, { key: emu.keys.read_only, body: op.body });
      if (op.scope.endsWith(':write')) {
        expect(a.status, op.name).toBe(403);
        expect(a.body.error_code, op.name).toBe('insufficient_scope');
        expect(typeof a.body.message).toBe('string');
      } else {
        expect(a.status, op.name).toBe(200);
      }
    }
  });

  it('refuses the sandbox key the six writes of spec 5 with 403 sandbox_restricted, and nothing else', async () => {
    const ops = operations(emu);
    expect(ops.filter((o) => o.sandboxBlocked).map((o) => o.name)).toEqual(['4.6', '4.7', '4.8', '4.10', '4.12', '4.13']);
    for (const op of ops) {
      const a = await call(emu, op.method, op.path, { key: emu.keys.sandbox, body: op.body });
      if (op.sandboxBlocked) {
        expect(a.status, op.name).toBe(403);
        expect(a.body.error_code, op.name).toBe('sandbox_restricted');
      } else {
        expect(a.status, `${op.name} ${a.text}`).toBe(200);
      }
    }
  });

  it('changes nothing when the sandbox key is refused', async () => {
    const topic = emu.fixtures.topics[0];
    const before = emu.store.teams.main.topics.get(topic as string)?.name;
    await call(emu, 'PATCH', `/audience/topics/${topic}`, { key: emu.keys.sandbox, body: { name: 'Sandboxed' } });
    const c = await get(emu, `/campaigns/${emu.fixtures.campaigns.scheduled}`);
    await call(emu, 'POST', `/campaigns/${emu.fixtures.campaigns.scheduled}/unschedule`, { key: emu.keys.sandbox });
    expect(emu.store.teams.main.topics.get(topic as string)?.name).toBe(before);
    expect((await get(emu, `/campaigns/${emu.fixtures.campaigns.scheduled}`)).body.data.status).toBe(c.body.data.status);
  });
});

describe('team separation (spec 5: data is scoped to the key\'s team)', () => {
  it('answers 404 not_found to the other team for every id of the main team', async () => {
    const f = emu.fixtures;
    const key = emu.keys.other_team;
    const paths = [
      `/emails/${f.requestIds[0]}`,
      `/campaigns/${f.campaigns.sent}`,
      `/campaigns/${f.campaignWithEvents}/events`,
      `/audience/contacts/${f.contacts[0]}`,
      `/audience/segments/${f.segments[0]}`,
    ];
    for (const p of paths) {
      const a = await get(emu, p, { key });
      expect(a.status, p).toBe(404);
      expect(a.body.error_code, p).toBe('not_found');
    }
    const hook = await call(emu, 'PUT', `/webhooks/${f.webhooks[0]}`, { key, body: { name: 'stolen' } });
    expect(hook.status).toBe(404);
    const topic = await call(emu, 'PATCH', `/audience/topics/${f.topics[0]}`, { key, body: { name: 'stolen' } });
    expect(topic.status).toBe(404);
  });

  it('lists only the team\'s own campaigns, webhooks and events', async () => {
    const f = emu.fixtures;
    const camps = await get(emu, '/campaigns', { key: emu.keys.other_team, query: { per_page: 100 } });
    expect(camps.body.data.campaigns.map((c: { id: string }) => c.id).sort()).toEqual([...f.otherTeam.campaigns].sort());
    const hooks = await get(emu, '/webhooks', { key: emu.keys.other_team });
    expect(hooks.body.data.webhooks.map((w: { id: string }) => w.id)).toEqual(f.otherTeam.webhooks);
    const mainHooks = await get(emu, '/webhooks');
    expect(mainHooks.body.data.webhooks.map((w: { id: string }) => w.id)).toEqual(f.webhooks);
    const other = await get(emu, '/emails/events', { key: emu.keys.other_team, query: { per_page: 100 } });
    const mainIds = new Set(
      (await get(emu, '/emails/events', { query: { per_page: 100 } })).body.data.events.data.map((e: { request_id: string }) => e.request_id),
    );
    expect(other.body.data.events.total_count).toBe(emu.store.teams.other.events.length);
    for (const e of other.body.data.events.data) expect(mainIds.has(e.request_id)).toBe(false);
  });

  it('serves the other team its own records', async () => {
    const o = emu.fixtures.otherTeam;
    const key = emu.keys.other_team;
    expect((await get(emu, `/campaigns/${o.campaigns[0]}`, { key })).status).toBe(200);
    expect((await get(emu, `/audience/contacts/${o.contacts[0]}`, { key })).status).toBe(200);
    expect((await get(emu, `/campaigns/${o.campaigns[0]}`)).status).toBe(404);
  });
});

describe('answers shared by every route', () => {
  it('answers an unknown route with 404 JSON, with or without a key', async () => {
    for (const [method, path, key] of [
      ['GET', '/nope', emu.keys.full],
      ['GET', '/nope', null],
      ['DELETE', '/nope/deeper', emu.keys.full],
      ['OPTIONS', '/nope', null],
      ['GET', '/', emu.keys.full],
    ] as const) {
      const a = await call(emu, method, path, { key });
      expect(a.status, `${method} ${path}`).toBe(404);
      expect(a.headers.get('content-type')).toMatch(/application\/json/);
      expect(a.body.error_code).toBe('not_found');
      expect(typeof a.body.message).toBe('string');
      expect(a.headers.get('x-ratelimit-limit'), `${method} ${path}`).toMatch(/^\d+$/);
    }
  });

  it('answers another method on a known path with 405, its Allow header and a JSON body, before reading a key', async () => {
    for (const [method, path, key, allow] of [
      ['DELETE', '/campaigns', emu.keys.full, 'GET, HEAD, OPTIONS'],
      ['PATCH', '/webhooks', emu.keys.full, 'GET, HEAD, POST, OPTIONS'],
      ['POST', '/emails/events', null, 'GET, HEAD, OPTIONS'],
      ['GET', '/campaigns/x/schedule', 'lttr_not_a_key', 'POST, OPTIONS'],
      ['PUT', `/audience/topics/${emu.fixtures.topics[0]}`, emu.keys.full, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ] as const) {
      const before = emu.requests.length;
      const a = await call(emu, method, path, { key, ...(method === 'GET' ? {} : { body: {} }) });
      expect([a.status, a.body?.error_code, a.headers.get('allow')], `${method} ${path}`).toEqual([405, 'method_not_allowed', allow]);
      expect(a.body.message).toContain(method);
      expect(a.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(emu.requests.length).toBe(before + 1);
    }
    // nothing changed: the topic still has its name
    expect((await get(emu, `/audience/topics/${emu.fixtures.topics[0]}`)).status).toBe(200);
  });

  it('answers a path whose id is malformed percent-encoding 404 not_found for every method: no such resource, not a 405', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const a = await call(emu, method, '/audience/lists/%ZZ', { key: emu.keys.full, ...(method === 'GET' ? {} : { body: {} }) });
      expect([a.status, a.body?.error_code, a.headers.get('allow')], method).toEqual([404, 'not_found', null]);
    }
  });

  it('answers HEAD on every GET route as the GET, headers only', async () => {
    const gotten = await get(emu, '/campaigns');
    const res = await fetch(`${emu.baseUrl}/campaigns`, { method: 'HEAD', headers: { Authorization: `Bearer ${emu.keys.full}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(gotten.text)));
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    // authentication and scope apply as they do to the GET
    const anon = await fetch(`${emu.baseUrl}/campaigns`, { method: 'HEAD' });
    expect(anon.status).toBe(401);
    const health = await fetch(`${emu.baseUrl}/health`, { method: 'HEAD' });
    expect(health.status).toBe(200);
    expect(emu.requests.at(-1)?.method).toBe('HEAD');
  });

  it('answers OPTIONS on a known path with 204 and Allow, without a key', async () => {
    const res = await fetch(`${emu.baseUrl}/webhooks/${emu.fixtures.webhooks[0]}`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });

  it('answers a body that is not JSON with the documented 422 validation body and changes nothing', async () => {
    const topic = emu.fixtures.topics[0] as string;
    const before = emu.store.teams.main.topics.get(topic)?.name;
    const a = await call(emu, 'PATCH', `/audience/topics/${topic}`, { rawBody: '{"name": "half' });
    expect(a.status).toBe(422);
    expect(a.body).toEqual({ message: 'Validation failed.', error_code: 'validation_error', errors: { body: [expect.any(String)] } });
    expect(emu.store.teams.main.topics.get(topic)?.name).toBe(before);
    // the same on an operation that documents no 400 at all (POST /domains: 201, 401, 409, 422, 500)
    const d = await call(emu, 'POST', '/domains', { rawBody: '{"domain":' });
    expect([d.status, d.body.error_code, errorFields(d)]).toEqual([422, 'validation_error', ['body']]);
  });

  it('accepts a trailing slash on a path, logging the path as sent', async () => {
    expect((await get(emu, '/campaigns/')).status).toBe(200);
    expect(emu.requests.at(-1)?.path).toBe('/campaigns/');
  });
});
