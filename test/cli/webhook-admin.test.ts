// `webhook create`, `webhook show` and `webhook delete` (service-api-rest.md 4.13 to 4.15)
// against the emulator: the body that is sent, what the emulator stores, the secrets rule,
// and the delete safety rules (--yes, --if-exists, --dry-run).
import { beforeEach, describe, expect, it } from 'vitest';
import { expectUsageError } from '../helpers/expect.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { keyValues } from '../helpers/parse.js';

const emu = useEmulator({ seed: 5, events: 0, contacts: 0 });
const SECRET = 'pa55"word-never-printed-5c1e';

let ids: string[];
beforeEach(() => {
  ids = emu.fixtures.webhooks as string[];
});

const run = (args: string[], opts: Parameters<typeof runInProcess>[1] = {}) => runInProcess(args, { emulator: emu, ...opts });
const stored = () => [...emu.store.teams.main.webhooks.values()];

describe('webhook create', () => {
  it('without --events sends events_mode all, and prints the created webhook', async () => {
    const r = await run(['webhook', 'create', '--name', 'All events', '--url', 'https://hooks.example.com/all']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /webhooks']);
    expect(r.requests[0]!.body).toStrictEqual({ name: 'All events', url: 'https://hooks.example.com/all', auth_type: 'none', events_mode: 'all' });
    const shown = keyValues(r.stdout);
    expect(shown).toMatchObject({ name: 'All events', event_types: 'all', enabled: 'true', auth_type: 'none' });
    expect(stored().some((w) => w.id === shown.id && w.event_types === null)).toBe(true);
    expect(r.stderr).toBe(`created webhook ${shown.id}\n`);
  });

  it('limits count characters (spec 8: name and auth_username at most 255): 255 emoji are sent, 256 refused', async () => {
    const wide = (n: number) => '\u{1F600}'.repeat(n);
    const r = await run(['webhook', 'create', '--name', wide(255), '--url', 'https://hooks.example.com/wide', '--auth-type', 'basic', '--auth-username', wide(255), '--auth-password-stdin'], { stdin: 'pw\n' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]!.body).toMatchObject({ name: wide(255), auth_username: wide(255) });
    for (const flag of ['--name', '--auth-username']) {
      const args = ['webhook', 'create', '--name', 'n', '--url', 'https://hooks.example.com/x', '--auth-type', 'basic', '--auth-username', 'u', '--auth-password-stdin'];
      args[args.indexOf(flag) + 1] = wide(256);
      const over = await run(args, { stdin: 'pw\n' });
      expectUsageError(over, over.requests, flag);
    }
  });

  it('--events sends events_mode selected with canonical names', async () => {
    const r = await run(['webhook', 'create', '--name', 'B', '--url', 'https://hooks.example.com/b', '--events', 'delivery,engagament.click', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]!.body).toStrictEqual({
      name: 'B', url: 'https://hooks.example.com/b', auth_type: 'none', events_mode: 'selected', events: ['message.delivery', 'engagement.click'],
    });
    expect(JSON.parse(r.stdout)).toMatchObject({ event_types: ['message.delivery', 'engagement.click'] });
    expect(r.stderr).toContain('delivery → message.delivery');
  });

  it('basic auth: the password comes from stdin, is sent, and is printed nowhere', async () => {
    const r = await run(
      ['webhook', 'create', '--name', 'Basic', '--url', 'https://hooks.example.com/basic', '--auth-username', 'ops', '--auth-password-stdin'],
      { stdin: `${SECRET}\n` },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]!.body).toStrictEqual({
      name: 'Basic', url: 'https://hooks.example.com/basic', auth_type: 'basic', auth_username: 'ops', auth_password: SECRET, events_mode: 'all',
    });
    expect(r.stdout + r.stderr).not.toContain('never-printed');
    expect(keyValues(r.stdout)).toMatchObject({ auth_type: 'basic', has_auth_credentials: 'true' });
  });

  it('--dry-run prints the request with the secret masked and sends nothing', async () => {
    const r = await run(
      ['webhook', 'create', '--name', 'O', '--url', 'https://h.example/o', '--auth-type', 'oauth2', '--oauth-client-id', 'cid', '--oauth-token-url', 'https://auth.example/token', '--oauth-client-secret-stdin', '--dry-run', '--json'],
      { stdin: SECRET },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      dry_run: true, method: 'POST', url: `${emu.baseUrl}/webhooks`,
      body: { auth_type: 'oauth2', oauth_client_id: 'cid', oauth_client_secret: '********', oauth_token_url: 'https://auth.example/token', events_mode: 'all' },
    });
    expect(r.stdout + r.stderr).not.toContain('never-printed');
  });

  it.each([
    { args: ['--url', 'https://h.example/x'], names: '--name' },
    { args: ['--name', 'x'], names: '--url' },
    { args: ['--name', 'x', '--url', 'https://h.example/x', '--auth-type', 'basic', '--auth-username', 'u'], names: '--auth-password-stdin' },
    { args: ['--name', 'x', '--url', 'https://h.example/x', '--auth-type', 'none', '--auth-username', 'u'], names: '--auth-username' },
    { args: ['--name', 'x', '--url', 'https://h.example/x', '--events', 'nope'], names: '--events' },
    { args: ['--name', 'x', '--url', 'https://h.example/x', '--auth-password', 'p'], names: '--auth-password' },
  ])('refuses $names before sending anything', async ({ args, names }) => {
    const r = await run(['webhook', 'create', ...args]);
    expectUsageError(r, r.requests, names);
  });
});

describe('webhook show', () => {
  it('prints one webhook from GET /webhooks/{id}', async () => {
    const id = ids[1]!;
    const r = await run(['webhook', 'show', id, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /webhooks/${id}`]);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, name: emu.store.teams.main.webhooks.get(id)!.name });
  });

  it('an unknown id exits 4', async () => {
    const r = await run(['webhook', 'show', 'webhook-nope']);
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
  });
});

describe('webhook delete', () => {
  it('without --yes and without a terminal: exit 2, nothing sent', async () => {
    const r = await run(['webhook', 'delete', ids[0]!]);
    expectUsageError(r, r.requests, '--yes');
  });

  it('--yes deletes it', async () => {
    const id = ids[2]!;
    const r = await run(['webhook', 'delete', id, '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`DELETE /webhooks/${id}`]);
    expect(keyValues(r.stdout)).toEqual({ id, deleted: 'true' });
    expect(emu.store.teams.main.webhooks.has(id)).toBe(false);
  });

  it('--if-exists turns a 404 into a no-op; without it the 404 is exit 4', async () => {
    const gone = await run(['webhook', 'delete', 'webhook-gone', '--yes', '--if-exists']);
    expect(gone.exitCode).toBe(0);
    expect(keyValues(gone.stdout)).toEqual({ id: 'webhook-gone', deleted: 'false' });
    expect(gone.stderr).toContain('does not exist');
    const strict = await run(['webhook', 'delete', 'webhook-gone', '--yes']);
    expect(strict.exitCode).toBe(4);
  });

  it('--dry-run prints the DELETE and sends nothing', async () => {
    const r = await run(['webhook', 'delete', ids[0]!, '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`DELETE ${emu.baseUrl}/webhooks/${ids[0]}\n`);
    expect(r.requests).toHaveLength(0);
  });

  it('a sandbox key is refused before anything is sent', async () => {
    const r = await run(['webhook', 'delete', ids[0]!, '--yes'], { key: 'sandbox' });
    expect(r.exitCode).toBe(3);
    expect(r.requests).toHaveLength(0);
  });
});
