// `webhook set` (PUT /webhooks/{webhookId}) against the emulator: what goes into the body and
// nothing else, what the emulator stores, and that a secret never reaches stdout or stderr.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type Webhook as StoredWebhook } from '../../src/emulator/index.js';
import { WEBHOOK_EVENTS } from '../../src/input/webhook-events.js';
import { emulatorEnv, type CliResult } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { keyValues } from '../helpers/parse.js';
import { get } from '../helpers/emulator.js';

// A quote (escaped in JSON) and a distinctive core, so a leak in any encoding is caught.
const SECRET = 'Tr0ub4dor"&3-never-printed-7f3a';
const SECRET_FORMS = [SECRET, JSON.stringify(SECRET).slice(1, -1), 'never-printed-7f3a'];
const OTHER_SECRET = 'env-secret-not-to-be-used-91c2';

let emu: Emulator;
let snapshot: Array<[string, StoredWebhook]>;
let NONE: string; // auth none, every event, enabled
let BASIC: string; // basic, two events, enabled
let OAUTH: string; // oauth2, two events, disabled

beforeAll(async () => {
  emu = await startEmulator({ seed: 5, events: 0, contacts: 0 });
  [NONE, BASIC, OAUTH] = emu.fixtures.webhooks as [string, string, string];
  snapshot = [...emu.store.teams.main.webhooks].map(([id, w]) => [id, structuredClone(w)]);
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  // every case starts from the seeded webhooks
  for (const [id, w] of snapshot) emu.store.teams.main.webhooks.set(id, structuredClone(w));
  emu.clearRequests();
});

type Key = Parameters<typeof emulatorEnv>[1];
interface SetOpts {
  input?: string;
  env?: Record<string, string>;
  key?: Key;
}
const set = (args: string[], opts: SetOpts = {}) =>
  runCli(['webhook', 'set', ...args], { env: { ...emulatorEnv(emu, opts.key ?? 'full'), ...opts.env }, input: opts.input });

const stored = (id: string) => emu.store.teams.main.webhooks.get(id)!;
const seeded = (id: string) => snapshot.find(([k]) => k === id)![1];

