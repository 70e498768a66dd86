import { OPERATIONS } from '../../api/operations.js';
import { WEBHOOK_FIELDS } from '../../api/vocabulary.js';
import type { WebhookUpdate } from '../../api/webhooks.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError, ValueError } from '../../errors.js';
import { credential, httpUrl, name } from '../../input/values.js';
import { resolveWebhookEvents, suggestWebhookEvent, WEBHOOK_EVENTS, type EventConversion } from '../../input/webhook-events.js';
import { writeDetail } from '../../output/detail.js';
import { checkFields } from '../../output/fields.js';
import { arg, command, flag, kebab, type Parsed as ParsedOptions } from '../define.js';
import { printDryRun } from '../write.js';
import { webhookSections } from './columns.js';
import { CLIENT_SECRET, PASSWORD, secretFromEnv, secretFromStdin, type SecretSource } from './secrets.js';

const AUTH_TYPES = ['none', 'basic', 'oauth2'] as const;
type AuthType = (typeof AUTH_TYPES)[number];

/** Everything but the secrets, which are read in run() (stdin and env belong to the context). */
export interface SetOptions {
  id: string;
  update: Omit<WebhookUpdate, 'auth_password' | 'oauth_client_secret'>;
  conversions: EventConversion[];
  passwordStdin: boolean;
  secretStdin: boolean;
  dryRun: boolean;
}

// Spec 4.15 says only "string"; ids containing "/" or whitespace cannot name one webhook in a path.
function webhookId(v: string): string {
  if (v === '') throw new ValueError('must not be empty');
  if (/[\s/]/.test(v)) throw new ValueError('must not contain "/" or whitespace');
  if (v === '.' || v === '..') throw new ValueError('must be a webhook id (see `mailctl webhook list`)');
  return v;
}

const ARGS = { webhookId: arg('id of the webhook (see `mailctl webhook list`)', { parse: webhookId }) };

const FLAGS = {
  name: flag.string('new name (at most 255 characters)', { value: 'name', parse: name }),
  url: flag.string('address that receives the events: http or https URL, at most 2048 characters', { value: 'url', parse: httpUrl }),
  // short and legacy names are accepted and converted in check(), so the values are completed, not enforced here
  events: flag.list('event types to send, repeatable; short names like delivery are converted', { value: 'names', values: WEBHOOK_EVENTS, parse: (s) => s, item: 'event name' }),
  enable: flag.boolean('turn the webhook on'),
  disable: flag.boolean('turn the webhook off'),
  authType: flag.enum(AUTH_TYPES, 'authentication towards the URL', 'type'),
  authUsername: flag.string('basic auth username (at most 255 characters)', { value: 'name', parse: credential }),
  authPasswordStdin: flag.boolean('read the basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD with --auth-type basic)'),
  oauthTokenUrl: flag.string('OAuth 2.0 token address: http or https URL, at most 2048 characters', { value: 'url', parse: httpUrl }),
  oauthClientId: flag.string('OAuth 2.0 client id (at most 255 characters)', { value: 'id', parse: credential }),
  oauthClientSecretStdin: flag.boolean('read the OAuth 2.0 client secret from stdin (else env MAILCTL_WEBHOOK_CLIENT_SECRET with --auth-type oauth2)'),
  dryRun: flag.boolean('validate and print the request (secrets masked) without sending it'),
};
type Parsed = ParsedOptions<typeof FLAGS, typeof ARGS>;

/** Every flag that changes something: the flags above but --dry-run. */
const FIELD_FLAGS = Object.keys(FLAGS)
  .filter((key) => key !== 'dryRun')
  .map((key) => `--${kebab(key)}`)
  .join(', ');

