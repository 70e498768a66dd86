// Spec 4.33 (bulk creation) and 4.36 to 4.39 (one contact's lists and topics), and how they share
// state with the listings, show and the base spec's bulk attach (4.12).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 20, contacts: 30 });
});
afterEach(async () => {
  await emu.close();
});

const bulk = (body: unknown) => call(emu, 'POST', '/audience/contacts/bulk', { body });
const byEmail = async (email: string) => {
  const a = await get(emu, '/audience/contacts', { query: { search: email } });
  return (a.body.data.contacts as Array<{ id: string; email: string; status: string; lists: Array<{ id: string }>; properties: object }>)
    .find((c) => c.email === email);
};

describe('4.33 create many contacts', () => {
  it('creates the new addresses (201) and counts them as already_existed the second time', async () => {
    const emails = Array.from({ length: 1000 }, (_, i) => `reader${i}@import.example`);
    const a = await bulk({ emails });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ message: expect.any(String), data: { created: 1000, already_existed: 0 } });
    expect((await get(emu, '/audience/contacts')).body.data.pagination.total).toBe(1030);
    const again = await bulk({ emails: [...emails.slice(0, 10), 'fresh@import.example'] });
    expect(again.body.data).toEqual({ created: 1, already_existed: 10 });
    expect((await get(emu, '/audience/contacts')).body.data.pagination.total).toBe(1031);
  });

  it('trims, lower-cases and de-duplicates the addresses first, and knows the seeded ones', async () => {
    const seeded = emu.store.teams.main.contacts.values().next().value!.email;
    const a = await bulk({ emails: ['  Mixed.Case@Import.Example ', 'mixed.case@import.example', seeded.toUpperCase()] });
    expect(a.body.data).toEqual({ created: 1, already_existed: 1 });
    const c = await byEmail('mixed.case@import.example');
    expect(c).toMatchObject({ status: 'subscribed' });
  });

  it('adds every created contact to list_id with the properties, and each can then change on its own', async () => {
    const listId = emu.fixtures.lists[3] as string;
    const before = (await get(emu, `/audience/lists/${listId}`)).body.data.contacts_count;
    const a = await bulk({ emails: ['one@batch.example', 'two@batch.example'], list_id: listId, properties: { plan: 'pro' } });
    expect(a.body.data).toEqual({ created: 2, already_existed: 0 });
    expect((await get(emu, `/audience/lists/${listId}`)).body.data.contacts_count).toBe(before + 2);
    const one = (await byEmail('one@batch.example'))!;
    const two = (await byEmail('two@batch.example'))!;
    expect(one.lists.map((l) => l.id)).toEqual([listId]);
    expect(one.properties).toEqual({ plan: 'pro' });

    // A created contact can be attached, in bulk (base 4.12) and one by one (4.36).
    const other = emu.fixtures.lists[4] as string;
    const attached = await call(emu, 'POST', '/audience/contacts/lists/bulk', { body: { contact_ids: [one.id], list_ids: [other, listId] } });
    expect(attached.body.data).toEqual({ attached: 1, already_attached: 1, total_pairs: 2 });
    expect((await call(emu, 'DELETE', `/audience/contacts/${one.id}/lists/${listId}`)).status).toBe(204);
    await call(emu, 'PATCH', `/audience/contacts/${one.id}`, { body: { properties: { plan: 'free' } } });
    expect((await get(emu, `/audience/contacts/${one.id}`)).body.data).toMatchObject({ lists: [{ id: other }], properties: { plan: 'free' } });
    // Its batch sibling is untouched.
    expect((await get(emu, `/audience/contacts/${two.id}`)).body.data).toMatchObject({ lists: [{ id: listId }], properties: { plan: 'pro' } });
    expect((await get(emu, '/audience/contacts', { query: { list_id: listId, search: 'batch.example' } })).body.data.contacts
      .map((c: { email: string }) => c.email)).toEqual(['two@batch.example']);
  });

  it('validates emails (1 to 1000, each an address of at most 255), list_id and properties, creating nothing', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['emails']],
      [{ emails: [] }, ['emails']],
      [{ emails: 'a@b.example' }, ['emails']],
      [{ emails: Array.from({ length: 1001 }, (_, i) => `r${i}@x.example`) }, ['emails']],
      [{ emails: ['ok@x.example', 'not an address', 7, `${'a'.repeat(250)}@x.example`] }, ['emails.1', 'emails.2', 'emails.3']],
      [{ emails: ['ok@x.example'], list_id: UNKNOWN }, ['list_id']],
      [{ emails: ['ok@x.example'], properties: { nope: 'x', plan: 'p'.repeat(1001) } }, ['properties.nope', 'properties.plan']],
    ];
    for (const [body, fields] of cases) {
      const a = await bulk(body);
      expect(a.status).toBe(422);
      expect(errorFields(a)).toEqual(fields);
    }
    expect(emu.store.teams.main.contacts.size).toBe(30);
  });
});

