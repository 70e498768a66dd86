import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readHidden } from '../input/prompt.js';

// Webhook secrets never come from a flag value (shell history, `ps`, CI logs):
// only from stdin or from an environment variable. Nothing here ever puts the
// value into a message.

const MAX_SECRET_LENGTH = 255;

export interface SecretSource {
  /** The flag that reads it from stdin, e.g. "--auth-password-stdin". */
  flag: string;
  /** The environment variable that may hold it. */
  envVar: string;
  /** "password", "client secret": how messages name it. */
  what: string;
  /** longest accepted (default MAX_SECRET_LENGTH, the API's limit for the secrets it stores) */
  max?: number;
}

export const PASSWORD: SecretSource = { flag: '--auth-password-stdin', envVar: 'MAILCTL_WEBHOOK_PASSWORD', what: 'password' };
/** What `webhook listen` expects: tokens and signing secrets are not stored by the API, so no 255 limit. */
export const BEARER_TOKEN: SecretSource = { flag: '--bearer-token-stdin', envVar: 'MAILCTL_WEBHOOK_BEARER_TOKEN', what: 'bearer token', max: 8192 };
export const SIGNING_SECRET: SecretSource = { flag: '--signing-secret-stdin', envVar: 'MAILCTL_WEBHOOK_SIGNING_SECRET', what: 'signing secret', max: 8192 };

export const CLIENT_SECRET: SecretSource = {
  flag: '--oauth-client-secret-stdin',
  envVar: 'MAILCTL_WEBHOOK_CLIENT_SECRET',
  what: 'client secret',
};

/** Drops a byte-order mark and the trailing line break(s) that `echo` and editors add; keeps every other character. */
function normaliseSecret(raw: string): string {
  return raw.replace(/^\uFEFF/, '').replace(/[\r\n]+$/, '');
}

/** The secret, checked; `where` names its origin in the error (the flag or the variable), never the value. */
function checkSecret(raw: string, source: SecretSource, where: string): string {
  const value = normaliseSecret(raw);
  if (value === '') throw new UsageError(`${where}: the ${source.what} is empty`);
  if (/[\r\n]/.test(value)) throw new UsageError(`${where}: the ${source.what} must be a single line`);
  const max = source.max ?? MAX_SECRET_LENGTH;
  if (value.length > max) {
    throw new UsageError(`${where}: the ${source.what} must be at most ${max} characters (got ${value.length})`);
  }
  return value;
}

/** Reads the secret from stdin: all of it when piped, with a hidden prompt on a terminal. */
export async function secretFromStdin(ctx: Context, source: SecretSource): Promise<string> {
  const raw = ctx.io.stdinIsTTY ? await readHidden(ctx.io, `Webhook ${source.what}: `) : await ctx.readStdin();
  const secret = checkSecret(raw, source, source.flag);
  ctx.addSecret(secret);
  return secret;
}

/** The secret from its environment variable, or undefined when the variable is unset or empty. */
export function secretFromEnv(ctx: Context, source: SecretSource): string | undefined {
  const raw = ctx.io.env[source.envVar];
  if (raw === undefined || normaliseSecret(raw) === '') return undefined;
  const secret = checkSecret(raw, source, source.envVar);
  ctx.addSecret(secret);
  return secret;
}

/**
 * A Basic pair is a secret in its header form too: base64 of "user:password" gives the password
 * away, and a server or a receiver that quotes the header it got or would send shows that form.
 */
export function guardBasicCredentials(ctx: Pick<Context, 'addSecret'>, username: string | undefined, password: string | undefined): void {
  // a password rotated without its username: the header form is not known
  if (password === undefined || username === undefined) return;
  ctx.addSecret(Buffer.from(`${username}:${password}`, 'utf8').toString('base64'));
}

// The credential flags of `webhook create` and `webhook set`: which were given, one stdin secret at most.

export interface AuthFlagValues {
  authUsername?: string;
  authPasswordStdin: boolean;
  oauthTokenUrl?: string;
  oauthClientId?: string;
  oauthClientSecretStdin: boolean;
}

/** Flags of each credential family that were given, by their names. */
export function givenCredentialFlags(p: AuthFlagValues): { basic: string[]; oauth: string[] } {
  const pick = (pairs: Array<[unknown, string]>) => pairs.filter(([v]) => v !== undefined && v !== false).map(([, f]) => f);
  return {
    basic: pick([
      [p.authUsername, '--auth-username'],
      [p.authPasswordStdin, '--auth-password-stdin'],
    ]),
    oauth: pick([
      [p.oauthTokenUrl, '--oauth-token-url'],
      [p.oauthClientId, '--oauth-client-id'],
      [p.oauthClientSecretStdin, '--oauth-client-secret-stdin'],
    ]),
  };
}

export function checkOneStdinSecret(p: AuthFlagValues): void {
  if (p.authPasswordStdin && p.oauthClientSecretStdin) {
    throw new UsageError('--auth-password-stdin and --oauth-client-secret-stdin cannot be used together: stdin holds one value', {
      hint: 'a webhook has either basic or oauth2 credentials, never both',
    });
  }
}

/**
 * A secret from stdin when its flag is given; else, only when `fromEnv` (the
 * auth type switches to the one that needs it), from its environment variable
 * (a variable left set in a CI job must not leak into unrelated updates).
 */
export async function readSecret(ctx: Context, source: SecretSource, fromStdin: boolean, fromEnv: boolean): Promise<string | undefined> {
  if (fromStdin) return secretFromStdin(ctx, source);
  if (!fromEnv) return undefined;
  const value = secretFromEnv(ctx, source);
  if (value === undefined) {
    throw new UsageError(`--auth-type ${source === PASSWORD ? 'basic' : 'oauth2'} needs a ${source.what}`, {
      hint: `pipe it with ${source.flag}, or set ${source.envVar}`,
    });
  }
  ctx.notice(`using the ${source.what} from ${source.envVar}`);
  return value;
}
