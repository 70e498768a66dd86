// Spec 4.8 to 4.13: topics, contacts, properties, segments and bulk list membership.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 50, contacts: 1000 });
});
afterEach(async () => {
  await emu.close();
});

const patchTopic = (id: string, body: unknown) => call(emu, 'PATCH', `/audience/topics/${id}`, { body });
const patchProperty = (id: string, body: unknown) => call(emu, 'PATCH', `/audience/properties/${id}`, { body });
const attach = (body: unknown) => call(emu, 'POST', '/audience/contacts/lists/bulk', { body });
const detach = (body: unknown) => call(emu, 'DELETE', '/audience/contacts/lists/bulk', { body });
const listsOf = async (contact: string) =>
  ((await get(emu, `/audience/contacts/${contact}`)).body.data.lists as Array<{ id: string }>).map((l) => l.id);

describe('4.8 update a topic', () => {
  it('changes only the fields sent and answers the 2.6 topic', async () => {
    const id = emu.fixtures.topics[0] as string;
    const a = await patchTopic(id, { name: 'Product news' });
    expect(a.status).toBe(200);
    const t = a.body.data;
    expect(t).toMatchObject({ id, name: 'Product news', default_subscription: 'opt_in' });
    expect(['private', 'public']).toContain(t.visibility);
    const members = [...emu.store.teams.main.contacts.values()].filter((c) => c.topicIds.has(id)).length;
    expect(t.contacts_count).toBe(members);
    const b = await patchTopic(id, { description: null, visibility: 'private' });
    expect(b.body.data).toMatchObject({ name: 'Product news', description: null, visibility: 'private' });
    const c = await patchTopic(id, {});
    expect(c.status).toBe(200);
    expect(c.body.data).toEqual(b.body.data);
  });

  it('refuses default_subscription with 422 and changes nothing', async () => {
    const id = emu.fixtures.topics[0] as string;
    const a = await patchTopic(id, { name: 'Changed', default_subscription: 'opt_out' });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['default_subscription']);
    expect(emu.store.teams.main.topics.get(id)?.name).not.toBe('Changed');
  });

  it('enforces the lengths and values of section 8', async () => {
    const id = emu.fixtures.topics[1] as string;
    expect((await patchTopic(id, { name: 'n'.repeat(255), description: 'd'.repeat(1000) })).status).toBe(200);
    const a = await patchTopic(id, { name: 'n'.repeat(256), description: 'd'.repeat(1001), visibility: 'secret' });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['description', 'name', 'visibility']);
    expect(errorFields(await patchTopic(id, { name: null }))).toEqual(['name']);
    expect(errorFields(await patchTopic(id, { name: 42 }))).toEqual(['name']);
    // a name of white space only is no name, as on create
    const blank = await patchTopic(id, { name: '   ' });
    expect([blank.status, blank.body.errors]).toEqual([422, { name: ['The name field is required.'] }]);
  });

  it('answers a malformed id with 422 and an unknown one with 404 Topic not found.', async () => {
    expect(errorFields(await patchTopic('topic-1', { name: 'x' }))).toEqual(['topicId']);
    const a = await patchTopic(UNKNOWN, { name: 'x' });
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ message: 'Topic not found.', error_code: 'not_found' });
  });
});

describe('4.9 show a contact', () => {
  it('answers the 2.7 contact with its lists and topics', async () => {
    const id = emu.fixtures.contacts[0] as string;
    const a = await get(emu, `/audience/contacts/${id}`);
    expect(a.status).toBe(200);
    const c = a.body.data;
    expect(c.id).toBe(id);
    expect(c.email).toMatch(/^[^@]+@[^@]+\.[^@]+$/);
    expect(typeof c.status).toBe('string');
    expect(typeof c.properties).toBe('object');
    const stored = emu.store.teams.main.contacts.get(id);
    expect(c.lists.map((l: { id: string }) => l.id).sort()).toEqual([...(stored?.listIds ?? [])].sort());
    for (const l of [...c.lists, ...c.topics]) expect(Object.keys(l).sort()).toEqual(['id', 'name']);
  });

  it('answers a malformed or unknown id with 404 Contact not found. (no 422 is documented)', async () => {
    const a = await get(emu, '/audience/contacts/42');
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ message: 'Contact not found.', error_code: 'not_found' });
    expect((await get(emu, `/audience/contacts/${UNKNOWN}`)).body.message).toBe('Contact not found.');
  });
});

