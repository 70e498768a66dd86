// The credentials `webhook listen` expects and `webhook forward` sends: the
// choice made by the auth flags, and the secrets read from stdin or env only.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { ExpectedAuth } from './verify.js';
import { BEARER_TOKEN, guardBasicCredentials, PASSWORD, SIGNING_SECRET, secretFromEnv, secretFromStdin, type SecretSource } from './secrets.js';

/** The auth flags of listen and forward, parsed. */
export interface AuthFlags {
  authType?: 'none' | 'basic' | 'oauth2';
  authUsername?: string;
  authPasswordStdin: boolean;
  bearerTokenStdin: boolean;
  signingSecretStdin: boolean;
}

export interface AuthChoice {
  authType: 'none' | 'basic' | 'oauth2';
  username?: string;
  /** which secret stdin holds, if any */
  stdinSecret?: 'password' | 'bearer' | 'signing';
}

export function parseAuthFlags(o: AuthFlags): AuthChoice {
  const stdin = (
    [
      [o.authPasswordStdin, 'password', '--auth-password-stdin'],
      [o.bearerTokenStdin, 'bearer', '--bearer-token-stdin'],
      [o.signingSecretStdin, 'signing', '--signing-secret-stdin'],
    ] as const
  ).filter(([given]) => given);
  if (stdin.length > 1) {
    throw new UsageError(`${stdin[0]![2]} and ${stdin[1]![2]} cannot be used together: stdin holds one value`, { hint: 'give the other one in its environment variable (see --help)' });
  }
  const authType = o.authType ?? 'none';
  if (authType !== 'basic' && (o.authUsername !== undefined || o.authPasswordStdin)) {
    throw new UsageError(`${o.authUsername !== undefined ? '--auth-username' : '--auth-password-stdin'} needs --auth-type basic`);
  }
  if (authType === 'basic' && o.authUsername === undefined) {
    throw new UsageError('--auth-type basic needs --auth-username and a password', { hint: 'pipe the password with --auth-password-stdin, or set MAILCTL_WEBHOOK_PASSWORD' });
  }
  if (authType !== 'oauth2' && o.bearerTokenStdin) throw new UsageError('--bearer-token-stdin needs --auth-type oauth2');
  return { authType, username: o.authUsername, stdinSecret: stdin[0]?.[1] };
}

async function secret(ctx: Context, source: SecretSource, fromStdin: boolean, required: boolean): Promise<string | undefined> {
  if (fromStdin) return secretFromStdin(ctx, source);
  const value = secretFromEnv(ctx, source);
  if (value === undefined && required) throw new UsageError(`the ${source.what} is missing`, { hint: `pipe it with ${source.flag}, or set ${source.envVar}` });
  return value;
}

/** The credentials and signing secret, read from stdin or env (never from a flag value). */
export async function readAuth(choice: AuthChoice, ctx: Context): Promise<{ auth: ExpectedAuth; signingSecret?: string }> {
  let auth: ExpectedAuth = { type: 'none' };
  if (choice.authType === 'basic') {
    auth = { type: 'basic', username: choice.username as string, password: (await secret(ctx, PASSWORD, choice.stdinSecret === 'password', true)) as string };
    guardBasicCredentials(ctx, auth.username, auth.password);
  } else if (choice.authType === 'oauth2') {
    auth = { type: 'bearer', token: (await secret(ctx, BEARER_TOKEN, choice.stdinSecret === 'bearer', true)) as string };
  }
  const signingSecret = await secret(ctx, SIGNING_SECRET, choice.stdinSecret === 'signing', false);
  return { auth, signingSecret };
}

/** The Authorization header that carries these credentials. */
export function authorizationHeader(auth: ExpectedAuth): string | undefined {
  if (auth.type === 'basic') return `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  if (auth.type === 'bearer') return `Bearer ${auth.token}`;
  return undefined;
}

/** A password in a receiver's URL (http://user:password@host/) is a secret of the run: never shown, even if a server echoes it. */
export function guardUrlSecret(ctx: Context, url: string): void {
  const { username, password } = new URL(url);
  if (!password) return;
  ctx.addSecret(password);
  try {
    ctx.addSecret(decodeURIComponent(password));
    // node sends the userinfo as Basic auth, decoded (as curl does)
    guardBasicCredentials(ctx, decodeURIComponent(username), decodeURIComponent(password));
  } catch {
    // not percent-encoded text: the raw form is guarded
  }
}
