// Item 11 of issue 17: secrets that come back from the server. A 401 body echoing the bearer
// token, or a 422 field error repeating the webhook password, is printed with the secret
// replaced by ****<last 4>: in plain errors, --json errors and --verbose lines alike.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { json, scriptedServer, type Handler } from '../helpers/server.js';

const KEY = `lttr_${'Q7mZ'.repeat(16)}`;
const PASSWORD = 'pw-Echo8vX2mN7rT4kL9';
const WEBHOOK = 'wh_0123456789';

/**
 * The verbose runs (-v) are spawned, so that whatever reaches the process's
 * stderr is seen (a stray console line included); the others run in-process.
 */
const spawnedFor = (extra: string[]) => extra.includes('-v');

async function against(handler: Handler, args: string[], input?: string) {
  const server = await scriptedServer([handler]);
  try {
    const cli = spawnedFor(args) ? runCli : runCliInProcess;
    const r = await cli(args, { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY }, input });
    return { r, seen: server.seen };
  } finally {
    await server.close();
  }
}

const echo401: Handler = (req, res) =>
  json(401, { message: `Invalid API key: ${req.headers.authorization}`, detail: { token: KEY } })(req, res, 0);

describe('a 401 that echoes the key', () => {
  for (const extra of [[], ['--json'], ['-v'], ['-v', '--json']]) {
    it(`webhook list ${extra.join(' ')}: the key is masked, the rest of the message kept`, async () => {
      const { r, seen } = await against(echo401, ['webhook', 'list', ...extra]);
      expect(r.code).toBe(3);
      expect(seen).toHaveLength(1); // a 401 is never retried
      expect(r.stdout + r.stderr).not.toContain(KEY);
      expect(r.stderr).toContain(`Invalid API key: Bearer ****${KEY.slice(-4)}`);
    });
  }
});

describe('a 422 that repeats the webhook password', () => {
  const echo422: Handler = (req, res) => {
    const body = JSON.parse(req.body) as { auth_password?: string };
    json(422, {
      message: 'Validation failed.',
      error_code: 'validation_error',
      errors: { auth_password: [`The password "${body.auth_password}" is too weak.`] },
    })(req, res, 0);
  };
  for (const extra of [[], ['--json'], ['-v']]) {
    it(`webhook set --auth-password-stdin ${extra.join(' ')}: the password is masked in the field error`, async () => {
      const args = ['webhook', 'set', WEBHOOK, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', ...extra];
      const { r, seen } = await against(echo422, args, PASSWORD);
      expect(r.code, r.stderr).toBe(5);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.body).toContain(PASSWORD); // it was sent, as it must be
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
      expect(r.stderr).toContain(`****${PASSWORD.slice(-4)}`);
    });
  }
});

// The standards: a secret never reaches stdout either, "not even when the server echoes it back".
describe('an answer whose fields echo a secret', () => {
  /** A webhook as the spec shows it, with the password and the key echoed in its fields. */
  const echoedWebhook: Handler = (req, res) => {
    const body = req.body ? (JSON.parse(req.body) as { auth_password?: string }) : {};
    json(200, {
      message: 'Webhook updated.',
      data: {
        id: WEBHOOK, name: `ops hook called with ${req.headers.authorization}`, url: 'https://example.com/hook', enabled: true, event_types: ['message.delivery'],
        auth_type: 'basic', has_auth_credentials: true, auth_username: 'ops', auth_password: body.auth_password ?? PASSWORD,
        last_status: null, last_successful_at: null, last_failure_at: null,
      },
    })(req, res, 0);
  };
  for (const format of [['--json'], ['--ndjson'], ['-o', 'csv'], ['--fields', 'id,name']]) {
    it(`webhook set --auth-password-stdin ${format.join(' ')}: stdout has the password and the key masked, the rest kept`, async () => {
      const args = ['webhook', 'set', WEBHOOK, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', ...format];
      const { r, seen } = await against(echoedWebhook, args, PASSWORD);
      expect(r.code, r.stderr).toBe(0);
      expect(seen).toHaveLength(1);
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
      expect(r.stdout + r.stderr).not.toContain(KEY);
      expect(r.stdout).toContain(`ops hook called with Bearer ****${KEY.slice(-4)}`);
      if (format[0] === '--json') expect(JSON.parse(r.stdout).auth_password).toBe(`****${PASSWORD.slice(-4)}`);
    });
  }

  it('api GET: a raw body that echoes the key is printed with the key masked', async () => {
    const { r } = await against(json(200, { data: [], echoed: { token: KEY } }), ['api', 'GET', '/webhooks']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain(KEY);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: [], echoed: { token: `****${KEY.slice(-4)}` } });
  });
});