/** The one PUT the CLI sent, to the webhook's path; fails when there is not exactly one request. */
function onePut(id: string): Record<string, unknown> {
  expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /webhooks/${id}`]);
  return emu.requests[0]!.body as Record<string, unknown>;
}

function expectNoSecret(r: CliResult): void {
  for (const form of SECRET_FORMS) {
    expect(r.stdout).not.toContain(form);
    expect(r.stderr).not.toContain(form);
  }
}

/** key<TAB>value lines of the default (piped) output. */
const detail = keyValues;

describe('webhook set: each flag maps to its body field, and nothing else is sent', () => {
  it.each([
    { args: ['--name', '  Renamed hook  '], body: { name: 'Renamed hook' }, check: (w: StoredWebhook) => expect(w.name).toBe('Renamed hook') },
    { args: ['--url', 'https://new.example/hook?x=1'], body: { url: 'https://new.example/hook?x=1' }, check: (w: StoredWebhook) => expect(w.url).toBe('https://new.example/hook?x=1') },
    { args: ['--url', 'http://10.0.0.5:8080/in'], body: { url: 'http://10.0.0.5:8080/in' }, check: (w: StoredWebhook) => expect(w.url).toBe('http://10.0.0.5:8080/in') },
    { args: ['--disable'], body: { active: false }, check: (w: StoredWebhook) => expect(w.enabled).toBe(false) },
    { args: ['--events', 'message.bounce'], body: { events: ['message.bounce'] }, check: (w: StoredWebhook) => expect(w.event_types).toEqual(['message.bounce']) },
    { args: ['--auth-username', 'new-user'], body: { auth_username: 'new-user' }, check: (w: StoredWebhook) => expect(w.credentials).toEqual({ ...seeded(BASIC).credentials, auth_username: 'new-user' }) },
    { args: ['--auth-type', 'none'], body: { auth_type: 'none' }, check: (w: StoredWebhook) => expect([w.auth_type, w.credentials]).toEqual(['none', {}]) },
  ])('$args.0 → $body', async ({ args, body, check }) => {
    const r = await set([BASIC, ...args]);
    expect(r.stderr).toBe(`updated webhook ${BASIC}\n`);
    expect(r.code).toBe(0);
    expect(onePut(BASIC)).toStrictEqual(body);
    check(stored(BASIC));
    const shown = detail(r.stdout);
    expect(shown.id).toBe(BASIC);
    expect(shown.name).toBe(stored(BASIC).name);
  });

  it('--enable → active: true, and the output says enabled', async () => {
    const r = await set([OAUTH, '--enable', '--json']);
    expect(r.code).toBe(0);
    expect(onePut(OAUTH)).toStrictEqual({ active: true });
    expect(stored(OAUTH).enabled).toBe(true);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: OAUTH, enabled: true });
  });

  it('--oauth-token-url and --oauth-client-id alone rotate those of an oauth2 webhook', async () => {
    const r = await set([OAUTH, '--oauth-token-url', 'https://auth.example/v2/token', '--oauth-client-id', 'client-2']);
    expect(r.code).toBe(0);
    expect(onePut(OAUTH)).toStrictEqual({ oauth_token_url: 'https://auth.example/v2/token', oauth_client_id: 'client-2' });
    expect(stored(OAUTH).credentials).toEqual({ ...seeded(OAUTH).credentials, oauth_token_url: 'https://auth.example/v2/token', oauth_client_id: 'client-2' });
  });

  it('several flags at once: one PUT with exactly those fields; json prints the data object', async () => {
    const r = await set([NONE, '--name', 'Warehouse', '--url', 'https://wh.example/in', '--events', 'message.delivery,message.bounce', '--disable', '--json']);
    expect(r.code).toBe(0);
    expect(onePut(NONE)).toStrictEqual({ name: 'Warehouse', url: 'https://wh.example/in', events: ['message.delivery', 'message.bounce'], active: false });
    const after = (await get(emu, '/webhooks')).body.data.webhooks.find((w: { id: string }) => w.id === NONE);
    expect(JSON.parse(r.stdout)).toEqual(after);
    expect(after).toMatchObject({ name: 'Warehouse', url: 'https://wh.example/in', enabled: false, event_types: ['message.delivery', 'message.bounce'] });
  });

  it('never sends the deprecated target, whatever the flags', async () => {
    await set([NONE, '--url', 'https://t.example/x']);
    expect(onePut(NONE)).not.toHaveProperty('target');
  });

  it('the piped output shows every field: event types comma-joined, "all" for no filter', async () => {
    const r = await set([NONE, '--name', 'x']);
    expect(r.code).toBe(0);
    expect(Object.keys(detail(r.stdout))).toEqual([
      'id', 'name', 'url', 'enabled', 'event_types', 'auth_type', 'has_auth_credentials', 'last_status', 'last_successful_at', 'last_failure_at',
    ]);
    expect(detail(r.stdout)).toMatchObject({ event_types: 'all', enabled: 'true', auth_type: 'none', has_auth_credentials: 'false' });
    const b = await set([BASIC, '--name', 'y']);
    expect(detail(b.stdout).event_types).toBe('message.bounce,message.out_of_band');
  });

  it('an id is sent path-encoded, never as a query', async () => {
    const r = await set(['wh?x=1&y', '--name', 'n']);
    expect(r.code).toBe(4);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'PUT', path: '/webhooks/wh%3Fx%3D1%26y', rawQuery: '' });
  });
});

describe('webhook set: event names', () => {
  it('converts short and legacy names to canonical ones before sending, and says so on stderr', async () => {
    const r = await set([BASIC, '--events', 'delivery,engagament.click,relay_injection', '--events', 'message.bounce,click']);
    expect(r.code).toBe(0);
    expect(onePut(BASIC)).toStrictEqual({ events: ['message.delivery', 'engagement.click', 'relay.relay_injection', 'message.bounce'] });
    expect(stored(BASIC).event_types).toEqual(['message.delivery', 'engagement.click', 'relay.relay_injection', 'message.bounce']);
    expect(r.stderr).toContain(
      'converted event names to their canonical form: delivery → message.delivery, engagament.click → engagement.click, relay_injection → relay.relay_injection, click → engagement.click\n',
    );
    expect(r.stdout).not.toContain('converted');
  });

  it('-q drops the notice but still sends canonical names', async () => {
    const r = await set([BASIC, '--events', 'open', '-q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(onePut(BASIC)).toStrictEqual({ events: ['engagement.open'] });
  });

  it('canonical names go through without a notice', async () => {
    const r = await set([BASIC, '--events', 'unsubscribe.link_unsubscribe']);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('converted');
  });

  it('an unknown name is exit 2 listing every valid name, even with -q', async () => {
    const r = await set([BASIC, '--events', 'delivery,delivry', '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--events: unknown event name "delivry" (did you mean message.delivery?)');
    for (const name of WEBHOOK_EVENTS) expect(r.stderr).toContain(name);
    expect(r.stdout).toBe('');
    expect(emu.requests).toHaveLength(0);
  });
});

describe('webhook set: secrets', () => {
  it('switches to basic with the password from stdin (trailing newline stripped); the emulator stores it', async () => {
    const r = await set([NONE, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin'], { input: `${SECRET}\n` });
    expect(r.code).toBe(0);
    expect(onePut(NONE)).toStrictEqual({ auth_type: 'basic', auth_username: 'ops', auth_password: SECRET });
    expect(stored(NONE)).toMatchObject({ auth_type: 'basic', credentials: { auth_username: 'ops', auth_password: SECRET } });
    expect(detail(r.stdout)).toMatchObject({ auth_type: 'basic', has_auth_credentials: 'true' });
    expectNoSecret(r);
  });

  it('switches to basic with the password from MAILCTL_WEBHOOK_PASSWORD, naming the variable, not the value', async () => {
    const r = await set([NONE, '--auth-type', 'basic', '--auth-username', 'ops'], { env: { MAILCTL_WEBHOOK_PASSWORD: SECRET } });
    expect(r.code).toBe(0);
    expect(onePut(NONE)).toStrictEqual({ auth_type: 'basic', auth_username: 'ops', auth_password: SECRET });
    expect(stored(NONE).credentials).toEqual({ auth_username: 'ops', auth_password: SECRET });
    expect(r.stderr).toContain('using the password from MAILCTL_WEBHOOK_PASSWORD\n');
    expectNoSecret(r);
  });

  it('switches to oauth2 with the client secret from stdin; the basic credentials are gone', async () => {
    const r = await set(
      [BASIC, '--auth-type', 'oauth2', '--oauth-token-url', 'https://auth.example/token', '--oauth-client-id', 'cid', '--oauth-client-secret-stdin', '--json'],
      { input: `${SECRET}\r\n` },
    );
    expect(r.code).toBe(0);
    expect(onePut(BASIC)).toStrictEqual({ auth_type: 'oauth2', oauth_token_url: 'https://auth.example/token', oauth_client_id: 'cid', oauth_client_secret: SECRET });
    expect(stored(BASIC)).toMatchObject({ auth_type: 'oauth2', credentials: { oauth_token_url: 'https://auth.example/token', oauth_client_id: 'cid', oauth_client_secret: SECRET } });
    expect(stored(BASIC).credentials).not.toHaveProperty('auth_password');
    expect(JSON.parse(r.stdout)).toMatchObject({ auth_type: 'oauth2', has_auth_credentials: true });
    expectNoSecret(r);
  });

  it('switches to oauth2 with the client secret from MAILCTL_WEBHOOK_CLIENT_SECRET', async () => {
    const r = await set([NONE, '--auth-type', 'oauth2', '--oauth-token-url', 'https://auth.example/token', '--oauth-client-id', 'cid'], {
      env: { MAILCTL_WEBHOOK_CLIENT_SECRET: SECRET, MAILCTL_WEBHOOK_PASSWORD: OTHER_SECRET },
    });
    expect(r.code).toBe(0);
    expect(onePut(NONE)).toStrictEqual({ auth_type: 'oauth2', oauth_token_url: 'https://auth.example/token', oauth_client_id: 'cid', oauth_client_secret: SECRET });
    expect(r.stderr).toContain('using the client secret from MAILCTL_WEBHOOK_CLIENT_SECRET\n');
    expectNoSecret(r);
  });

  it('a password alone rotates the password of a webhook already on basic (username kept)', async () => {
    const r = await set([BASIC, '--auth-password-stdin'], { input: SECRET });
    expect(r.code).toBe(0);
    expect(onePut(BASIC)).toStrictEqual({ auth_password: SECRET });
    expect(stored(BASIC)).toMatchObject({ auth_type: 'basic', credentials: { auth_username: seeded(BASIC).credentials.auth_username, auth_password: SECRET } });
    expectNoSecret(r);
  });

  it('stdin wins over the environment variable', async () => {
    const r = await set([NONE, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin'], { input: SECRET, env: { MAILCTL_WEBHOOK_PASSWORD: OTHER_SECRET } });
    expect(r.code).toBe(0);
    expect(onePut(NONE).auth_password).toBe(SECRET);
    expect(r.stderr).not.toContain('MAILCTL_WEBHOOK_PASSWORD');
  });

  it('a secret variable left in the environment is not sent with unrelated changes', async () => {
    const r = await set([BASIC, '--name', 'n', '--auth-username', 'u2'], { env: { MAILCTL_WEBHOOK_PASSWORD: SECRET, MAILCTL_WEBHOOK_CLIENT_SECRET: SECRET } });
    expect(r.code).toBe(0);
    expect(onePut(BASIC)).toStrictEqual({ name: 'n', auth_username: 'u2' });
    expect(stored(BASIC).credentials.auth_password).toBe(seeded(BASIC).credentials.auth_password);
  });

  it('--verbose shows the request body with the secret masked', async () => {
    const r = await set([NONE, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', '--verbose', '--json'], { input: SECRET });
    expect(r.code).toBe(0);
    expect(onePut(NONE).auth_password).toBe(SECRET); // it was sent...
    expect(r.stderr).toMatch(/^> PUT http:\/\/127\.0\.0\.1:\d+\/webhooks\/\S+ 200 .* body=\{"auth_type":"basic","auth_username":"ops","auth_password":"\*{8}"\}$/m);
    expectNoSecret(r); // ...but never shown
  });

  it('--dry-run validates, prints the exact request with the secret masked, and sends nothing', async () => {
    const r = await set([OAUTH, '--auth-type', 'oauth2', '--oauth-token-url', 'https://a.example/t', '--oauth-client-id', 'c', '--oauth-client-secret-stdin', '--events', 'click', '--dry-run'], {
      input: SECRET,
    });
    expect(r.code).toBe(0);
    expect(emu.requests).toHaveLength(0);
    expect(stored(OAUTH)).toEqual(seeded(OAUTH));
    const [line, ...json] = r.stdout.trimEnd().split('\n');
    expect(line).toBe(`PUT ${emu.baseUrl}/webhooks/${OAUTH}`);
    expect(JSON.parse(json.join('\n'))).toStrictEqual({
      events: ['engagement.click'],
      auth_type: 'oauth2',
      oauth_token_url: 'https://a.example/t',
      oauth_client_id: 'c',
      oauth_client_secret: '********',
    });
    expect(r.stderr).toContain('converted event names to their canonical form: click → engagement.click\n');
    expect(r.stderr).toContain('dry run: nothing was sent\n');
    expectNoSecret(r);
  });

  it('--dry-run --json prints method, URL and masked body as one object; the env secret is masked too; no key needed', async () => {
    const r = await runCli(['webhook', 'set', NONE, '--auth-type', 'basic', '--auth-username', 'ops', '--dry-run', '--json', '--verbose'], {
      env: { MAILCTL_BASE_URL: `${emu.baseUrl}/`, MAILCTL_WEBHOOK_PASSWORD: SECRET },
    });
    expect(r.code).toBe(0);
    expect(emu.requests).toHaveLength(0);
    expect(JSON.parse(r.stdout)).toStrictEqual({
      dry_run: true,
      method: 'PUT',
      url: `${emu.baseUrl}/webhooks/${NONE}`,
      body: { auth_type: 'basic', auth_username: 'ops', auth_password: '********' },
    });
    expectNoSecret(r);
  });

  it('a refused update (password for an oauth2 webhook) is exit 5 with a hint, and the secret stays hidden', async () => {
    const r = await set([OAUTH, '--auth-password-stdin', '--verbose', '--json'], { input: SECRET });
    expect(r.code).toBe(5);
    expect(onePut(OAUTH)).toStrictEqual({ auth_password: SECRET });
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('(send_error, HTTP 400)');
    expect(r.stderr).toContain('hint: without --auth-type, credentials replace those of the webhook\'s current auth type');
    expect(stored(OAUTH)).toEqual(seeded(OAUTH));
    expectNoSecret(r);
  });

  it.each([
    { what: 'an empty stdin', input: '', message: '--auth-password-stdin: the password is empty' },
    { what: 'a lone newline', input: '\n', message: '--auth-password-stdin: the password is empty' },
    { what: 'two lines', input: `${SECRET}\nsecond-line\n`, message: '--auth-password-stdin: the password must be a single line' },
    { what: '256 characters', input: `${SECRET}${'x'.repeat(256 - SECRET.length)}`, message: '--auth-password-stdin: the password must be at most 255 characters (got 256)' },
  ])('$what on stdin is exit 2, nothing sent, nothing of it shown', async ({ input, message }) => {
    const r = await set([BASIC, '--auth-password-stdin', '--verbose'], { input });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    expect(emu.requests).toHaveLength(0);
    expectNoSecret(r);
    expect(r.stderr).not.toContain('second-line');
  });

  it('a secret given as a flag value is refused, pointing at the stdin flag, and the value is not echoed', async () => {
    for (const [args, pointer] of [
      [['--auth-password', SECRET], '--auth-password-stdin'],
      [[`--auth-password=${SECRET}`], '--auth-password-stdin'],
      [[`--oauth-client-secret=${SECRET}`], '--oauth-client-secret-stdin'],
      [['--auth-type', 'basic', `--password=${SECRET}`], 'unknown option'],
    ] as Array<[string[], string]>) {
      const r = await set([BASIC, ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: unknown option '--[a-z-]+'/);
      expect(r.stderr).toContain(pointer);
      expect(r.stdout).toBe('');
      expectNoSecret(r);
    }
    expect(emu.requests).toHaveLength(0);
  });
});

describe('webhook set: consistency and bad input are exit 2 with nothing sent', () => {
  const long = (n: number) => `https://h.example/${'a'.repeat(n - 'https://h.example/'.length)}`;
  it.each([
    { args: [], message: 'nothing to change: give at least one of --name' },
    { args: ['--dry-run'], message: 'nothing to change' },
    { args: ['--enable', '--disable'], message: '--enable and --disable cannot be used together' },
    { args: ['--auth-password-stdin', '--oauth-client-secret-stdin'], input: 'x', message: '--auth-password-stdin and --oauth-client-secret-stdin cannot be used together: stdin holds one value' },
    { args: ['--auth-type', 'basic', '--auth-password-stdin'], input: 'x', message: '--auth-type basic needs --auth-username and a password' },
    { args: ['--auth-type', 'basic', '--auth-username', 'u'], message: '--auth-type basic needs a password' },
    { args: ['--auth-type', 'basic', '--auth-username', 'u'], env: { MAILCTL_WEBHOOK_PASSWORD: '' }, message: '--auth-type basic needs a password' },
    { args: ['--auth-type', 'basic', '--auth-username', 'u', '--oauth-client-id', 'c'], env: { MAILCTL_WEBHOOK_PASSWORD: 'p' }, message: '--oauth-client-id cannot be used with --auth-type basic' },
    { args: ['--auth-type', 'oauth2', '--oauth-token-url', 'https://a.example/t'], env: { MAILCTL_WEBHOOK_CLIENT_SECRET: 's' }, message: '--auth-type oauth2 needs --oauth-token-url, --oauth-client-id and a client secret (missing --oauth-client-id)' },
    { args: ['--auth-type', 'oauth2', '--oauth-token-url', 'https://a.example/t', '--oauth-client-id', 'c'], env: { MAILCTL_WEBHOOK_PASSWORD: 'p' }, message: '--auth-type oauth2 needs a client secret' },
    { args: ['--auth-type', 'oauth2', '--oauth-token-url', 'https://a.example/t', '--oauth-client-id', 'c', '--auth-password-stdin'], input: 'x', message: '--auth-password-stdin cannot be used with --auth-type oauth2' },
    { args: ['--auth-type', 'none', '--auth-username', 'u'], message: '--auth-username cannot be used with --auth-type none' },
    { args: ['--auth-username', 'u', '--oauth-client-id', 'c'], message: '--auth-username and --oauth-client-id belong to different auth types' },
    { args: ['--auth-type', 'digest'], message: '--auth-type: must be one of none, basic, oauth2 (got "digest")' },
    { args: ['--auth-username', ''], message: '--auth-username: must not be empty' },
    { args: ['--oauth-client-id', 'c'.repeat(256)], message: '--oauth-client-id: must be at most 255 characters' },
    { args: ['--name', '   '], message: '--name: must not be empty' },
    { args: ['--name', 'n'.repeat(256)], message: '--name: must be at most 255 characters' },
    { args: ['--url', 'ftp://h.example/x'], message: '--url: must be an http or https URL' },
    { args: ['--url', 'hooks.example.com/in'], message: '--url: must be an http or https URL' },
    { args: ['--url', long(2049)], message: '--url: must be at most 2048 characters' },
    { args: ['--oauth-token-url', 'not a url'], message: '--oauth-token-url: must be an http or https URL' },
    { args: ['--events', ''], message: '--events: needs at least one event name' },
    { args: ['--events', 'delivery,,bounce'], message: '--events: must not have an empty item' },
    { args: ['--events', 'message.click'], message: '--events: unknown event name "message.click"' },
    { args: ['--name', 'n', '--fields', 'id,password'], message: '--fields: unknown field "password"' },
  ] as Array<{ args: string[]; message: string; input?: string; env?: Record<string, string> }>)('$args → $message', async ({ args, message, input, env }) => {
    const r = await set([BASIC, ...args], { input, env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: ${message}`);
    expect(r.stdout).toBe('');
    expect(emu.requests).toHaveLength(0);
    expect(stored(BASIC)).toEqual(seeded(BASIC));
  });

  it('a 2048-character URL is accepted', async () => {
    const r = await set([BASIC, '--url', long(2048)]);
    expect(r.code).toBe(0);
    expect(onePut(BASIC)).toStrictEqual({ url: long(2048) });
  });

  it.each([
    { id: '', message: 'WEBHOOK_ID: must not be empty' },
    { id: 'a/b', message: 'WEBHOOK_ID: must not contain "/" or whitespace (got "a/b")' },
    { id: 'a b', message: 'WEBHOOK_ID: must not contain "/" or whitespace' },
    { id: '..', message: 'WEBHOOK_ID: must be a webhook id' },
  ])('webhook id "$id" → $message', async ({ id, message }) => {
    const r = await set([id, '--enable']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${message}`);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('webhook set: API refusals', () => {
  it('a read-only key is refused: 403, exit 3, nothing changed', async () => {
    const r = await set([BASIC, '--name', 'n'], { key: 'read_only' });
    expect(r.code).toBe(3);
    expect(onePut(BASIC)).toStrictEqual({ name: 'n' });
    expect(emu.requests[0]!.status).toBe(403);
    expect(r.stderr).toContain('(insufficient_scope, HTTP 403)');
    expect(r.stdout).toBe('');
    expect(stored(BASIC)).toEqual(seeded(BASIC));
  });

  it('an unknown id, or another team\'s webhook, is exit 4 with a pointer to webhook list', async () => {
    for (const id of ['no-such-webhook', emu.fixtures.otherTeam.webhooks[0]!]) {
      emu.clearRequests();
      const r = await set([id, '--enable']);
      expect(r.code).toBe(4);
      expect(onePut(id)).toStrictEqual({ active: true });
      expect(r.stderr).toContain('(not_found, HTTP 404)');
      expect(r.stderr).toContain('hint: run `mailctl webhook list`');
    }
    expect(emu.store.teams.other.webhooks.get(emu.fixtures.otherTeam.webhooks[0]!)!.enabled).toBe(true);
  });

  it('an answer without data is exit 1 naming the operation', async () => {
    emu.scriptFault({ method: 'PUT', status: 200, body: JSON.stringify({ message: 'Webhook updated successfully.' }) });
    const r = await set([BASIC, '--name', 'n']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unexpected response from PUT /webhooks/{webhookId}: data missing');
  });
});
