// The limits on text (spec 10, and 4.3's send fields, template and webhook names;
// the audience ones: names 255, descriptions and property values 1000, condition
// fields 255 and values 1000, fallback values 255, the double opt-in's from_name 255 and subject
// 998, contact search 255) count characters, as the service and the CLI's own checks do: a name of
// 255 emoji is 510 UTF-16 units and still a valid name; one character more is a 422 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields } from '../helpers/emulator.js';

// One character, two UTF-16 units; a different one each time keeps names unique (lists and
// segments refuse a duplicate name).
let next = 0;
const wide = (n: number) => String.fromCodePoint(0x1f600 + (next++ % 64)).repeat(n);

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ events: 0, contacts: 10 });
});
afterAll(async () => {
  await emu.close();
});

interface Case {
  what: string;
  method: string;
  path: () => string;
  /** the body (or query) at the limit, and the fields that one character more names */
  at: (n: (max: number) => string) => { body?: unknown; query?: Record<string, string> };
  fields: string[];
  ok: number;
}

const cond = (field: string, value: string) => ({ groups: [{ conditions: [{ field, operator: 'equals', value }] }] });

const CASES: Case[] = [
  { what: 'list name (4.26)', method: 'POST', path: () => '/audience/lists', at: (n) => ({ body: { name: n(255) } }), fields: ['name'], ok: 201 },
  { what: 'list rename (4.28)', method: 'PATCH', path: () => `/audience/lists/${emu.fixtures.lists[1]}`, at: (n) => ({ body: { name: n(255) } }), fields: ['name'], ok: 200 },
  {
    what: 'topic name and description (4.41)', method: 'POST', path: () => '/audience/topics',
    at: (n) => ({ body: { name: n(255), description: n(1000) } }), fields: ['description', 'name'], ok: 201,
  },
  {
    what: 'topic update (base 4.8)', method: 'PATCH', path: () => `/audience/topics/${emu.fixtures.topics[0]}`,
    at: (n) => ({ body: { name: n(255), description: n(1000) } }), fields: ['description', 'name'], ok: 200,
  },
  {
    what: 'property fallback_value (4.45)', method: 'POST', path: () => '/audience/properties',
    at: (n) => ({ body: { name: 'wide_fallback', type: 'string', fallback_value: n(255) } }), fields: ['fallback_value'], ok: 201,
  },
  {
    what: 'property update (base 4.10)', method: 'PATCH', path: () => `/audience/properties/${emu.fixtures.properties[0]}`,
    at: (n) => ({ body: { fallback_value: n(255) } }), fields: ['fallback_value'], ok: 200,
  },
  {
    what: 'segment name and condition (4.49)', method: 'POST', path: () => '/audience/segments',
    at: (n) => ({ body: { name: n(255), conditions: cond(n(255), n(1000)) } }),
    fields: ['conditions.groups.0.conditions.0.field', 'conditions.groups.0.conditions.0.value', 'name'], ok: 201,
  },
  {
    what: 'contact property value (4.34)', method: 'PATCH', path: () => `/audience/contacts/${emu.fixtures.contacts[0]}`,
    at: (n) => ({ body: { properties: { first_name: n(1000) } } }), fields: ['properties.first_name'], ok: 200,
  },
  { what: 'contact search (4.31)', method: 'GET', path: () => '/audience/contacts', at: (n) => ({ query: { search: n(255) } }), fields: ['search'], ok: 200 },
  {
    what: 'send: names, subject, tag, metadata and header values (4.3)', method: 'POST', path: () => '/emails',
    at: (n) => ({
      body: {
        from: 'orders@mail.acme.example', from_name: n(255), reply_to: 'help@acme.example', reply_to_name: n(255), to: ['ada@example.com'],
        subject: n(998), tag: n(64), metadata: { [n(40)]: n(500) }, headers: { 'X-Wide': n(998) }, html: '<p>Hi</p>',
      },
    }),
    fields: ['from_name', 'headers.X-Wide', `metadata.${'é'.repeat(40)}x`, 'reply_to_name', 'subject', 'tag'], ok: 200,
  },
  { what: 'template name (4.17)', method: 'POST', path: () => '/templates', at: (n) => ({ body: { name: n(255), html: '<p>Hi</p>' } }), fields: ['name'], ok: 201 },
  {
    what: 'webhook name (4.13)', method: 'POST', path: () => '/webhooks',
    at: (n) => ({ body: { name: n(255), url: `https://hooks.example.com/${next}`, auth_type: 'none', events_mode: 'all' } }), fields: ['name'], ok: 201,
  },
];

describe('text limits count characters, not UTF-16 units', () => {
  it.each(CASES)('$what: at the limit accepted, one character more refused', async (c) => {
    const atLimit = c.at((max) => wide(max));
    const a = await call(emu, c.method, c.path(), atLimit);
    expect(a.status, a.text).toBe(c.ok);
    const over = c.at((max) => `${'é'.repeat(max)}x`);
    const b = await call(emu, c.method, c.path(), over);
    expect(b.status).toBe(422);
    expect(b.body.error_code).toBe('validation_error');
    expect(errorFields(b)).toEqual(c.fields);
  });

  it('double opt-in from_name and subject (2.13): at the limit the contact is created, over it a 422', async () => {
    const slug = emu.fixtures.templates[0];
    const doi = (fromName: string, subject: string) => ({
      from: 'news@acme.example', from_name: fromName, subject, template_slug: slug, redirect_url: 'https://acme.example/confirmed',
    });
    const a = await call(emu, 'POST', '/audience/contacts', { body: { email: 'wide@example.com', double_opt_in: doi(wide(255), wide(998)) } });
    expect(a.status, a.text).toBe(201);
    expect(a.body.data.status).toBe('unverified');
    const b = await call(emu, 'POST', '/audience/contacts', { body: { email: 'wider@example.com', double_opt_in: doi(wide(256), wide(999)) } });
    expect(b.status).toBe(422);
    expect(errorFields(b)).toEqual(['double_opt_in.from_name', 'double_opt_in.subject']);
  });
});
