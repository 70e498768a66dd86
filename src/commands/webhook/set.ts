import { OPERATIONS } from '../../api/operations.js';
import { WEBHOOK_FIELDS } from '../../api/vocabulary.js';
import type { WebhookUpdate } from '../../api/webhooks.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { parseWebhookEvents, type EventConversion } from '../../input/webhook-events.js';
import { writeDetail } from '../../output/detail.js';
import { command, flag, kebab, type Parsed as ParsedOptions } from '../define.js';
import { printDryRun } from '../write.js';
import { webhookSections } from './columns.js';
import { checkOneStdinSecret, CLIENT_SECRET, givenCredentialFlags, guardBasicCredentials, PASSWORD, readSecret } from '../../webhooks/secrets.js';
import { guardUrlSecret } from '../../webhooks/receiver-auth.js';
import { noteConversions, WEBHOOK_ID_ARGS, webhookAuthFlags, webhookFieldFlags, type AuthType } from './options.js';

/** Everything but the secrets, which are read in run() (stdin and env belong to the context). */
export interface SetOptions {
  id: string;
  update: Omit<WebhookUpdate, 'auth_password' | 'oauth_client_secret'>;
  conversions: EventConversion[];
  passwordStdin: boolean;
  secretStdin: boolean;
  dryRun: boolean;
}

const ARGS = WEBHOOK_ID_ARGS;

const FLAGS = {
  ...webhookFieldFlags(false),
  enable: flag.boolean('turn the webhook on'),
  disable: flag.boolean('turn the webhook off'),
  ...webhookAuthFlags(true),
  dryRun: flag.boolean('validate and print the request (secrets masked) without sending it'),
};
type Parsed = ParsedOptions<typeof FLAGS, typeof ARGS>;

/** Every flag that changes something: the flags above but --dry-run. */
const FIELD_FLAGS = Object.keys(FLAGS)
  .filter((key) => key !== 'dryRun')
  .map((key) => `--${kebab(key)}`)
  .join(', ');

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
  checkOneStdinSecret(p);
  const { basic, oauth } = givenCredentialFlags(p);
  const changes = [p.name, p.url, p.events, p.authType].filter((v) => v !== undefined).length + Number(p.enable) + Number(p.disable) + basic.length + oauth.length;
  if (changes === 0) throw new UsageError(`nothing to change: give at least one of ${FIELD_FLAGS}`);
  checkAuth(p);
  const events = p.events === undefined ? undefined : parseWebhookEvents(p.events);

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

async function buildBody(opts: SetOptions, ctx: Context): Promise<WebhookUpdate> {
  const u = opts.update;
  const password = await readSecret(ctx, PASSWORD, opts.passwordStdin, u.auth_type === 'basic');
  const clientSecret = await readSecret(ctx, CLIENT_SECRET, opts.secretStdin, u.auth_type === 'oauth2');
  guardBasicCredentials(ctx, u.auth_username, password);
  // a password inside a URL is sent in the body: masked in --dry-run and -v, and scrubbed from an answer quoting it
  for (const url of [u.url, u.oauth_token_url]) if (url !== undefined) guardUrlSecret(ctx, url);
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
  const out = ctx.output({ fields: WEBHOOK_FIELDS });
  const body = await buildBody(opts, ctx);
  noteConversions(ctx, opts.conversions);
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
