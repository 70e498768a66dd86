// `template pull` / `template push`: templates as files. Pull then push is all unchanged;
// a changed file is updated (a dry run only says so); a template changed on the service
// since the pull is reported, not overwritten, unless --force; a new file is created.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsageError } from '../helpers/expect.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { emulatorEnv, interruptWhen, startCli } from '../helpers/cli.js';
import { tsvRows } from '../helpers/parse.js';

const emu = useEmulator({ seed: 6, events: 0, contacts: 0 });
const run = (args: string[]) => runInProcess(args, { emulator: emu });
const writes = (r: { requests: Array<{ method: string }> }) => r.requests.filter((q) => q.method !== 'GET');
const actions = (stdout: string) => Object.fromEntries(tsvRows(stdout).map((row) => [row[0], row[1]]));

describe('template pull / push', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'mailctl-sync-')), 'templates');

  it('pull writes <slug>.html and <slug>.json for the templates named; push right after changes nothing', async () => {
    const p = await run(['template', 'pull', 'welcome-email', 'password-reset', '--dir', dir]);
    expect(p.exitCode, p.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['password-reset.html', 'password-reset.json', 'welcome-email.html', 'welcome-email.json']);
    const meta = JSON.parse(readFileSync(join(dir, 'welcome-email.json'), 'utf8'));
    expect(meta).toEqual({ name: expect.any(String), project: expect.any(Number), version: expect.any(Number) });
    expect(readFileSync(join(dir, 'welcome-email.html'), 'utf8')).toContain('<');
    expect(actions(p.stdout)).toEqual({ 'welcome-email': 'pulled', 'password-reset': 'pulled' });

    const push = await run(['template', 'push', '--dir', dir]);
    expect(push.exitCode, push.stderr).toBe(0);
    expect(actions(push.stdout)).toEqual({ 'password-reset': 'unchanged', 'welcome-email': 'unchanged' });
    expect(writes(push)).toHaveLength(0);
  });

  it('--dry-run shows what would be created or updated and why, and sends no write', async () => {
    writeFileSync(join(dir, 'welcome-email.html'), '<p>Welcome, {{first_name}}!</p>');
    writeFileSync(join(dir, 'brand-new.html'), '<p>New</p>');
    const r = await run(['template', 'push', '--dir', dir, '--dry-run']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(writes(r)).toHaveLength(0);
    const rows = Object.fromEntries(tsvRows(r.stdout).map((row) => [row[0], row]));
    expect(rows['welcome-email']![1]).toBe('update');
    expect(rows['welcome-email']![3]).toBe('content changed');
    expect(rows['brand-new']![1]).toBe('create');
    expect(rows['password-reset']![1]).toBe('unchanged');
  });

  it('push updates the changed template, creates the new one, and records the new version', async () => {
    const before = JSON.parse(readFileSync(join(dir, 'welcome-email.json'), 'utf8'));
    const r = await run(['template', 'push', '--dir', dir]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(actions(r.stdout)).toEqual({ 'brand-new': 'created', 'password-reset': 'unchanged', 'welcome-email': 'updated' });
    expect(writes(r).map((q) => `${q.method} ${(q as { path?: string }).path}`)).toEqual(['POST /templates', 'PUT /templates/welcome-email']);
    expect(JSON.parse(readFileSync(join(dir, 'welcome-email.json'), 'utf8')).version).toBe(before.version + 1);
    const again = await run(['template', 'push', '--dir', dir]);
    expect(Object.values(actions(again.stdout))).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('a template whose version moved since the pull is reported, not overwritten, unless --force', async () => {
    const other = await run(['template', 'update', 'password-reset', '--html', '-']);
    expect(other.exitCode).toBe(2); // stdin empty: nothing sent
    const moved = await runInProcess(['template', 'update', 'password-reset', '--html', '-'], { emulator: emu, stdin: '<p>changed elsewhere</p>' });
    expect(moved.exitCode, moved.stderr).toBe(0);
    writeFileSync(join(dir, 'password-reset.html'), '<p>my change</p>');
    const r = await run(['template', 'push', '--dir', dir]);
    expect(r.exitCode).toBe(1);
    expect(actions(r.stdout)['password-reset']).toBe('conflict');
    expect(writes(r)).toHaveLength(0);
    expect(r.stderr).toContain('password-reset');
    const forced = await run(['template', 'push', '--dir', dir, '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(actions(forced.stdout)['password-reset']).toBe('updated');
  });

  it('pull without SLUG takes every template of the project; one without a version is skipped', async () => {
    const all = join(mkdtempSync(join(tmpdir(), 'mailctl-sync-all-')), 'out');
    const r = await run(['template', 'pull', '--dir', all]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]).toMatchObject({ method: 'GET', path: '/templates' });
    const rows = actions(r.stdout);
    expect(rows['unpublished-draft']).toBe('skipped');
    expect(rows['order-confirmation']).toBe('pulled');
    expect(readdirSync(all)).not.toContain('unpublished-draft.html');
    expect(readdirSync(all)).toContain('order-confirmation.json');
  });

  it('a folder with no template files is a usage error; pull needs --dir', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mailctl-empty-'));
    const r = await run(['template', 'push', '--dir', empty]);
    expectUsageError(r, r.requests, '--dir');
    const p = await run(['template', 'pull']);
    expectUsageError(p, p.requests, '--dir');
  });
});

describe('template push: files, failures half-way, re-runs', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'mailctl-push-'));

  it('a template the service created under another slug is recorded, so a re-run does not create it again', async () => {
    const d = fresh();
    writeFileSync(join(d, 'promo.html'), '<p>Promo</p>');
    writeFileSync(join(d, 'promo.json'), JSON.stringify({ name: 'Spring Promo Mail', project: 10, version: null }));
    const first = await run(['template', 'push', '--dir', d]);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(actions(first.stdout)).toEqual({ promo: 'created' });
    const meta = JSON.parse(readFileSync(join(d, 'promo.json'), 'utf8'));
    expect(meta.slug).toBeDefined();
    expect(meta.slug).not.toBe('promo');
    expect(first.stderr).toContain(`the service named the new template ${meta.slug}`);

    const again = await run(['template', 'push', '--dir', d]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(actions(again.stdout)).toEqual({ promo: 'unchanged' });
    expect(writes(again)).toHaveLength(0);

    writeFileSync(join(d, 'promo.html'), '<p>Promo, now 20% off</p>');
    const changed = await run(['template', 'push', '--dir', d]);
    expect(changed.exitCode, changed.stderr).toBe(0);
    expect(actions(changed.stdout)).toEqual({ promo: 'updated' });
    expect(writes(changed).map((q) => `${q.method} ${(q as { path?: string }).path}`)).toEqual([`PUT /templates/${meta.slug}`]);
    expect(JSON.parse(readFileSync(join(d, 'promo.json'), 'utf8'))).toMatchObject({ slug: meta.slug, version: 2 });
  });

  it('an update applied whose answer was lost: the re-run records the service\'s version, so the next edit is an update, not a conflict', async () => {
    const d = fresh();
    expect((await run(['template', 'pull', 'welcome-email', '--dir', d])).exitCode).toBe(0);
    const pulled = JSON.parse(readFileSync(join(d, 'welcome-email.json'), 'utf8')).version as number;
    writeFileSync(join(d, 'welcome-email.html'), '<p>Applied, answer lost</p>');
    emu.scriptFault({ method: 'PUT', path: '/templates/welcome-email', dropMidBody: true });
    const lost = await run(['template', 'push', '--dir', d, '--retries', '0']);
    expect(lost.exitCode, lost.stderr).toBe(7);
    expect(JSON.parse(readFileSync(join(d, 'welcome-email.json'), 'utf8')).version).toBe(pulled);

    const again = await run(['template', 'push', '--dir', d]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(actions(again.stdout)).toEqual({ 'welcome-email': 'unchanged' });
    expect(writes(again)).toHaveLength(0);
    expect(JSON.parse(readFileSync(join(d, 'welcome-email.json'), 'utf8')).version).toBe(pulled + 1);

    writeFileSync(join(d, 'welcome-email.html'), '<p>The next edit</p>');
    const next = await run(['template', 'push', '--dir', d]);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(actions(next.stdout)).toEqual({ 'welcome-email': 'updated' });
  });

  it('a write that fails half-way: the rows done on stdout, the failed and unpushed templates on stderr, and a re-run finishes', async () => {
    const d = fresh();
    for (const slug of ['half-a', 'half-b', 'half-c']) writeFileSync(join(d, `${slug}.html`), `<p>${slug}</p>`);
    emu.scriptFault({ method: 'POST', path: '/templates', status: 400, skip: 1, times: 1 });
    const r = await run(['template', 'push', '--dir', d]);
    expect(r.exitCode).toBe(5);
    expect(actions(r.stdout)).toEqual({ 'half-a': 'created' });
    expect(r.stderr).toContain('half-b: failed, not pushed');
    expect(r.stderr).toContain('not pushed: half-c');
    expect(r.stderr).toContain('1 of 3 templates done');
    expect(r.stderr).toContain(`mailctl template push --dir ${d}`);
    const rest = await run(['template', 'push', '--dir', d]);
    expect(rest.exitCode, rest.stderr).toBe(0);
    expect(actions(rest.stdout)).toEqual({ 'half-a': 'unchanged', 'half-b': 'created', 'half-c': 'created' });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('%s while the first write waits: exit 143/130, says that push may have been applied and what did not run; a re-run finishes', async (signal) => {
    const d = fresh();
    const slugs = ['sig-a', 'sig-b', 'sig-c'].map((s) => `${s}-${signal.toLowerCase()}`);
    for (const slug of slugs) writeFileSync(join(d, `${slug}.html`), `<p>${slug}</p>`);
    emu.clearRequests();
    emu.scriptFault({ method: 'POST', path: '/templates', delayMs: 600_000, times: 1 });
    const child = startCli(['template', 'push', '--dir', d], { env: emulatorEnv(emu) });
    const r = await interruptWhen(child, () => emu.requests.some((q) => q.method === 'POST'), signal);
    emu.clearFaults();
    expect(r.code).toBe(signal === 'SIGTERM' ? 143 : 130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${slugs[0]}: failed, and its push may or may not have been applied`);
    expect(r.stderr).toContain(`not pushed: ${slugs[1]}, ${slugs[2]}`);
    expect(r.stderr).toContain('0 of 3 templates done');
    expect(r.stderr).toContain(`mailctl template push --dir ${d}`);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const rest = await run(['template', 'push', '--dir', d]);
    expect(rest.exitCode, rest.stderr).toBe(0);
    expect(Object.keys(actions(rest.stdout)).sort()).toEqual(slugs);
    expect(actions(rest.stdout)[slugs[2]!]).toBe('created');
  });

  it('a failure before the first write was sent changed nothing: the error alone', async () => {
    const d = fresh();
    for (const slug of ['pre-a', 'pre-b']) writeFileSync(join(d, `${slug}.html`), `<p>${slug}</p>`);
    emu.scriptFault({ method: 'GET', path: '/templates/pre-a', status: 503, times: 10 });
    const r = await run(['template', 'push', '--dir', d, '--retries', '0']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('may or may not');
    expect(r.stderr).not.toContain('templates done');
  });

  it('an .html file whose name cannot be a slug is refused (exit 2, nothing sent), not passed over; hidden files are not templates', async () => {
    const d = fresh();
    writeFileSync(join(d, 'ok.html'), '<p>ok</p>');
    writeFileSync(join(d, '.#ok.html'), 'an editor lock');
    const hidden = await run(['template', 'push', '--dir', d, '--dry-run']);
    expect(hidden.exitCode, hidden.stderr).toBe(0);
    expect(Object.keys(actions(hidden.stdout))).toEqual(['ok']);
    writeFileSync(join(d, 'Spring Sale.html'), '<p>sale</p>');
    const r = await run(['template', 'push', '--dir', d]);
    expectUsageError(r, r.requests, `--dir: ${join(d, 'Spring Sale.html')}`);
  });

  it('a visual-editor template pushed as HTML: the row says its design is replaced, in the dry run and the push', async () => {
    const d = fresh();
    const project = String(emu.fixtures.projects[1]); // the Marketing project, which holds spring-sale
    const pulled = await run(['template', 'pull', 'spring-sale', '--project', project, '--dir', d]);
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    writeFileSync(join(d, 'spring-sale.html'), '<p>Spring sale, edited: {{discount}}</p>');
    const dry = await run(['template', 'push', '--dir', d, '--dry-run', '--json']);
    expect(JSON.parse(dry.stdout)).toEqual([{ slug: 'spring-sale', action: 'update', version: 1, reason: 'content changed; its visual-editor design is replaced by this HTML' }]);
    const r = await run(['template', 'push', '--dir', d, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject([{ slug: 'spring-sale', action: 'updated', reason: 'content changed; its visual-editor design is replaced by this HTML' }]);
  });

  it('an empty (or blank) .html file is refused before anything is sent, as template update --html refuses one: it would wipe the template', async () => {
    const d = fresh();
    const pulled = await run(['template', 'pull', 'password-reset', '--dir', d]);
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    writeFileSync(join(d, 'password-reset.html'), ' \n');
    writeFileSync(join(d, 'zz-new.html'), '<p>new</p>');
    const r = await run(['template', 'push', '--dir', d]);
    expectUsageError(r, r.requests.filter((q) => q.method !== 'GET'), `--dir: ${join(d, 'password-reset.html')} is empty`);
    expect(r.requests).toHaveLength(0);
    // as the hint says, pull puts the service's HTML back: an empty file is no change to keep
    const again = await run(['template', 'pull', 'password-reset', '--dir', d]);
    expect(again.exitCode, again.stderr).toBe(0);
    const reference = fresh();
    expect((await run(['template', 'pull', 'password-reset', '--dir', reference])).exitCode).toBe(0);
    expect(readFileSync(join(d, 'password-reset.html'), 'utf8')).toBe(readFileSync(join(reference, 'password-reset.html'), 'utf8'));
  });

  it('a <slug>.json that cannot be read is an error naming it, not a new template', async () => {
    const d = fresh();
    writeFileSync(join(d, 'welcome-email.html'), '<p>changed</p>');
    mkdirSync(join(d, 'welcome-email.json'));
    const r = await run(['template', 'push', '--dir', d]);
    expectUsageError(r, r.requests, `--dir: cannot read ${join(d, 'welcome-email.json')}`);
  });
});

describe('template pull over files being pushed', () => {
  it('a file with changes not pushed is kept, not overwritten (exit 1 naming it); once pushed, pull writes it', async () => {
    const d = join(mkdtempSync(join(tmpdir(), 'mailctl-pull-')), 't');
    const first = await run(['template', 'pull', 'order-confirmation', 'password-reset', '--dir', d]);
    expect(first.exitCode, first.stderr).toBe(0);
    writeFileSync(join(d, 'order-confirmation.html'), '<p>my edit, not pushed yet</p>');
    writeFileSync(join(d, 'hand-made.html'), '<p>no json beside it</p>');
    const r = await run(['template', 'pull', 'order-confirmation', 'password-reset', '--dir', d]);
    expect(r.exitCode).toBe(1);
    expect(actions(r.stdout)).toEqual({ 'order-confirmation': 'kept', 'password-reset': 'pulled' });
    expect(r.stderr).toContain('not overwritten: order-confirmation');
    expect(readFileSync(join(d, 'order-confirmation.html'), 'utf8')).toBe('<p>my edit, not pushed yet</p>');

    const push = await run(['template', 'push', '--dir', d]);
    expect(push.exitCode, push.stderr).toBe(0);
    const again = await run(['template', 'pull', 'order-confirmation', '--dir', d]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(actions(again.stdout)).toEqual({ 'order-confirmation': 'pulled' });
  });

  it('a slug the service does not know, named first: the error names it (exit 4, nothing written)', async () => {
    const d = join(mkdtempSync(join(tmpdir(), 'mailctl-pull-')), 't');
    const r = await run(['template', 'pull', 'no-such-template', 'welcome-email', '--dir', d]);
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('hint: no template no-such-template in the default project (--project names another)');
    expect(readdirSync(d)).toEqual([]);
  });

  it('a failure half-way: the rows done on stdout, what was not pulled on stderr, and the command to re-run', async () => {
    const d = join(mkdtempSync(join(tmpdir(), 'mailctl-pull-')), 't');
    emu.scriptFault({ method: 'GET', path: '/templates/welcome-email', status: 404, times: 1 });
    const r = await run(['template', 'pull', 'password-reset', 'welcome-email', 'order-confirmation', '--dir', d]);
    expect(r.exitCode).toBe(4);
    expect(actions(r.stdout)).toEqual({ 'password-reset': 'pulled' });
    expect(r.stderr).toContain('welcome-email: failed, not pulled; not pulled either: order-confirmation');
    expect(r.stderr).toContain(`mailctl template pull password-reset welcome-email order-confirmation --dir ${d}`);
  });
});
