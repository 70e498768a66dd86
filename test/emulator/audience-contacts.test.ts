// Spec 4.31, 4.32, 4.34 and 4.35 (with base 4.9): contacts, from creation to deletion, the
// listing's filters, and the validation of every field.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const CONTACT_KEYS = ['created_at', 'email', 'id', 'lists', 'properties', 'status', 'topics'];

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 20, contacts: 60 });
});
afterEach(async () => {
  await emu.close();
});

const create = (body: unknown) => call(emu, 'POST', '/audience/contacts', { body });
const update = (id: string, body: unknown) => call(emu, 'PATCH', `/audience/contacts/${id}`, { body });
const list = (query: Record<string, string | number> = {}) => get(emu, '/audience/contacts', { query });
const emails = (a: { body: { data: { contacts: Array<{ email: string }> } } }) => a.body.data.contacts.map((c) => c.email);

describe('4.31 list contacts', () => {
  it('answers data.contacts with every field of the show answer, and the 2.12 pagination', async () => {
    const a = await list();
    expect(a.status).toBe(200);
    expect(a.body.data.pagination).toEqual({ total: 60, per_page: 20, current_page: 1, last_page: 3 });
    expect(a.body.data.contacts).toHaveLength(20);
    const first = a.body.data.contacts[0];
    expect(Object.keys(first).sort()).toEqual(CONTACT_KEYS);
    expect((await get(emu, `/audience/contacts/${first.id}`)).body.data).toEqual(first);
    const statuses = new Set([...emu.store.teams.main.contacts.values()].map((c) => c.status));
    for (const s of statuses) expect(['subscribed', 'unsubscribed', 'bounced', 'complained', 'unverified']).toContain(s);
  });

  it('serves, to each team, contacts whose properties are all properties of that team', async () => {
    for (const key of [emu.keys.full, emu.keys.other_team]) {
      const names = (await get(emu, '/audience/properties', { key, query: { per_page: 100 } })).body.data.properties.map((p: { name: string }) => p.name);
      const contacts = (await get(emu, '/audience/contacts', { key, query: { per_page: 100 } })).body.data.contacts;
      expect(contacts.length).toBeGreaterThan(0);
      for (const c of contacts) for (const k of Object.keys(c.properties)) expect(names).toContain(k);
    }
  });

  it('walks every contact exactly once across the pages', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...emails(await list({ page })));
    expect(new Set(seen).size).toBe(60);
  });

  it('lists the seeded contacts newest first too, as created ones are (docs/emulator.md)', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      seen.push(...(await list({ page })).body.data.contacts.map((c: { created_at: string }) => c.created_at));
    }
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('filters by status, list, segment and search, combined with AND', async () => {
    const team = emu.store.teams.main;
    const all = [...team.contacts.values()];
    const unsub = await list({ status: 'unsubscribed', per_page: 100 });
    expect(unsub.body.data.pagination.total).toBe(all.filter((c) => c.status === 'unsubscribed').length);
    expect(unsub.body.data.contacts.every((c: { status: string }) => c.status === 'unsubscribed')).toBe(true);

    const listId = emu.fixtures.lists[0] as string;
    const inList = await list({ list_id: listId, per_page: 100 });
    expect(inList.body.data.pagination.total).toBe(all.filter((c) => c.listIds.has(listId)).length);
    for (const c of inList.body.data.contacts) expect(c.lists.map((l: { id: string }) => l.id)).toContain(listId);

    const target = all[7]!;
    const found = await list({ search: target.email.slice(0, -4).toUpperCase() });
    expect(emails(found)).toContain(target.email);
    expect(emails(await list({ search: target.email, status: target.status === 'subscribed' ? 'bounced' : 'subscribed' }))).toEqual([]);

    // The seeded "One known reader" segment: one address, in the first list.
    const seg = await list({ segment_id: emu.fixtures.segments[0] as string });
    const first = all[0]!;
    expect(emails(seg)).toEqual(first.listIds.has(listId) ? [first.email] : []);
  });

  it('refuses bad filters with 422 naming each, including lists and segments of another team', async () => {
    const otherList = [...emu.store.teams.other.lists.keys()][0] as string;
    const a = await list({ status: 'pending', list_id: otherList, segment_id: 'seg', search: 's'.repeat(256), per_page: 0 });
    expect(a.status).toBe(422);
    expect(errorFields(a)).toEqual(['list_id', 'per_page', 'search', 'segment_id', 'status']);
    expect(errorFields(await list({ list_id: UNKNOWN, segment_id: UNKNOWN }))).toEqual(['list_id', 'segment_id']);
  });
});

