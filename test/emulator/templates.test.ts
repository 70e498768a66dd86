// service-api-rest.md 4.16 to 4.23: templates (four views of 2.8), merge tags (2.9), the active
// HTML (its own envelope), projects (2.10), page-number pagination (2.12), state shared across
// operations, and sending with a template.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const SUMMARY = ['created_at', 'folder_id', 'id', 'name', 'project_id', 'slug', 'updated_at'];
const DETAIL = ['active_version', 'created_at', 'folder_id', 'html', 'id', 'json', 'name', 'project_id', 'slug', 'updated_at', 'versions_count'];
const CREATED = ['active_version', 'created_at', 'folder_id', 'id', 'merge_tags', 'name', 'project_id', 'slug'];

let emu: Emulator;
beforeEach(async () => {
  emu = await startEmulator({ events: 20 });
});
afterEach(async () => {
  await emu.close();
});

const create = (body: unknown, key?: string) => call(emu, 'POST', '/templates', { body, ...(key ? { key } : {}) });
const projects = async () => (await get(emu, '/projects')).body.data.projects as Array<{ id: number; name: string }>;

describe('templates', () => {
  it('4.16 lists the default project (summary view, page numbers), or the project named', async () => {
    const a = await get(emu, '/templates');
    expect(a.status).toBe(200);
    expect(Object.keys(a.body.data).sort()).toEqual(['pagination', 'templates']);
    const [main, marketing] = await projects();
    for (const t of a.body.data.templates) {
      expect(Object.keys(t).sort()).toEqual(SUMMARY);
      expect(t.project_id).toBe(main!.id);
    }
    expect(a.body.data.pagination).toEqual({ total: a.body.data.templates.length, per_page: 25, current_page: 1, last_page: 1 });
    const two = await get(emu, '/templates', { query: { per_page: 2, page: 2 } });
    expect(two.body.data.templates).toHaveLength(2);
    expect(two.body.data.pagination).toMatchObject({ per_page: 2, current_page: 2, last_page: Math.ceil(a.body.data.templates.length / 2) });
    const m = await get(emu, '/templates', { query: { project_id: marketing!.id } });
    expect(m.body.data.templates.map((t: { slug: string }) => t.slug)).toEqual(['spring-sale']);
    expect(errorFields(await get(emu, '/templates', { query: { per_page: 0, page: 'x', project_id: 0 } }))).toEqual(['page', 'per_page', 'project_id']);
    expect((await get(emu, '/templates', { query: { project_id: 999_999 } })).body.error_code).toBe('not_found');
  });

  it('create (201) → list → show → merge tags → html → update (new version) → delete (200) → 404 everywhere', async () => {
    const html = '<p>Hi {{first_name}}, your code is {{code|none}}. {{#each items}}{{name}} {{price}}{{/each}}</p>';
    const c = await create({ name: 'Launch Mail!', html });
    expect(c.status, c.text).toBe(201);
    expect(Object.keys(c.body.data).sort()).toEqual(CREATED);
    expect(c.body.data).toMatchObject({ name: 'Launch Mail!', slug: 'launch-mail', active_version: 1 });
    expect(c.body.data.merge_tags).toEqual([
      { key: 'first_name', required: true },
      { key: 'code', required: false },
      { key: 'items', required: true, children: [{ key: 'name', type: 'text' }, { key: 'price', type: 'number' }] },
    ]);
    expect((await get(emu, '/templates')).body.data.templates.map((t: { slug: string }) => t.slug)).toContain('launch-mail');
    const show = await get(emu, '/templates/launch-mail');
    expect(Object.keys(show.body.data).sort()).toEqual(DETAIL);
    expect(show.body.data).toMatchObject({ html, json: null, versions_count: 1, active_version: 1 });
    const tags = await get(emu, '/templates/launch-mail/merge-tags');
    expect(tags.body.data).toEqual({ project_id: c.body.data.project_id, template_slug: 'launch-mail', version: 1, merge_tags: c.body.data.merge_tags });
    const h = await get(emu, '/templates/html', { query: { project_id: c.body.data.project_id, slug: 'launch-mail' } });
    expect(h.body).toEqual({
      success: true,
      data: {
        html,
        merge_tags: [
          { key: 'first_name', name: 'First name', required: true },
          { key: 'code', name: 'Code', required: false },
          { key: 'items', name: 'Items', required: true },
        ],
        subject: null,
      },
    });

    const u = await call(emu, 'PUT', '/templates/launch-mail', { body: { name: 'Launch', json: '{"text":"{{city}}"}' } });
    expect(u.status).toBe(200);
    expect(Object.keys(u.body.data).sort()).toEqual([...CREATED, 'updated_at'].sort());
    expect(u.body.data).toMatchObject({ name: 'Launch', slug: 'launch-mail', active_version: 2, merge_tags: [{ key: 'city', required: true }] });
    expect((await get(emu, '/templates/launch-mail')).body.data).toMatchObject({ versions_count: 2, html: null, json: '{"text":"{{city}}"}' });
    expect((await get(emu, '/templates/launch-mail/merge-tags', { query: { version: 1 } })).body.data.version).toBe(1);
    expect((await get(emu, '/templates/launch-mail/merge-tags', { query: { version: 9 } })).status).toBe(404);
    const nameOnly = await call(emu, 'PUT', '/templates/launch-mail', { body: { name: 'Launch 2' } });
    expect(nameOnly.body.data.active_version).toBe(2);

    const d = await call(emu, 'DELETE', '/templates/launch-mail');
    expect(d.status).toBe(200);
    expect(Object.keys(d.body)).toEqual(['message']);
    expect((await get(emu, '/templates/launch-mail')).body.error_code).toBe('not_found');
    expect((await call(emu, 'DELETE', '/templates/launch-mail')).status).toBe(404);
    const h404 = await get(emu, '/templates/html', { query: { project_id: c.body.data.project_id, slug: 'launch-mail' } });
    expect(h404.status).toBe(404);
    expect(h404.body).toEqual({ success: false, message: expect.any(String) });
    const sent = await call(emu, 'POST', '/emails', { body: { from: 'a@acme.example', to: ['b@example.com'], template_slug: 'launch-mail' } });
    expect(sent.body.error_code).toBe('template_not_found');
  });

  it('refuses html with json, neither, invalid JSON, a long name; 404 for a project without folders or of another team', async () => {
    expect(errorFields(await create({ name: 'x', html: '<p/>', json: '{}' }))).toEqual(['html', 'json']);
    expect(errorFields(await create({ name: 'x' }))).toEqual(['html', 'json']);
    expect(errorFields(await create({ html: '<p/>', json: '{nope' }))).toEqual(['html', 'json', 'name']);
    expect(errorFields(await create({ name: 'n'.repeat(256), json: '{nope' }))).toEqual(['json', 'name']);
    expect(errorFields(await call(emu, 'PUT', '/templates/welcome-email', { body: { html: 'a', json: '{}' } }))).toEqual(['html', 'json']);
    // a name of white space only is no name (required), on create and on update, as the audience names
    const blank = await create({ name: '  ', html: '<p/>' });
    expect([blank.status, blank.body.errors]).toEqual([422, { name: ['The name field is required.'] }]);
    expect(errorFields(await call(emu, 'PUT', '/templates/welcome-email', { body: { name: ' \t' } }))).toEqual(['name']);
    expect((await get(emu, '/templates/welcome-email')).body.data.name).toBe('Welcome email');
    const [, , empty] = await projects();
    expect((await create({ name: 'x', html: '<p/>', project_id: empty!.id })).body.error_code).toBe('not_found');
    const other = (await get(emu, '/projects', { key: emu.keys.other_team })).body.data.projects[0];
    expect((await create({ name: 'x', html: '<p/>', project_id: other.id })).status).toBe(404);
    expect((await get(emu, '/templates', { key: emu.keys.other_team, query: { project_id: (await projects())[0]!.id } })).status).toBe(404);
    for (const slug of emu.fixtures.templates) expect((await get(emu, `/templates/${slug}`, { key: emu.keys.other_team })).status).toBe(404);
    const mainProject = (await projects())[0]!.id;
    expect((await get(emu, '/templates/welcome-email', { key: emu.keys.other_team, query: { project_id: mainProject } })).status).toBe(404);
    const html = await get(emu, '/templates/html', { key: emu.keys.other_team, query: { project_id: mainProject, slug: 'welcome-email' } });
    expect(html.body).toEqual({ success: false, message: expect.any(String) });
    // 4.22 defines no 422: parameters that name no template are its 404, in its own envelope
    for (const query of [{}, { slug: 'welcome-email' }, { project_id: mainProject }, { project_id: 'x', slug: 'welcome-email' }]) {
      const a = await get(emu, '/templates/html', { query });
      expect([a.status, a.body]).toEqual([404, { success: false, message: expect.any(String) }]);
    }
  });

  it('scopes and sandbox: reads allowed, writes refused', async () => {
    expect((await create({ name: 'x', html: '<p/>' }, emu.keys.read_only)).body.error_code).toBe('insufficient_scope');
    expect((await create({ name: 'x', html: '<p/>' }, emu.keys.sandbox)).body.error_code).toBe('sandbox_restricted');
    expect((await call(emu, 'PUT', '/templates/welcome-email', { key: emu.keys.sandbox, body: { name: 'y' } })).status).toBe(403);
    expect((await call(emu, 'DELETE', '/templates/welcome-email', { key: emu.keys.sandbox })).status).toBe(403);
    for (const path of ['/templates', '/templates/welcome-email', '/templates/welcome-email/merge-tags', '/projects']) {
      expect([path, (await get(emu, path, { key: emu.keys.sandbox })).status]).toEqual([path, 200]);
      expect([path, (await get(emu, path, { key: emu.keys.read_only })).status]).toEqual([path, 200]);
    }
  });

  it('a send with a template takes its subject (then its name) and its slug as tag', async () => {
    const a = await call(emu, 'POST', '/emails', { body: { from: 'a@acme.example', to: ['b@example.com'], template_slug: 'welcome-email' } });
    expect((await get(emu, `/emails/${a.body.data.request_id}`)).body.data.subject).toBe('Welcome to Acme');
    const b = await call(emu, 'POST', '/emails', { body: { from: 'a@acme.example', to: ['b@example.com'], template_slug: 'password-reset' } });
    expect((await get(emu, `/emails/${b.body.data.request_id}`)).body.data.subject).toBe('Password reset');
  });
});

describe('4.23 projects', () => {
  it('pages the team projects (2.10 fields, team_id integer) and validates page and per_page', async () => {
    const a = await get(emu, '/projects');
    expect(a.status).toBe(200);
    expect(a.body.data.projects.map((p: { id: number }) => p.id)).toEqual(emu.fixtures.projects);
    for (const p of a.body.data.projects) {
      expect(Object.keys(p).sort()).toEqual(['created_at', 'emoji', 'id', 'name', 'team_id', 'updated_at']);
      expect(Number.isInteger(p.team_id)).toBe(true);
    }
    expect(a.body.data.pagination).toEqual({ total: 3, per_page: 25, current_page: 1, last_page: 1 });
    expect((await get(emu, '/projects', { query: { page: 5 } })).body.data.projects).toEqual([]);
    expect(errorFields(await get(emu, '/projects', { query: { per_page: 101, page: 0 } }))).toEqual(['page', 'per_page']);
  });
});
