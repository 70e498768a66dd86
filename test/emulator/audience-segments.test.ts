// Spec 4.48 to 4.51 (with base 4.11): segments, their conditions (2.14), the list filter, and the
// contacts they match (the listing's segment_id filter).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SEGMENT_KEYS = ['cached_contacts_count', 'condition_groups', 'created_at', 'id', 'list_id', 'list_name', 'name'];

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 20, contacts: 80 });
});
afterEach(async () => {
  await emu.close();
});

const where = (...groups: Array<Array<[string, string, string | null]>>) => ({
  groups: groups.map((g) => ({ conditions: g.map(([field, operator, value]) => ({ field, operator, value })) })),
});
const createSegment = (body: unknown) => call(emu, 'POST', '/audience/segments', { body });
const members = async (segmentId: string) =>
  (await get(emu, '/audience/contacts', { query: { segment_id: segmentId, per_page: 100 } })).body.data;

describe('4.48 list segments', () => {
  it('lists segments with the show answer\'s fields and the 2.12 pagination', async () => {
    const a = await get(emu, '/audience/segments');
    expect(a.status).toBe(200);
    expect(a.body.data.pagination).toEqual({ total: 4, per_page: 20, current_page: 1, last_page: 1 });
    for (const s of a.body.data.segments) {
      expect(Object.keys(s).sort()).toEqual(SEGMENT_KEYS);
      expect((await get(emu, `/audience/segments/${s.id}`)).body.data).toEqual(s);
      // base 2.9: created_at is an ISO 8601 string; spec 2.15 lets list_id, list_name and
      // cached_contacts_count be null, not created_at
      expect(Date.parse(s.created_at), s.name).not.toBeNaN();
    }
  });

  it('counts each seeded segment as its conditions and list match (its contacts under segment_id)', async () => {
    for (const s of (await get(emu, '/audience/segments')).body.data.segments) {
      if (s.cached_contacts_count === null) continue; // the seeded segment never counted (spec 2.15)
      expect(s.cached_contacts_count, s.name).toBe((await members(s.id)).pagination.total);
    }
  });

  it('filters by list_id, which must be a list of the team', async () => {
    const listId = emu.fixtures.lists[1] as string;
    const a = await get(emu, '/audience/segments', { query: { list_id: listId } });
    expect(a.body.data.segments.map((s: { id: string }) => s.id)).toEqual([emu.fixtures.segments[1]]);
    expect(a.body.data.pagination.total).toBe(1);
    const otherList = [...emu.store.teams.other.lists.keys()][0] as string;
    for (const list_id of [otherList, UNKNOWN, 'list']) {
      expect(errorFields(await get(emu, '/audience/segments', { query: { list_id } }))).toEqual(['list_id']);
    }
    expect(errorFields(await get(emu, '/audience/segments', { query: { page: -1 } }))).toEqual(['page']);
  });
});

