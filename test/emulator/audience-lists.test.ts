// Spec 4.25 to 4.30: audience lists, their page-number pagination (1.3, 2.12) and validation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 20, contacts: 40 });
});
afterEach(async () => {
  await emu.close();
});

const createList = (body: unknown) => call(emu, 'POST', '/audience/lists', { body });
const listIds = async (query: Record<string, number> = { per_page: 100 }) =>
  ((await get(emu, '/audience/lists', { query })).body.data.lists as Array<{ id: string }>).map((l) => l.id);

describe('4.25 list audience lists', () => {
  it('answers data.lists of 2.11 lists with contacts_count, and the 2.12 pagination', async () => {
    const a = await get(emu, '/audience/lists');
    expect(a.status).toBe(200);
    expect(Object.keys(a.body).sort()).toEqual(['data', 'message']);
    expect(Object.keys(a.body.data).sort()).toEqual(['lists', 'pagination']);
    expect(a.body.data.pagination).toEqual({ total: 6, per_page: 20, current_page: 1, last_page: 1 });
    const team = emu.store.teams.main;
    for (const l of a.body.data.lists) {
      expect(Object.keys(l).sort()).toEqual(['contacts_count', 'id', 'name']);
      const members = [...team.contacts.values()].filter((c) => c.listIds.has(l.id)).length;
      expect(l.contacts_count).toBe(members);
    }
  });

  it('pages by page and per_page, last_page at least 1, and past the end an empty page', async () => {
    const a = await get(emu, '/audience/lists', { query: { per_page: 4, page: 2 } });
    expect(a.body.data.pagination).toEqual({ total: 6, per_page: 4, current_page: 2, last_page: 2 });
    expect(a.body.data.lists).toHaveLength(2);
    const first = await listIds({ per_page: 4, page: 1 });
    const all = [...first, ...a.body.data.lists.map((l: { id: string }) => l.id)];
    expect(new Set(all)).toEqual(new Set(emu.fixtures.lists));
    const past = await get(emu, '/audience/lists', { query: { page: 9 } });
    expect(past.status).toBe(200);
    expect(past.body.data.lists).toEqual([]);
  });

  it('refuses page and per_page out of their bounds with 422 naming them', async () => {
    for (const query of [{ page: 0, per_page: 101 }, { page: 'x', per_page: 0 }, { page: '1.5', per_page: -1 }]) {
      const a = await get(emu, '/audience/lists', { query });
      expect(a.status).toBe(422);
      expect(a.body).toMatchObject({ message: expect.any(String), error_code: 'validation_error' });
      expect(errorFields(a)).toEqual(['page', 'per_page']);
    }
    expect((await get(emu, '/audience/lists', { query: { per_page: 100 } })).status).toBe(200);
  });
});