describe('4.10 update a property', () => {
  it('sets fallback_value to a string or null', async () => {
    const id = emu.fixtures.properties[0] as string;
    const a = await patchProperty(id, { fallback_value: 'friend' });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ id, fallback_value: 'friend', type: 'string' });
    expect((await patchProperty(id, { fallback_value: null })).body.data.fallback_value).toBeNull();
    expect((await patchProperty(id, { fallback_value: 'f'.repeat(255) })).status).toBe(200);
  });

  it('returns the property unchanged with 200 when no recognised field is sent', async () => {
    const id = emu.fixtures.properties[0] as string;
    const before = (await patchProperty(id, { fallback_value: 'kept' })).body.data;
    for (const body of [{}, { colour: 'blue' }]) {
      const a = await patchProperty(id, body);
      expect(a.status).toBe(200);
      expect(a.body.data).toEqual(before);
    }
  });

  it('refuses name and type with 422 naming them, and changes nothing', async () => {
    const id = emu.fixtures.properties[0] as string;
    const before = emu.store.teams.main.properties.get(id)?.fallback_value;
    const a = await patchProperty(id, { name: 'x', type: 'number', fallback_value: 'changed' });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['name', 'type']);
    expect(emu.store.teams.main.properties.get(id)?.fallback_value).toBe(before);
  });

  it('refuses a fallback_value too long or not a string', async () => {
    const id = emu.fixtures.properties[0] as string;
    expect(errorFields(await patchProperty(id, { fallback_value: 'f'.repeat(256) }))).toEqual(['fallback_value']);
    expect(errorFields(await patchProperty(id, { fallback_value: 7 }))).toEqual(['fallback_value']);
  });

  it('answers a malformed id with 422 and an unknown one with 404', async () => {
    expect(errorFields(await patchProperty('p', {}))).toEqual(['propertyId']);
    expect((await patchProperty(UNKNOWN, {})).body.message).toBe('Property not found.');
  });
});

describe('4.11 show a segment', () => {
  it('answers the 2.9 segment with condition groups and its list', async () => {
    const a = await get(emu, `/audience/segments/${emu.fixtures.segments[0]}`);
    expect(a.status).toBe(200);
    const s = a.body.data;
    expect(s.list_id).toBe(emu.fixtures.lists[0]);
    expect(s.list_name).toBe(emu.store.teams.main.lists.get(s.list_id)?.name);
    expect(s.condition_groups.length).toBeGreaterThan(0);
    for (const g of s.condition_groups) {
      for (const c of g.conditions) expect(Object.keys(c).sort()).toEqual(['field', 'operator', 'value']);
    }
    expect(s.condition_groups[0].conditions[0]).toMatchObject({ field: 'email', operator: 'equals' });
  });

  it('has a segment with the nulls service-notes warns about, where spec 2.15 allows them', async () => {
    const all = await Promise.all(emu.fixtures.segments.map((id) => get(emu, `/audience/segments/${id}`)));
    const nulls = all.map((a) => a.body.data).find((s) => s.list_id === null);
    expect(nulls).toMatchObject({ list_id: null, list_name: null, cached_contacts_count: null });
    // base 2.9 types created_at as a string, and spec 2.15 does not make it nullable
    expect(Date.parse(nulls.created_at)).not.toBeNaN();
  });

  it('answers a malformed or unknown id with 404 (no 422 is documented)', async () => {
    expect((await get(emu, '/audience/segments/s')).body).toEqual({ message: 'Segment not found.', error_code: 'not_found' });
    expect((await get(emu, `/audience/segments/${UNKNOWN}`)).status).toBe(404);
  });
});

