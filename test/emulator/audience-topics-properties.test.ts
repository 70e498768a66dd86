// Spec 4.40 to 4.47: topics and properties, from creation to deletion, with their validation.
// (Their updates, base 4.8 and 4.10, are in audience.test.ts.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const TOPIC_KEYS = ['contacts_count', 'created_at', 'default_subscription', 'description', 'id', 'name', 'visibility'];
const PROPERTY_KEYS = ['created_at', 'fallback_value', 'id', 'name', 'type'];

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 20, contacts: 40 });
});
afterEach(async () => {
  await emu.close();
});

describe('4.40 to 4.43 topics', () => {
  it('lists topics with the show answer\'s fields and the 2.12 pagination', async () => {
    const a = await get(emu, '/audience/topics');
    expect(a.status).toBe(200);
    expect(a.body.data.pagination).toEqual({ total: 4, per_page: 20, current_page: 1, last_page: 1 });
    for (const t of a.body.data.topics) {
      expect(Object.keys(t).sort()).toEqual(TOPIC_KEYS);
      expect((await get(emu, `/audience/topics/${t.id}`)).body.data).toEqual(t);
      const members = [...emu.store.teams.main.contacts.values()].filter((c) => c.topicIds.has(t.id)).length;
      expect(t.contacts_count).toBe(members);
    }
    const p = await get(emu, '/audience/topics', { query: { per_page: 3, page: 2 } });
    expect(p.body.data.pagination).toEqual({ total: 4, per_page: 3, current_page: 2, last_page: 2 });
    expect(p.body.data.topics).toHaveLength(1);
    expect(errorFields(await get(emu, '/audience/topics', { query: { per_page: 101, page: 0 } }))).toEqual(['page', 'per_page']);
  });

  it('creates with the defaults (201), lists it first, shows, deletes (204), then answers 404', async () => {
    const a = await call(emu, 'POST', '/audience/topics', { body: { name: 'Webinars' } });
    expect(a.status).toBe(201);
    const t = a.body.data;
    expect(t).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Webinars', description: null, default_subscription: 'opt_in',
      visibility: 'private', contacts_count: 0, created_at: expect.any(String),
    });
    expect((await get(emu, '/audience/topics')).body.data.topics[0]).toEqual(t);
    expect((await get(emu, `/audience/topics/${t.id}`)).body.data).toEqual(t);
    const full = await call(emu, 'POST', '/audience/topics', {
      body: { name: 'Research', description: 'Surveys', default_subscription: 'opt_out', visibility: 'public' },
    });
    expect(full.body.data).toMatchObject({ description: 'Surveys', default_subscription: 'opt_out', visibility: 'public' });

    const gone = await call(emu, 'DELETE', `/audience/topics/${t.id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const again = await call(emu, method, `/audience/topics/${t.id}`, { body });
      expect(again.status, method).toBe(404);
      expect(again.body).toEqual({ message: 'Topic not found.', error_code: 'not_found' });
    }
    expect((await get(emu, '/audience/topics')).body.data.pagination.total).toBe(5);
  });

  it('takes a deleted topic off its contacts', async () => {
    const id = emu.fixtures.topics[0] as string;
    const member = [...emu.store.teams.main.contacts.values()].find((c) => c.topicIds.has(id))!;
    await call(emu, 'DELETE', `/audience/topics/${id}`);
    const c = await get(emu, `/audience/contacts/${member.id}`);
    expect(c.body.data.topics.map((t: { id: string }) => t.id)).not.toContain(id);
  });

  it('validates the creation body', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['name']],
      [{ name: '' }, ['name']],
      [{ name: 'n'.repeat(256), description: 'd'.repeat(1001) }, ['description', 'name']],
      [{ name: 'x', description: 5, default_subscription: 'always', visibility: 'secret' }, ['default_subscription', 'description', 'visibility']],
    ];
    for (const [body, fields] of cases) {
      const a = await call(emu, 'POST', '/audience/topics', { body });
      expect(a.status).toBe(422);
      expect(errorFields(a)).toEqual(fields);
    }
    expect((await call(emu, 'POST', '/audience/topics', { body: { name: 'n'.repeat(255), description: 'd'.repeat(1000) } })).status).toBe(201);
  });

  it('answers a malformed or unknown id with 404 (4.42, 4.43 document no 422)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const a = await call(emu, method, '/audience/topics/t1');
      expect(a.status, method).toBe(404);
      expect(a.body).toEqual({ message: 'Topic not found.', error_code: 'not_found' });
    }
    expect((await get(emu, `/audience/topics/${UNKNOWN}`)).status).toBe(404);
    expect((await call(emu, 'DELETE', `/audience/topics/${UNKNOWN}`)).status).toBe(404);
  });
});

describe('4.44 to 4.47 properties', () => {
  it('lists properties with the show answer\'s fields and the 2.12 pagination', async () => {
    const a = await get(emu, '/audience/properties', { query: { per_page: 4 } });
    expect(a.status).toBe(200);
    expect(a.body.data.pagination).toEqual({ total: 6, per_page: 4, current_page: 1, last_page: 2 });
    for (const p of a.body.data.properties) {
      expect(Object.keys(p).sort()).toEqual(PROPERTY_KEYS);
      expect((await get(emu, `/audience/properties/${p.id}`)).body.data).toEqual(p);
    }
    // base 2.8: created_at is an ISO 8601 string, never null (unlike a topic's, spec 2.15)
    const all = (await get(emu, '/audience/properties', { query: { per_page: 100 } })).body.data.properties;
    expect(all).toHaveLength(6);
    for (const p of all) expect(Date.parse(p.created_at), p.name).not.toBeNaN();
    expect(errorFields(await get(emu, '/audience/properties', { query: { per_page: 'all' } }))).toEqual(['per_page']);
  });

  it('creates (201), lists it first, shows, deletes (204), then answers 404; the name is free again', async () => {
    const a = await call(emu, 'POST', '/audience/properties', { body: { name: 'lifetime_value', type: 'number', fallback_value: '0' } });
    expect(a.status).toBe(201);
    const p = a.body.data;
    expect(p).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'lifetime_value', type: 'number', fallback_value: '0', created_at: expect.any(String) });
    expect((await get(emu, '/audience/properties')).body.data.properties[0]).toEqual(p);
    expect((await get(emu, `/audience/properties/${p.id}`)).body.data).toEqual(p);
    // A contact may now carry it.
    const c = await call(emu, 'POST', '/audience/contacts', { body: { email: 'valued@example.net', properties: { lifetime_value: '12' } } });
    expect(c.status).toBe(201);

    expect((await call(emu, 'DELETE', `/audience/properties/${p.id}`)).status).toBe(204);
    for (const [method, body] of [['GET'], ['PATCH', { fallback_value: 'x' }], ['DELETE']] as const) {
      const again = await call(emu, method, `/audience/properties/${p.id}`, { body });
      expect(again.status, method).toBe(404);
      expect(again.body).toEqual({ message: 'Property not found.', error_code: 'not_found' });
    }
    expect((await call(emu, 'POST', '/audience/properties', { body: { name: 'lifetime_value', type: 'string' } })).status).toBe(201);
  });

  it('answers 409 resource_already_exists for a name the team has', async () => {
    const a = await call(emu, 'POST', '/audience/properties', { body: { name: 'first_name', type: 'string' } });
    expect(a.status).toBe(409);
    expect(a.body).toEqual({ message: expect.any(String), error_code: 'resource_already_exists' });
    expect(emu.store.teams.main.properties.size).toBe(6);
  });

  it('validates name (pattern, length), type and fallback_value', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['name', 'type']],
      [{ name: 'First_Name', type: 'string' }, ['name']],
      [{ name: '1st', type: 'string' }, ['name']],
      [{ name: '_x', type: 'string' }, ['name']],
      [{ name: 'has space', type: 'string' }, ['name']],
      [{ name: `a${'b'.repeat(255)}`, type: 'string' }, ['name']],
      [{ name: 'ok_name', type: 'text' }, ['type']],
      [{ name: 'ok_name', type: 'string', fallback_value: 'f'.repeat(256) }, ['fallback_value']],
      [{ name: 'ok_name', type: 'string', fallback_value: 3 }, ['fallback_value']],
    ];
    for (const [body, fields] of cases) {
      const a = await call(emu, 'POST', '/audience/properties', { body });
      expect(a.status, JSON.stringify(body)).toBe(422);
      expect(errorFields(a)).toEqual(fields);
    }
    for (const type of ['string', 'number', 'boolean', 'date', 'json']) {
      const a = await call(emu, 'POST', '/audience/properties', { body: { name: `p_${type}2`, type, fallback_value: null } });
      expect(a.status, type).toBe(201);
      expect(a.body.data.fallback_value).toBeNull();
    }
  });

  it('answers a malformed or unknown id with 404 (4.46, 4.47 document no 422)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const a = await call(emu, method, '/audience/properties/p');
      expect(a.status, method).toBe(404);
      expect(a.body).toEqual({ message: 'Property not found.', error_code: 'not_found' });
    }
    expect((await call(emu, 'DELETE', `/audience/properties/${UNKNOWN}`)).status).toBe(404);
  });
});