function parseEvents(items: string[]): { events: string[]; conversions: EventConversion[] } {
  const { events, conversions, unknown } = resolveWebhookEvents(items);
  if (unknown.length > 0) {
    const suggestion = unknown.length === 1 ? suggestWebhookEvent(unknown[0]!) : undefined;
    throw new UsageError(
      `--events: unknown event name${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
      {
        details: [
          `valid names: ${WEBHOOK_EVENTS.join(', ')}`,
          'short names (delivery, click, relay_injection) and the legacy prefix engagament. are accepted too',
        ],
      },
    );
  }
  return { events, conversions };
}

/** Flags of each credential family that were given, by their names. */
function givenCredentialFlags(p: Parsed): { basic: string[]; oauth: string[] } {
  const pick = (pairs: Array<[unknown, string]>) => pairs.filter(([v]) => v !== undefined && v !== false).map(([, flag]) => flag);
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

/**
 * What can be checked without reading a secret. With --auth-type the
 * credentials must be those of that type and complete (secrets are checked in
 * run); without it, credentials of one type rotate those already stored for
 * the webhook's current type, and the API refuses them if the type differs.
 */
function checkAuth(p: Parsed): void {
  const { basic, oauth } = givenCredentialFlags(p);
  const type: AuthType | undefined = p.authType;
  if (type === 'none') {
    const given = [...basic, ...oauth];
    if (given.length > 0) throw new UsageError(`${given[0]} cannot be used with --auth-type none (it removes the credentials)`);
    return;
  }
  if (type === 'basic') {
    if (oauth.length > 0) throw new UsageError(`${oauth[0]} cannot be used with --auth-type basic`);
    if (p.authUsername === undefined) {
      throw new UsageError('--auth-type basic needs --auth-username and a password', {
        hint: 'pipe the password with --auth-password-stdin, or set MAILCTL_WEBHOOK_PASSWORD',
      });
    }
    return;
  }
  if (type === 'oauth2') {
    if (basic.length > 0) throw new UsageError(`${basic[0]} cannot be used with --auth-type oauth2`);
    const missing = [p.oauthTokenUrl === undefined && '--oauth-token-url', p.oauthClientId === undefined && '--oauth-client-id'].filter(Boolean);
    if (missing.length > 0) {
      throw new UsageError(`--auth-type oauth2 needs --oauth-token-url, --oauth-client-id and a client secret (missing ${missing.join(' and ')})`, {
        hint: 'pipe the secret with --oauth-client-secret-stdin, or set MAILCTL_WEBHOOK_CLIENT_SECRET',
      });
    }
    return;
  }
  if (basic.length > 0 && oauth.length > 0) {
    throw new UsageError(`${basic[0]} and ${oauth[0]} belong to different auth types, and a webhook has one`, {
      hint: 'to switch, pass --auth-type basic or --auth-type oauth2 with all of its credentials',
    });
  }
}

function check(p: Parsed): SetOptions {
  if (p.enable && p.disable) throw new UsageError('--enable and --disable cannot be used together');
  if (p.authPasswordStdin && p.oauthClientSecretStdin) {
    throw new UsageError('--auth-password-stdin and --oauth-client-secret-stdin cannot be used together: stdin holds one value', {
      hint: 'a webhook has either basic or oauth2 credentials, never both',
    });
  }
  const { basic, oauth } = givenCredentialFlags(p);
  const changes = [p.name, p.url, p.events, p.authType].filter((v) => v !== undefined).length + Number(p.enable) + Number(p.disable) + basic.length + oauth.length;
  if (changes === 0) throw new UsageError(`nothing to change: give at least one of ${FIELD_FLAGS}`);
  checkAuth(p);
  const events = p.events === undefined ? undefined : parseEvents(p.events);

  const update: SetOptions['update'] = {};
  if (p.name !== undefined) update.name = p.name;
  if (p.url !== undefined) update.url = p.url;
  if (events) update.events = events.events;
  if (p.enable) update.active = true;
  if (p.disable) update.active = false;
  if (p.authType !== undefined) update.auth_type = p.authType;
  if (p.authUsername !== undefined) update.auth_username = p.authUsername;
  if (p.oauthTokenUrl !== undefined) update.oauth_token_url = p.oauthTokenUrl;
  if (p.oauthClientId !== undefined) update.oauth_client_id = p.oauthClientId;
  return {
    id: p.webhookId,
    update,
    conversions: events?.conversions ?? [],
    passwordStdin: p.authPasswordStdin,
    secretStdin: p.oauthClientSecretStdin,
    dryRun: p.dryRun,
  };
}

/**
 * A secret from stdin when its flag is given; else, only when --auth-type
 * switches to the type that needs it, from its environment variable (a
 * variable left set in a CI job must not leak into unrelated updates).
 */
async function secret(ctx: Context, source: SecretSource, fromStdin: boolean, needed: boolean): Promise<string | undefined> {
  if (fromStdin) return secretFromStdin(ctx, source);
  if (!needed) return undefined;
  const value = secretFromEnv(ctx, source);
  if (value === undefined) {
    throw new UsageError(`--auth-type ${source === PASSWORD ? 'basic' : 'oauth2'} needs a ${source.what}`, {
      hint: `pipe it with ${source.flag}, or set ${source.envVar}`,
    });
  }
  ctx.notice(`using the ${source.what} from ${source.envVar}`);
  return value;
}

async function buildBody(opts: SetOptions, ctx: Context): Promise<WebhookUpdate> {
  const u = opts.update;
  const password = await secret(ctx, PASSWORD, opts.passwordStdin, u.auth_type === 'basic');
  const clientSecret = await secret(ctx, CLIENT_SECRET, opts.secretStdin, u.auth_type === 'oauth2');
  // Spec order, and only what was given
  const body = {
    name: u.name,
    url: u.url,
    events: u.events,
    active: u.active,
    auth_type: u.auth_type,
    auth_username: u.auth_username,
    auth_password: password,
    oauth_token_url: u.oauth_token_url,
    oauth_client_id: u.oauth_client_id,
    oauth_client_secret: clientSecret,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as WebhookUpdate;
}

/** The API's refusal, with a next step where the CLI knows one. */
function hinted(error: ApiError, opts: SetOptions): ApiError {
  let hint: string | undefined;
  if (error.status === 404) hint = 'run `mailctl webhook list` to see the ids of the team\'s webhooks';
  if (error.status === 400 && opts.update.auth_type === undefined && (opts.passwordStdin || opts.secretStdin || opts.update.auth_username || opts.update.oauth_token_url || opts.update.oauth_client_id)) {
    hint = 'without --auth-type, credentials replace those of the webhook\'s current auth type; to switch, pass --auth-type with all of its credentials';
  }
  return hint ? error.withHint(hint) : error;
}

async function run(opts: SetOptions, ctx: Context): Promise<void> {
  const { updateWebhook, updateWebhookRequest } = await import('../../api/webhooks.js');
  const out = ctx.output();
  checkFields(out.fields, [], WEBHOOK_FIELDS);
  const body = await buildBody(opts, ctx);
  if (opts.conversions.length > 0) {
    ctx.notice(`converted event names to their canonical form: ${opts.conversions.map((c) => `${c.given} → ${c.canonical}`).join(', ')}`);
  }
  const request = updateWebhookRequest(opts.id, body);
  if (opts.dryRun) return printDryRun(ctx, request);
  const api = await ctx.api();
  const spinner = await ctx.spinner(`updating webhook ${opts.id}`);
  let webhook;
  try {
    webhook = await updateWebhook(api, opts.id, body);
  } catch (error) {
    throw error instanceof ApiError ? hinted(error, opts) : error;
  } finally {
    spinner.stop();
  }
  await writeDetail(out, webhook, webhookSections(webhook));
  ctx.notice(`updated webhook ${webhook.id}`);
}

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export default command({
  name: 'set',
  summary: 'update a webhook: only the given fields change; secrets are read from stdin or env, never from flags',
  args: ARGS,
  flags: FLAGS,
  secretFlags: {
    '--auth-password': 'pipe it with --auth-password-stdin, or set MAILCTL_WEBHOOK_PASSWORD',
    '--oauth-client-secret': 'pipe it with --oauth-client-secret-stdin, or set MAILCTL_WEBHOOK_CLIENT_SECRET',
  },
  examples: [
    `mailctl webhook set ${ID} --url https://hooks.example.com/mail --events delivery,bounce,click`,
    `printf %s "$HOOK_PASSWORD" | mailctl webhook set ${ID} --auth-type basic --auth-username ops --auth-password-stdin`,
    `mailctl webhook set ${ID} --disable --dry-run`,
  ],
  operation: OPERATIONS.updateWebhook,
  check,
  run,
});
