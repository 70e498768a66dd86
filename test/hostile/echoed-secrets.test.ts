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
