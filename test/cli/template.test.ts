// The template commands (service-api-rest.md 4.16 to 4.22) against the emulator: the requests
// sent, the content read from files and stdin, and the delete safety rules.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsageError } from '../helpers/expect.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { keyValues, tsvRows } from '../helpers/parse.js';

const emu = useEmulator({ seed: 4, events: 0, contacts: 0 });
const run = (args: string[], opts: Parameters<typeof runInProcess>[1] = {}) => runInProcess(args, { emulator: emu, ...opts });
const sent = (r: { requests: Array<{ method: string; path: string; rawQuery?: string }> }) => r.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`);
const dir = mkdtempSync(join(tmpdir(), 'mailctl-template-'));

describe('template list / show / tags', () => {
  it('lists the default project; --all asks for the largest pages', async () => {
    const r = await run(['template', 'list']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent(r)).toEqual(['GET /templates']);
    expect(tsvRows(r.stdout).map((row) => row[0])).toEqual(expect.arrayContaining(['welcome-email', 'order-confirmation']));
    const all = await run(['template', 'list', '--all', '--json']);
    expect(sent(all)).toEqual(['GET /templates?per_page=100']);
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(tsvRows(r.stdout).length);
  });

  it('show prints the template; --html prints only the active HTML via GET /templates/html', async () => {
    const r = await run(['template', 'show', 'welcome-email']);
    expect(r.exitCode, r.stderr).toBe(0);
    const shown = keyValues(r.stdout);
    expect(shown).toMatchObject({ slug: 'welcome-email', active_version: expect.any(String) });
    const html = await run(['template', 'show', 'welcome-email', '--html']);
    expect(html.exitCode, html.stderr).toBe(0);
    expect(sent(html)).toEqual(['GET /templates/welcome-email', `GET /templates/html?project_id=${shown.project_id}&slug=welcome-email`]);
    expect(html.stdout).toMatch(/^<[\s\S]*>\n$/);
    const direct = await run(['template', 'show', 'welcome-email', '--html', '--project', shown.project_id!]);
    expect(sent(direct)).toEqual([`GET /templates/html?project_id=${shown.project_id}&slug=welcome-email`]);
    expect(direct.stdout).toBe(html.stdout);
  });

  it('tags lists the merge tags, loops with their fields', async () => {
    const r = await run(['template', 'tags', 'order-confirmation', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent(r)).toEqual(['GET /templates/order-confirmation/merge-tags']);
    const tags = JSON.parse(r.stdout) as Array<{ key: string; children?: unknown[] }>;
    expect(tags.some((t) => Array.isArray(t.children))).toBe(true);
  });

  it('an unknown slug is exit 4', async () => {
    expect((await run(['template', 'show', 'no-such-template'])).exitCode).toBe(4);
  });
});

describe('template create / update / delete', () => {
  it('a --html file that is not UTF-8 (Latin-1, binary) is refused before anything is sent, as email send refuses one', async () => {
    const latin1 = join(dir, 'latin1.html');
    writeFileSync(latin1, Buffer.from('<p>Caf\xe9</p>', 'latin1'));
    for (const args of [['template', 'create', '--name', 'Latin', '--html', latin1], ['template', 'update', 'welcome-email', '--html', latin1]]) {
      const r = await run(args);
      expectUsageError(r, r.requests.filter((q) => q.method !== 'GET'), `--html ${latin1}: not UTF-8 text`);
    }
    const pushDir = mkdtempSync(join(tmpdir(), 'mailctl-template-push-'));
    writeFileSync(join(pushDir, 'latin.html'), Buffer.from('<p>Caf\xe9</p>', 'latin1'));
    const pushed = await run(['template', 'push', '--dir', pushDir]);
    expectUsageError(pushed, pushed.requests, `--dir: ${join(pushDir, 'latin.html')}: not UTF-8 text`);
  });

  it('create reads --html from a file; update --html - from stdin makes a new version; delete --yes removes it', async () => {
    const file = join(dir, 'promo.html');
    writeFileSync(file, '<p>Hello {{first_name}}</p>');
    const c = await run(['template', 'create', '--name', 'Promo Nov', '--html', file]);
    expect(c.exitCode, c.stderr).toBe(0);
    expect(c.requests.map((q) => q.body)).toEqual([{ name: 'Promo Nov', html: '<p>Hello {{first_name}}</p>' }]);
    const slug = keyValues(c.stdout).slug!;
    expect(keyValues(c.stdout)).toMatchObject({ active_version: '1', merge_tags: 'first_name' });

    const u = await run(['template', 'update', slug, '--html', '-'], { stdin: '<p>Hi {{name}}</p>' });
    expect(u.exitCode, u.stderr).toBe(0);
    expect(u.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PUT', `/templates/${slug}`, { html: '<p>Hi {{name}}</p>' }]]);
    expect(keyValues(u.stdout)).toMatchObject({ active_version: '2' });

    const refused = await run(['template', 'delete', slug]);
    expectUsageError(refused, refused.requests, '--yes');
    const d = await run(['template', 'delete', slug, '--yes']);
    expect(d.exitCode, d.stderr).toBe(0);
    expect(sent(d)).toEqual([`DELETE /templates/${slug}`]);
    const again = await run(['template', 'delete', slug, '--yes', '--if-exists']);
    expect(again.exitCode).toBe(0);
    expect(keyValues(again.stdout)).toEqual({ id: slug, deleted: 'false' });
  });

  it('--json FILE is the content here (not the output format); --dry-run prints the request and sends nothing', async () => {
    const r = await run(['template', 'create', '--name', 'X', '--json', '-', '--dry-run', '-o', 'json'], { stdin: '{"blocks":[]}' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ dry_run: true, method: 'POST', body: { name: 'X', json: '{"blocks":[]}' } });
  });

  it('--json FILE does not also turn on JSON output: a pipe gets the TSV rows (cli.md "Output"), -o json still JSON', async () => {
    const r = await run(['template', 'create', '--name', 'Visual one', '--json', '-'], { stdin: '{"blocks":[]}' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]!.body).toEqual({ name: 'Visual one', json: '{"blocks":[]}' });
    expect(keyValues(r.stdout)).toMatchObject({ name: 'Visual one', slug: 'visual-one' });
    const table = await run(['template', 'update', 'visual-one', '--json', '-', '-o', 'table'], { stdin: '{"blocks":[1]}' });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(keyValues(table.stdout)).toMatchObject({ slug: 'visual-one' });
    const json = await run(['template', 'update', 'visual-one', '--name', 'Visual two', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ slug: 'visual-one', name: 'Visual two' });
    // a refusal of such a run is a text line, not the JSON error object
    const bad = await run(['template', 'create', '--name', 'X', '--json', '-'], { stdin: '{nope' });
    expect(bad.stderr).not.toContain('{"error"');
    // nor is a refusal by the parser itself (an unknown flag), while a global --json still asks for the object
    const unknown = await run(['template', 'create', '--name', 'X', '--json', '-', '--bogus']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('--bogus');
    expect(unknown.stderr).not.toContain('{"error"');
    const global = await run(['--json', 'template', 'create', '--name', 'X', '--json', '-', '--bogus']);
    expect(global.exitCode).toBe(2);
    expect(global.stderr).toContain('{"error"');
  });

  it('a global --json before the command is the output format, and the command still takes its own --json FILE after its name', async () => {
    const html = await run(['--json', 'template', 'create', '--name', 'Global json', '--html', '-'], { stdin: '<p>Hi</p>' });
    expect(html.exitCode, html.stderr).toBe(0);
    expect(html.requests.map((q) => q.body)).toEqual([{ name: 'Global json', html: '<p>Hi</p>' }]);
    expect(JSON.parse(html.stdout)).toMatchObject({ name: 'Global json', slug: 'global-json' });
    const both = await run(['--json', 'template', 'update', 'global-json', '--json', '-'], { stdin: '{"blocks":[2]}' });
    expect(both.exitCode, both.stderr).toBe(0);
    expect(both.requests.map((q) => q.body)).toEqual([{ json: '{"blocks":[2]}' }]);
    expect(JSON.parse(both.stdout)).toMatchObject({ slug: 'global-json' });
  });

  it.each([
    { args: ['template', 'create', '--html', 'x.html'], names: '--name' },
    { args: ['template', 'create', '--name', 'X'], names: '--html' },
    { args: ['template', 'create', '--name', 'X', '--html', 'a', '--json', 'b'], names: '--json' },
    { args: ['template', 'create', '--name', 'X', '--html', '/nonexistent/file.html'], names: '--html' },
    { args: ['template', 'update', 'welcome-email'], names: '--name' },
    { args: ['template', 'list', '--per-page', '101'], names: '--per-page' },
  ])('refuses $args.1 $names before sending anything', async ({ args, names }) => {
    const r = await run(args);
    expectUsageError(r, r.requests, names);
  });

  it('--json that is not JSON is a usage error', async () => {
    const r = await run(['template', 'create', '--name', 'X', '--json', '-'], { stdin: '{nope' });
    expectUsageError(r, r.requests, '--json');
  });
});
