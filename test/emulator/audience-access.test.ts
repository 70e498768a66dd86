// Spec 4.25 to 4.51 with spec 5.2 (scopes), 5.3 (sandbox keys) and 1.2 (data scoped to the team):
// every audience operation, asked by each of the emulator's keys.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call } from '../helpers/emulator.js';

interface Op {
  name: string;
  method: string;
  path: string;
  write: boolean;
  status: number;
  body?: unknown;
  /** the operation addresses a main-team record by id: the other team gets 404 */
  byId?: boolean;
}

const segmentBody = { name: 'Gmail readers', conditions: { groups: [{ conditions: [{ field: 'email', operator: 'ends_with', value: '@gmail.com' }] }] } };

/** One request per operation that succeeds with the full key, each on records of its own. */
function operations(emu: Emulator): Op[] {
  const f = emu.fixtures;
  const [c0, c1, c2, c3] = f.contacts as [string, string, string, string];
  const [l0, l1, l2, l3] = f.lists as [string, string, string, string];
  const [t0, , t2] = f.topics as [string, string, string];
  const [p0, p1] = f.properties as [string, string];
  const [s0, s1] = f.segments as [string, string];
  // A list and a topic the contact is not in yet, so that adding it answers 201.
  const team = emu.store.teams.main;
  const newList = f.lists.find((l) => l !== l2 && l !== l3 && !team.contacts.get(c2)!.listIds.has(l)) as string;
  const newTopic = f.topics.find((t) => t !== t2 && !team.contacts.get(c3)!.topicIds.has(t)) as string;
  return [
    { name: '4.25', method: 'GET', path: '/audience/lists', write: false, status: 200 },
    { name: '4.26', method: 'POST', path: '/audience/lists', write: true, status: 201, body: { name: 'Access list' } },
    { name: '4.27', method: 'GET', path: `/audience/lists/${l0}`, write: false, status: 200, byId: true },
    { name: '4.28', method: 'PATCH', path: `/audience/lists/${l1}`, write: true, status: 200, body: { name: 'Renamed list' }, byId: true },
    { name: '4.29', method: 'DELETE', path: `/audience/lists/${l2}`, write: true, status: 204, byId: true },
    { name: '4.30', method: 'DELETE', path: '/audience/lists/bulk', write: true, status: 200, body: { list_ids: [l3] } },
    { name: '4.31', method: 'GET', path: '/audience/contacts', write: false, status: 200 },
    { name: '4.32', method: 'POST', path: '/audience/contacts', write: true, status: 201, body: { email: 'new.reader@example.net' } },
    { name: '4.33', method: 'POST', path: '/audience/contacts/bulk', write: true, status: 201, body: { emails: ['bulk.reader@example.net'] } },
    { name: '4.34', method: 'PATCH', path: `/audience/contacts/${c0}`, write: true, status: 200, body: { status: 'unsubscribed' }, byId: true },
    { name: '4.35', method: 'DELETE', path: `/audience/contacts/${c1}`, write: true, status: 204, byId: true },
    { name: '4.36', method: 'POST', path: `/audience/contacts/${c2}/lists/${newList}`, write: true, status: 201, byId: true },
    { name: '4.37', method: 'DELETE', path: `/audience/contacts/${c2}/lists/${l0}`, write: true, status: 204, byId: true },
    { name: '4.38', method: 'POST', path: `/audience/contacts/${c3}/topics/${newTopic}`, write: true, status: 201, byId: true },
    { name: '4.39', method: 'DELETE', path: `/audience/contacts/${c3}/topics/${t0}`, write: true, status: 204, byId: true },
    { name: '4.40', method: 'GET', path: '/audience/topics', write: false, status: 200 },
    { name: '4.41', method: 'POST', path: '/audience/topics', write: true, status: 201, body: { name: 'Access topic' } },
    { name: '4.42', method: 'GET', path: `/audience/topics/${t0}`, write: false, status: 200, byId: true },
    { name: '4.43', method: 'DELETE', path: `/audience/topics/${t2}`, write: true, status: 204, byId: true },
    { name: '4.44', method: 'GET', path: '/audience/properties', write: false, status: 200 },
    { name: '4.45', method: 'POST', path: '/audience/properties', write: true, status: 201, body: { name: 'access_level', type: 'string' } },
    { name: '4.46', method: 'GET', path: `/audience/properties/${p0}`, write: false, status: 200, byId: true },
    { name: '4.47', method: 'DELETE', path: `/audience/properties/${p1}`, write: true, status: 204, byId: true },
    { name: '4.48', method: 'GET', path: '/audience/segments', write: false, status: 200 },
    { name: '4.49', method: 'POST', path: '/audience/segments', write: true, status: 201, body: segmentBody },
    { name: '4.50', method: 'PATCH', path: `/audience/segments/${s0}`, write: true, status: 200, body: { name: 'Renamed segment' }, byId: true },
    { name: '4.51', method: 'DELETE', path: `/audience/segments/${s1}`, write: true, status: 204, byId: true },
  ];
}

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 20, contacts: 30, sandboxBudget: false });
});
afterEach(async () => {
  await emu.close();
});

