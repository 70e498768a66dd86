// `template pull` / `template push`: templates as files. Pull then push is all unchanged;
// a changed file is updated (a dry run only says so); a template changed on the service
// since the pull is reported, not overwritten, unless --force; a new file is created.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsageError } from '../helpers/expect.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
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