describe('4.26 to 4.29: a list from creation to deletion', () => {
  it('creates (201), lists first, shows, renames, deletes (204), then answers 404', async () => {
    const a = await createList({ name: 'Launch week' });
    expect(a.status).toBe(201);
    const list = a.body.data;
    expect(list).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Launch week', contacts_count: 0 });
    expect((await listIds({ per_page: 1 }))[0]).toBe(list.id);
    expect((await get(emu, '/audience/lists')).body.data.pagination.total).toBe(7);

    const shown = await get(emu, `/audience/lists/${list.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(list);

    const renamed = await call(emu, 'PATCH', `/audience/lists/${list.id}`, { body: { name: 'Launch month' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...list, name: 'Launch month' });
    const same = await call(emu, 'PATCH', `/audience/lists/${list.id}`, { body: {} });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(renamed.body.data);

    const gone = await call(emu, 'DELETE', `/audience/lists/${list.id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const again = await call(emu, method, `/audience/lists/${list.id}`, { body });
      expect(again.status, method).toBe(404);
      expect(again.body).toEqual({ message: 'List not found.', error_code: 'not_found' });
    }
    expect(await listIds()).not.toContain(list.id);
  });

  it('counts a contact added to a new list, and removes memberships (not contacts) with the list', async () => {
    const list = (await createList({ name: 'Counted' })).body.data;
    const contact = emu.fixtures.contacts[0] as string;
    expect((await call(emu, 'POST', `/audience/contacts/${contact}/lists/${list.id}`)).status).toBe(201);
    expect((await get(emu, `/audience/lists/${list.id}`)).body.data.contacts_count).toBe(1);
    await call(emu, 'DELETE', `/audience/lists/${list.id}`);
    const c = await get(emu, `/audience/contacts/${contact}`);
    expect(c.status).toBe(200);
    expect(c.body.data.lists.map((l: { id: string }) => l.id)).not.toContain(list.id);
  });

  it('validates the name: required, a string, at most 255 characters, unique within the team', async () => {
    for (const body of [{}, { name: '' }, { name: null }, { name: 7 }, { name: 'n'.repeat(256) }, { name: 'Newsletter' }, { name: 'newsletter' }]) {
      const a = await createList(body);
      expect(a.status, JSON.stringify(body)).toBe(422);
      expect(errorFields(a)).toEqual(['name']);
    }
    expect((await createList({ name: 'n'.repeat(255) })).status).toBe(201);
    const id = emu.fixtures.lists[1] as string;
    expect(errorFields(await call(emu, 'PATCH', `/audience/lists/${id}`, { body: { name: 'Newsletter' } }))).toEqual(['name']);
    expect((await call(emu, 'PATCH', `/audience/lists/${id}`, { body: { name: 'Customers' } })).status).toBe(200);
    expect(errorFields(await call(emu, 'PATCH', `/audience/lists/${id}`, { body: { name: 'n'.repeat(256) } }))).toEqual(['name']);
  });

  it('answers a malformed id with 422 naming listId on update, else (4.27, 4.29: no 422) and an unknown one with 404', async () => {
    expect(errorFields(await call(emu, 'PATCH', '/audience/lists/list-1', { body: { name: 'x' } }))).toEqual(['listId']);
    for (const method of ['GET', 'DELETE']) {
      const a = await call(emu, method, '/audience/lists/list-1');
      expect(a.status, method).toBe(404);
      expect(a.body).toEqual({ message: 'List not found.', error_code: 'not_found' });
    }
    expect((await get(emu, `/audience/lists/${UNKNOWN}`)).status).toBe(404);
    expect((await call(emu, 'DELETE', `/audience/lists/${UNKNOWN}`)).status).toBe(404);
  });
});

describe('4.30 delete several lists', () => {
  it('deletes them all and answers data.deleted; they answer 404 afterwards', async () => {
    const ids = emu.fixtures.lists.slice(0, 3);
    const a = await call(emu, 'DELETE', '/audience/lists/bulk', { body: { list_ids: ids } });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ message: expect.any(String), data: { deleted: 3 } });
    for (const id of ids) expect((await get(emu, `/audience/lists/${id}`)).status).toBe(404);
    expect((await get(emu, '/audience/lists')).body.data.pagination.total).toBe(3);
  });

  it('refuses a missing, empty, oversized or malformed list_ids with 422 and deletes nothing', async () => {
    const ids = emu.fixtures.lists.slice(0, 2);
    expect(errorFields(await call(emu, 'DELETE', '/audience/lists/bulk', { body: {} }))).toEqual(['list_ids']);
    expect(errorFields(await call(emu, 'DELETE', '/audience/lists/bulk', { body: { list_ids: [] } }))).toEqual(['list_ids']);
    expect(errorFields(await call(emu, 'DELETE', '/audience/lists/bulk', { body: { list_ids: ids[0] } }))).toEqual(['list_ids']);
    const tooMany = Array.from({ length: 51 }, () => ids[0]);
    expect(errorFields(await call(emu, 'DELETE', '/audience/lists/bulk', { body: { list_ids: tooMany } }))).toEqual(['list_ids']);
    expect(errorFields(await call(emu, 'DELETE', '/audience/lists/bulk', { body: { list_ids: [ids[0], 'nope'] } }))).toEqual(['list_ids.1']);
    expect(emu.store.teams.main.lists.size).toBe(6);
  });

  it('refuses ids that are not the team\'s (unknown or the other team\'s) with 422 naming them, deleting nothing', async () => {
    const other = [...emu.store.teams.other.lists.keys()][0];
    const a = await call(emu, 'DELETE', '/audience/lists/bulk', { body: { list_ids: [emu.fixtures.lists[0], UNKNOWN, other] } });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['list_ids.1', 'list_ids.2']);
    expect(emu.store.teams.main.lists.size).toBe(6);
    expect(emu.store.teams.other.lists.size).toBe(2);
  });
});