describe('4.12 / 4.13 bulk list membership', () => {
  it('counts pairs exactly and changes the contacts\' lists', async () => {
    const contacts = emu.fixtures.contacts.slice(0, 3);
    const lists = emu.fixtures.lists.slice(0, 2);
    let present = 0;
    for (const c of contacts) present += (await listsOf(c)).filter((l) => lists.includes(l)).length;
    const a = await attach({ contact_ids: contacts, list_ids: lists });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ attached: 6 - present, already_attached: present, total_pairs: 6 });
    for (const c of contacts) expect(await listsOf(c)).toEqual(expect.arrayContaining(lists));
    expect((await attach({ contact_ids: contacts, list_ids: lists })).body.data).toEqual({ attached: 0, already_attached: 6, total_pairs: 6 });

    const d = await detach({ contact_ids: contacts, list_ids: lists });
    expect(d.body.data).toEqual({ detached: 6, not_present: 0, total_pairs: 6 });
    for (const c of contacts) expect((await listsOf(c)).filter((l) => lists.includes(l))).toEqual([]);
    expect((await detach({ contact_ids: contacts, list_ids: lists })).body.data).toEqual({ detached: 0, not_present: 6, total_pairs: 6 });
  });

  it('counts a repeated pair once as attached, then as already attached', async () => {
    const c = emu.fixtures.contacts[0] as string;
    const l = emu.fixtures.lists[0] as string;
    await detach({ contact_ids: [c], list_ids: [l] });
    expect((await attach({ contact_ids: [c, c], list_ids: [l] })).body.data).toEqual({ attached: 1, already_attached: 1, total_pairs: 2 });
  });

  it('accepts 1000 contacts and 50 lists, refuses 1001 and 51 and empty arrays', async () => {
    const ids = emu.fixtures.contacts.slice(0, 1000);
    expect(ids).toHaveLength(1000);
    const lists50 = Array.from({ length: 50 }, (_, i) => emu.fixtures.lists[i % emu.fixtures.lists.length]);
    const ok = await attach({ contact_ids: ids, list_ids: lists50 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.total_pairs).toBe(50_000);
    const tooMany = await attach({ contact_ids: [...ids, UNKNOWN], list_ids: [...lists50, UNKNOWN] });
    expect(tooMany.status).toBe(422);
    expect(errorFields(tooMany)).toEqual(['contact_ids', 'list_ids']);
    expect(errorFields(await detach({ contact_ids: [], list_ids: [] }))).toEqual(['contact_ids', 'list_ids']);
  });

  it('names malformed elements, missing fields and non-arrays', async () => {
    const c = emu.fixtures.contacts[0];
    expect(errorFields(await attach({ contact_ids: [c, 'nope'], list_ids: [emu.fixtures.lists[0]] }))).toEqual(['contact_ids.1']);
    expect(errorFields(await attach({}))).toEqual(['contact_ids', 'list_ids']);
    expect(errorFields(await detach({ contact_ids: c, list_ids: 'x' }))).toEqual(['contact_ids', 'list_ids']);
  });

  it('refuses unknown ids (and the other team\'s) with 422, changing nothing at all', async () => {
    const c = emu.fixtures.contacts[0] as string;
    const l = emu.fixtures.lists[0] as string;
    await detach({ contact_ids: [c], list_ids: [l] });
    const a = await attach({ contact_ids: [c, UNKNOWN, emu.fixtures.otherTeam.contacts[0]], list_ids: [l] });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['contact_ids.1', 'contact_ids.2']);
    expect(await listsOf(c)).not.toContain(l);
    expect(errorFields(await detach({ contact_ids: [c], list_ids: [UNKNOWN] }))).toEqual(['list_ids.0']);
  });
});