describe('4.32 to 4.35: a contact from creation to deletion', () => {
  it('creates (201, subscribed), lists it first, shows, updates, deletes (204), then answers 404', async () => {
    const listId = emu.fixtures.lists[2] as string;
    const a = await create({ email: 'ada@example.net', list_id: listId, properties: { first_name: 'Ada' } });
    expect(a.status).toBe(201);
    const c = a.body.data;
    expect(Object.keys(c).sort()).toEqual(CONTACT_KEYS);
    expect(c).toMatchObject({ email: 'ada@example.net', status: 'subscribed', properties: { first_name: 'Ada' }, topics: [] });
    expect(c.lists).toEqual([{ id: listId, name: emu.store.teams.main.lists.get(listId)?.name }]);
    expect(Date.parse(c.created_at)).not.toBeNaN();

    const page = await list();
    expect(page.body.data.pagination.total).toBe(61);
    expect(page.body.data.contacts[0]).toEqual(c);
    expect(emails(await list({ search: 'ada@example' }))).toEqual(['ada@example.net']);
    expect((await get(emu, `/audience/contacts/${c.id}`)).body.data).toEqual(c);

    const u = await update(c.id, { email: 'ada.l@example.net', status: 'unsubscribed', properties: { first_name: null, plan: 'pro' } });
    expect(u.status).toBe(200);
    expect(u.body.data).toEqual({ ...c, email: 'ada.l@example.net', status: 'unsubscribed', properties: { plan: 'pro' } });
    const same = await update(c.id, {});
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(u.body.data);
    expect(emails(await list({ search: 'ada@example' }))).toEqual([]);

    const gone = await call(emu, 'DELETE', `/audience/contacts/${c.id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    for (const [method, body] of [['GET'], ['PATCH', { status: 'subscribed' }], ['DELETE']] as const) {
      const again = await call(emu, method, `/audience/contacts/${c.id}`, { body });
      expect(again.status, method).toBe(404);
      expect(again.body).toEqual({ message: 'Contact not found.', error_code: 'not_found' });
    }
    expect((await list()).body.data.pagination.total).toBe(60);
    // Its address is free again.
    expect((await create({ email: 'ada.l@example.net' })).status).toBe(201);
  });

  it('joins the opt_out topics on creation, not the opt_in ones (spec 11 item 17)', async () => {
    const optOut = (await call(emu, 'POST', '/audience/topics', { body: { name: 'Digest', default_subscription: 'opt_out' } })).body.data;
    const c = (await create({ email: 'topics@example.net' })).body.data;
    expect(c.topics).toEqual([{ id: optOut.id, name: 'Digest' }]);
  });

  it('validates the creation body', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['email']],
      [{ email: 'not-an-address' }, ['email']],
      [{ email: `${'a'.repeat(250)}@example.com` }, ['email']],
      [{ email: emu.store.teams.main.contacts.values().next().value!.email.toUpperCase() }, ['email']],
      [{ email: 'x@example.net', list_id: 'list' }, ['list_id']],
      [{ email: 'x@example.net', list_id: UNKNOWN }, ['list_id']],
      [{ email: 'x@example.net', properties: 'plan=pro' }, ['properties']],
      [{ email: 'x@example.net', properties: { plan: 3, favourite_colour: 'blue', company: 'c'.repeat(1001) } },
        ['properties.company', 'properties.favourite_colour', 'properties.plan']],
      [{ email: 'x@example.net', double_opt_in: { subject: 's'.repeat(999), redirect_url: 'not a url' } },
        ['double_opt_in.from', 'double_opt_in.redirect_url', 'double_opt_in.subject', 'double_opt_in.template_slug']],
    ];
    for (const [body, fields] of cases) {
      const a = await create(body);
      expect(a.status, JSON.stringify(body)).toBe(422);
      expect(errorFields(a), JSON.stringify(body)).toEqual(fields);
    }
    expect((await create({ email: 'x@example.net', list_id: null, properties: null })).status).toBe(201);
    expect(emu.store.teams.main.contacts.size).toBe(61);
  });

  it('answers 404 template_not_found for a double opt-in template that does not exist, creating nothing', async () => {
    const doi = { from: 'hello@mail.acme.example', subject: 'Confirm', template_slug: 'no-such-template', redirect_url: 'https://acme.example/thanks' };
    const a = await create({ email: 'doi@example.net', double_opt_in: doi });
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ message: expect.any(String), error_code: 'template_not_found' });
    expect(emails(await list({ search: 'doi@example.net' }))).toEqual([]);
  });

  it('creates an unverified contact with a double opt-in template that has a published version', async () => {
    const doi = { from: 'hello@mail.acme.example', subject: 'Confirm', template_slug: emu.fixtures.templates[0], redirect_url: 'https://acme.example/thanks' };
    const a = await create({ email: 'doi@example.net', double_opt_in: doi });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ email: 'doi@example.net', status: 'unverified' });
  });

  it('looks the double opt-in template up in the default project only (spec 2.13), as GET /templates/{slug} does', async () => {
    // spring-sale is published, in the Marketing project (docs/emulator.md)
    expect((await get(emu, '/templates/spring-sale')).status).toBe(404);
    const doi = { from: 'hello@mail.acme.example', subject: 'Confirm', template_slug: 'spring-sale', redirect_url: 'https://acme.example/thanks' };
    const a = await create({ email: 'doi@example.net', double_opt_in: doi });
    expect(a.status).toBe(404);
    expect(a.body.error_code).toBe('template_not_found');
    expect(emails(await list({ search: 'doi@example.net' }))).toEqual([]);
  });

  it('refuses a double opt-in sender outside the team\'s approved sending domains (2.13: a verified domain) with 422', async () => {
    const doi = (from: string) => ({ from, subject: 'Confirm', template_slug: emu.fixtures.templates[0], redirect_url: 'https://acme.example/thanks' });
    // pending, blocked, another team's, nobody's
    for (const from of ['news@promo.acme.example', 'news@acme-deals.example', 'news@globex.example', 'news@gmail.com']) {
      const a = await create({ email: 'doi@example.net', double_opt_in: doi(from) });
      expect(a.status, from).toBe(422);
      expect(errorFields(a), from).toEqual(['double_opt_in.from']);
    }
    expect(emails(await list({ search: 'doi@example.net' }))).toEqual([]);
    expect((await create({ email: 'doi@example.net', double_opt_in: doi('News@Mail.Acme.Example') })).status).toBe(201);
  });

  it('validates the update body, and changes nothing when refused', async () => {
    const [id, other] = emu.fixtures.contacts as [string, string];
    const before = (await get(emu, `/audience/contacts/${id}`)).body.data;
    const otherEmail = emu.store.teams.main.contacts.get(other)!.email;
    const cases: Array<[unknown, string[]]> = [
      [{ email: otherEmail }, ['email']],
      [{ email: 'nope' }, ['email']],
      [{ status: 'bounced' }, ['status']],
      [{ properties: { unknown_thing: 'x' } }, ['properties.unknown_thing']],
      [{ properties: null }, ['properties']],
      [{ status: 'complained', email: 'fine@example.net' }, ['status']],
    ];
    for (const [body, fields] of cases) {
      const a = await update(id, body);
      expect(a.status, JSON.stringify(body)).toBe(422);
      expect(errorFields(a)).toEqual(fields);
    }
    expect((await get(emu, `/audience/contacts/${id}`)).body.data).toEqual(before);
    expect((await update(id, { email: before.email })).status).toBe(200);
  });

  // Spec 4.32 to 4.34 and 2.13 give these addresses the email format: a local part of dot-separated
  // atoms, a domain of letter, digit and hyphen labels. What passes only a looser check would come
  // back in every contact answer as an address that is not one.
  it('refuses addresses outside the email format on create, update, bulk create and the double opt-in sender', async () => {
    const odd = ['a..b@example.com', '.a@example.com', 'a.@example.com', 'ü@example.com', 'a@b_c.example', 'a@-x.example',
      'a@example..com', '"q"@example.com', 'a(b)@example.com', 'a@[127.0.0.1]'];
    const [id] = emu.fixtures.contacts as [string];
    const slug = emu.fixtures.templates[0];
    const wrong: string[] = [];
    for (const email of odd) {
      const created = await create({ email });
      const updated = await update(id, { email });
      const bulk = await call(emu, 'POST', '/audience/contacts/bulk', { body: { emails: ['fine@example.net', email] } });
      const doi = await create({ email: 'fine@example.net', double_opt_in: { from: email, subject: 's', template_slug: slug, redirect_url: 'https://acme.example/' } });
      const got = [errorFields(created), errorFields(updated), errorFields(bulk), errorFields(doi)].map((f) => f.join()).join(' ');
      if (got !== 'email email emails.1 double_opt_in.from') wrong.push(`${email}: ${got}`);
    }
    expect(wrong).toEqual([]);
    expect(emu.store.teams.main.contacts.size).toBe(60);
    for (const email of ['o\'brien+news@mail-1.example.co', 'A.B@EXAMPLE.COM', 'x_y@a.b9']) {
      expect((await create({ email })).status, email).toBe(201);
    }
  });

  it('answers a malformed id with 422 naming contactId on update, 404 on delete (4.35 documents no 422)', async () => {
    expect(errorFields(await update('42', {}))).toEqual(['contactId']);
    const a = await call(emu, 'DELETE', '/audience/contacts/42');
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ message: 'Contact not found.', error_code: 'not_found' });
  });
});