describe('4.49 to 4.51: a segment from creation to deletion', () => {
  it('creates (201) with condition_groups and a count, lists it first, updates, deletes (204), then 404', async () => {
    const team = emu.store.teams.main;
    const a = await createSegment({ name: 'Pro or enterprise', conditions: where([['plan', 'equals', 'pro'], ['properties.plan', 'equals', 'enterprise']]) });
    expect(a.status).toBe(201);
    const s = a.body.data;
    const expected = [...team.contacts.values()].filter((c) => ['pro', 'enterprise'].includes(c.properties.plan as string)).length;
    expect(s).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Pro or enterprise', list_id: null, list_name: null,
      condition_groups: [{ conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }, { field: 'properties.plan', operator: 'equals', value: 'enterprise' }] }],
      cached_contacts_count: expected, created_at: expect.any(String),
    });
    expect((await get(emu, '/audience/segments')).body.data.segments[0]).toEqual(s);
    expect((await get(emu, `/audience/segments/${s.id}`)).body.data).toEqual(s);
    expect((await members(s.id)).pagination.total).toBe(expected);

    const listId = emu.fixtures.lists[0] as string;
    const u = await call(emu, 'PATCH', `/audience/segments/${s.id}`, { body: { list_id: listId, name: 'Pro in the newsletter' } });
    expect(u.status).toBe(200);
    const inList = [...team.contacts.values()].filter((c) => c.listIds.has(listId) && ['pro', 'enterprise'].includes(c.properties.plan as string));
    expect(u.body.data).toMatchObject({ name: 'Pro in the newsletter', list_id: listId, list_name: team.lists.get(listId)?.name, cached_contacts_count: inList.length });
    expect(u.body.data.condition_groups).toEqual(s.condition_groups);
    const same = await call(emu, 'PATCH', `/audience/segments/${s.id}`, { body: {} });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(u.body.data);
    const wide = await call(emu, 'PATCH', `/audience/segments/${s.id}`, { body: { list_id: null, conditions: where([['status', 'equals', 'bounced']]) } });
    expect(wide.body.data).toMatchObject({ list_id: null, list_name: null, condition_groups: [{ conditions: [{ field: 'status', operator: 'equals', value: 'bounced' }] }] });
    expect((await members(s.id)).contacts.every((c: { status: string }) => c.status === 'bounced')).toBe(true);

    const gone = await call(emu, 'DELETE', `/audience/segments/${s.id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const again = await call(emu, method, `/audience/segments/${s.id}`, { body });
      expect(again.status, method).toBe(404);
      expect(again.body).toEqual({ message: 'Segment not found.', error_code: 'not_found' });
    }
    expect(errorFields(await get(emu, '/audience/contacts', { query: { segment_id: s.id } }))).toEqual(['segment_id']);
  });

  it('combines conditions with OR inside a group and groups with AND, and counts new contacts', async () => {
    await call(emu, 'POST', '/audience/contacts', { body: { email: 'zed@segment.example', properties: { plan: 'pro', country: 'FR' } } });
    await call(emu, 'POST', '/audience/contacts', { body: { email: 'amy@segment.example', properties: { plan: 'free', country: 'FR' } } });
    await call(emu, 'POST', '/audience/contacts/bulk', { body: { emails: ['bulk@segment.example'], properties: { plan: 'pro' } } });
    const s = (await createSegment({
      name: 'Segment example, pro or French',
      conditions: where([['email', 'ends_with', '@segment.example']], [['plan', 'equals', 'pro'], ['country', 'equals', 'FR']]),
    })).body.data;
    expect(s.cached_contacts_count).toBe(3);
    const fr = (await createSegment({ name: 'Not pro here', conditions: where([['email', 'contains', 'segment.example']], [['plan', 'not_equals', 'pro']]) })).body.data;
    expect((await members(fr.id)).contacts.map((c: { email: string }) => c.email)).toEqual(['amy@segment.example']);
  });

  it('takes is_true and is_false without a value, and keeps value null', async () => {
    const a = await createSegment({ name: 'Flags', conditions: where([['vip', 'is_true', null]], [['vip', 'is_false', null], ['vip', 'is_true', null]]) });
    expect(a.status).toBe(201);
    expect(a.body.data.condition_groups[0].conditions[0]).toEqual({ field: 'vip', operator: 'is_true', value: null });
    const b = await createSegment({ name: 'Flag without value key', conditions: { groups: [{ conditions: [{ field: 'vip', operator: 'is_false' }] }] } });
    expect(b.status).toBe(201);
  });

  it('validates name, list_id and every part of conditions, naming each element', async () => {
    const ok = where([['email', 'contains', 'x']]);
    const cases: Array<[unknown, string[]]> = [
      [{}, ['conditions', 'name']],
      [{ name: 'One known reader', conditions: ok }, ['name']],
      [{ name: 'n'.repeat(256), conditions: ok }, ['name']],
      [{ name: 'x', list_id: UNKNOWN, conditions: ok }, ['list_id']],
      [{ name: 'x', conditions: 'email contains x' }, ['conditions']],
      [{ name: 'x', conditions: {} }, ['conditions.groups']],
      [{ name: 'x', conditions: { groups: [{ conditions: [] }, {}] } }, ['conditions.groups.0.conditions', 'conditions.groups.1.conditions']],
      [{ name: 'x', conditions: where([['', 'equals', 'a'], ['email', 'like', 'a'], ['email', 'equals', null], ['f'.repeat(256), 'equals', 'v'.repeat(1001)]]) },
        ['conditions.groups.0.conditions.0.field', 'conditions.groups.0.conditions.1.operator', 'conditions.groups.0.conditions.2.value',
          'conditions.groups.0.conditions.3.field', 'conditions.groups.0.conditions.3.value']],
    ];
    for (const [body, fields] of cases) {
      const a = await createSegment(body);
      expect(a.status, JSON.stringify(body)).toBe(422);
      expect(errorFields(a), JSON.stringify(body)).toEqual(fields.sort());
    }
    const id = emu.fixtures.segments[2] as string;
    expect(errorFields(await call(emu, 'PATCH', `/audience/segments/${id}`, { body: { name: 'One known reader', conditions: { groups: 'all' } } })))
      .toEqual(['conditions.groups', 'name']);
    expect(emu.store.teams.main.segments.size).toBe(4);
  });

  it('answers a malformed id with 422 on update, 404 on delete (4.51: no 422), and an unknown one with 404', async () => {
    expect(errorFields(await call(emu, 'PATCH', '/audience/segments/s', { body: {} }))).toEqual(['segmentId']);
    expect((await call(emu, 'DELETE', '/audience/segments/s')).body).toEqual({ message: 'Segment not found.', error_code: 'not_found' });
    expect((await call(emu, 'DELETE', `/audience/segments/${UNKNOWN}`)).status).toBe(404);
  });

  it('widens a segment to all contacts when its list is deleted', async () => {
    const seg = emu.fixtures.segments[2] as string;
    const listId = emu.store.teams.main.segments.get(seg)!.list_id as string;
    await call(emu, 'DELETE', `/audience/lists/${listId}`);
    expect((await get(emu, `/audience/segments/${seg}`)).body.data).toMatchObject({ list_id: null, list_name: null });
  });
});