describe('4.36 to 4.39 one contact\'s lists and topics', () => {
  it('adds to a list with 201, then 200; removes with 204 whether or not it was there', async () => {
    const contact = (await call(emu, 'POST', '/audience/contacts', { body: { email: 'member@example.net' } })).body.data;
    const listId = emu.fixtures.lists[0] as string;
    const path = `/audience/contacts/${contact.id}/lists/${listId}`;
    const a = await call(emu, 'POST', path);
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ message: expect.any(String) });
    const b = await call(emu, 'POST', path);
    expect(b.status).toBe(200);
    expect(b.body).toEqual({ message: expect.any(String) });
    expect((await get(emu, `/audience/contacts/${contact.id}`)).body.data.lists.map((l: { id: string }) => l.id)).toEqual([listId]);
    for (let i = 0; i < 2; i++) {
      const d = await call(emu, 'DELETE', path);
      expect(d.status).toBe(204);
      expect(d.text).toBe('');
    }
    expect((await get(emu, `/audience/contacts/${contact.id}`)).body.data.lists).toEqual([]);
  });

  it('subscribes to a topic with 201, then 200; unsubscribes with 204; the topic counts it', async () => {
    const topic = (await call(emu, 'POST', '/audience/topics', { body: { name: 'Changelog' } })).body.data;
    const contact = emu.fixtures.contacts[0] as string;
    const path = `/audience/contacts/${contact}/topics/${topic.id}`;
    expect((await call(emu, 'POST', path)).status).toBe(201);
    expect((await call(emu, 'POST', path)).status).toBe(200);
    expect((await get(emu, `/audience/topics/${topic.id}`)).body.data.contacts_count).toBe(1);
    expect((await get(emu, `/audience/contacts/${contact}`)).body.data.topics).toContainEqual({ id: topic.id, name: 'Changelog' });
    expect((await call(emu, 'DELETE', path)).status).toBe(204);
    expect((await call(emu, 'DELETE', path)).status).toBe(204);
    expect((await get(emu, `/audience/topics/${topic.id}`)).body.data.contacts_count).toBe(0);
  });

  it('answers 404 for a contact, list or topic that is not the team\'s or a malformed id (4.36 to 4.39 document no 422)', async () => {
    const c = emu.fixtures.contacts[0] as string;
    const l = emu.fixtures.lists[0] as string;
    const t = emu.fixtures.topics[0] as string;
    const otherContact = emu.fixtures.otherTeam.contacts[0] as string;
    const otherTopic = emu.fixtures.otherTeam.topics[0] as string;
    const cases: Array<[string, string]> = [
      [`/audience/contacts/${UNKNOWN}/lists/${l}`, 'Contact not found.'],
      [`/audience/contacts/${otherContact}/lists/${l}`, 'Contact not found.'],
      [`/audience/contacts/${c}/lists/${UNKNOWN}`, 'List not found.'],
      [`/audience/contacts/${c}/topics/${otherTopic}`, 'Topic not found.'],
      [`/audience/contacts/${otherContact}/topics/${t}`, 'Contact not found.'],
      [`/audience/contacts/x/lists/y`, 'Contact not found.'],
      [`/audience/contacts/${c}/lists/y`, 'List not found.'],
      [`/audience/contacts/${c}/topics/t`, 'Topic not found.'],
    ];
    for (const [path, message] of cases) {
      for (const method of ['POST', 'DELETE']) {
        const a = await call(emu, method, path);
        expect(a.status, `${method} ${path}`).toBe(404);
        expect(a.body).toEqual({ message, error_code: 'not_found' });
      }
    }
  });
});