describe('the audience operations and the keys (spec 5.2, 5.3)', () => {
  it('serves all 27 operations to the full key with the spec\'s status', async () => {
    const ops = operations(emu);
    expect(ops).toHaveLength(27);
    for (const op of ops) {
      const a = await call(emu, op.method, op.path, { body: op.body });
      expect(a.status, `${op.name} ${a.text}`).toBe(op.status);
      if (op.status === 204) {
        expect(a.text, op.name).toBe('');
        expect(a.headers.get('content-type'), op.name).toBeNull();
      } else {
        expect(typeof a.body.message, op.name).toBe('string');
      }
    }
  });

  it('refuses every write to the read-only key with 403 insufficient_scope, and serves every read', async () => {
    for (const op of operations(emu)) {
      const a = await call(emu, op.method, op.path, { key: emu.keys.read_only, body: op.body });
      if (op.write) {
        expect(a.status, op.name).toBe(403);
        expect(a.body, op.name).toEqual({ message: expect.any(String), error_code: 'insufficient_scope' });
      } else {
        expect(a.status, op.name).toBe(200);
      }
    }
  });

  it('refuses every write to the sandbox key with 403 sandbox_restricted, serves every read, and changes nothing', async () => {
    const before = { lists: emu.store.teams.main.lists.size, contacts: emu.store.teams.main.contacts.size };
    for (const op of operations(emu)) {
      const a = await call(emu, op.method, op.path, { key: emu.keys.sandbox, body: op.body });
      if (op.write) {
        expect(a.status, op.name).toBe(403);
        expect(a.body, op.name).toMatchObject({ error_code: 'sandbox_restricted', message: expect.any(String) });
      } else {
        expect(a.status, op.name).toBe(200);
      }
    }
    expect({ lists: emu.store.teams.main.lists.size, contacts: emu.store.teams.main.contacts.size }).toEqual(before);
  });

  it('answers 404 not_found to the other team for every main-team id, and changes nothing', async () => {
    const before = emu.store.teams.main.lists.size;
    for (const op of operations(emu).filter((o) => o.byId)) {
      const a = await call(emu, op.method, op.path, { key: emu.keys.other_team, body: op.body });
      expect(a.status, op.name).toBe(404);
      expect(a.body, op.name).toEqual({ message: expect.stringMatching(/ not found\.$/), error_code: 'not_found' });
    }
    expect(emu.store.teams.main.lists.size).toBe(before);
  });

  it('shows the other team only its own data in the listings', async () => {
    const other = emu.store.teams.other;
    const a = await call(emu, 'GET', '/audience/contacts', { key: emu.keys.other_team, query: { per_page: 100 } });
    expect(a.body.data.pagination.total).toBe(other.contacts.size);
    const ids = (a.body.data.contacts as Array<{ id: string }>).map((c) => c.id);
    expect(ids.some((id) => emu.fixtures.contacts.includes(id))).toBe(false);
    const l = await call(emu, 'GET', '/audience/lists', { key: emu.keys.other_team });
    expect(l.body.data.pagination.total).toBe(other.lists.size);
  });

  it('answers 401 without a key or with an unknown one', async () => {
    expect((await call(emu, 'GET', '/audience/lists', { key: null })).body).toEqual({ message: 'API key is required.' });
    expect((await call(emu, 'POST', '/audience/topics', { key: 'lttr_nope', body: { name: 'x' } })).status).toBe(401);
  });
});
