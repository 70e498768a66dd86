import { OPERATIONS } from '../../api/operations.js';
import { WEBHOOK_FIELDS } from '../../api/vocabulary.js';
import type { WebhookCreate } from '../../api/webhooks.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseWebhookEvents, type EventConversion } from '../../input/webhook-events.js';
import { command, type Parsed as ParsedOptions } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { webhookSections } from './columns.js';
import { checkOneStdinSecret, CLIENT_SECRET, givenCredentialFlags, guardBasicCredentials, PASSWORD, readSecret } from '../../webhooks/secrets.js';
import { guardUrlSecret } from '../../webhooks/receiver-auth.js';
import { noteConversions, webhookAuthFlags, webhookFieldFlags, type AuthType } from './options.js';

// POST /webhooks (service-api-rest.md 4.13). The flags of `webhook set`, but a
// new webhook needs its whole configuration: a name, a URL, and every
// credential of its auth type, the secrets read from stdin only.

const FLAGS = {
  ...webhookFieldFlags(true),
  ...webhookAuthFlags(false),
  dryRun: dryRunFlag,
};
type Parsed = ParsedOptions<typeof FLAGS, Record<never, never>>;

interface CreateOptions {
  body: Omit<WebhookCreate, 'auth_password' | 'oauth_client_secret'>;
  conversions: EventConversion[];
  dryRun: boolean;
}

/** --auth-type, else the type the credential flags belong to, else none. */
function authType(p: Parsed): AuthType {
  const { basic, oauth } = givenCredentialFlags(p);
  const type = p.authType ?? (basic.length > 0 ? 'basic' : oauth.length > 0 ? 'oauth2' : 'none');
  const wrong = type === 'basic' ? oauth : type === 'oauth2' ? basic : [...basic, ...oauth];
  if (wrong.length > 0) {
    if (p.authType === undefined) throw new UsageError(`${basic[0]} and ${oauth[0]} belong to different auth types, and a webhook has one`);
    throw new UsageError(`${wrong[0]} cannot be used with --auth-type ${type}`);
  }
  const needs: Array<[boolean, string]> =
    type === 'basic'
      ? [[p.authUsername !== undefined, '--auth-username'], [p.authPasswordStdin, '--auth-password-stdin']]
      : type === 'oauth2'
        ? [[p.oauthTokenUrl !== undefined, '--oauth-token-url'], [p.oauthClientId !== undefined, '--oauth-client-id'], [p.oauthClientSecretStdin, '--oauth-client-secret-stdin']]
        : [];
  const missing = needs.filter(([given]) => !given).map(([, f]) => f);
  if (missing.length > 0) {
    throw new UsageError(`--auth-type ${type} needs ${needs.map(([, f]) => f).join(', ')} (missing ${missing.join(' and ')})`, {
      hint: 'secrets are read from stdin only: printf %s "$SECRET" | mailctl webhook create ...',
    });
  }
  return type;
}

function check(p: Parsed): CreateOptions {
  const missing = [p.name === undefined && '--name', p.url === undefined && '--url'].filter(Boolean);
  if (missing.length > 0) throw new UsageError(`a new webhook needs ${missing.join(' and ')}`);
  checkOneStdinSecret(p);
  const type = authType(p);
  const events = p.events === undefined ? undefined : parseWebhookEvents(p.events);
  const body: CreateOptions['body'] = { name: p.name!, url: p.url!, auth_type: type, events_mode: events ? 'selected' : 'all' };
  if (type === 'basic') body.auth_username = p.authUsername;
  if (type === 'oauth2') Object.assign(body, { oauth_client_id: p.oauthClientId, oauth_token_url: p.oauthTokenUrl });
  if (events) body.events = events.events;
  return { body, conversions: events?.conversions ?? [], dryRun: p.dryRun };
}

async function buildBody(opts: CreateOptions, ctx: Context): Promise<WebhookCreate> {
  const b = opts.body;
  const password = await readSecret(ctx, PASSWORD, b.auth_type === 'basic', false);
  const clientSecret = await readSecret(ctx, CLIENT_SECRET, b.auth_type === 'oauth2', false);
  guardBasicCredentials(ctx, b.auth_username, password);
  // a password inside a URL is sent in the body: masked in --dry-run and -v, and scrubbed from an answer quoting it
  for (const url of [b.url, b.oauth_token_url]) if (url !== undefined) guardUrlSecret(ctx, url);
  // the spec's order, and only what applies
  const body = {
    name: b.name,
    url: b.url,
    auth_type: b.auth_type,
    auth_username: b.auth_username,
    auth_password: password,
    oauth_client_id: b.oauth_client_id,
    oauth_client_secret: clientSecret,
    oauth_token_url: b.oauth_token_url,
    events_mode: b.events_mode,
    events: b.events,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as unknown as WebhookCreate;
}

export default command({
  name: 'create',
  summary: 'create a webhook: every event unless --events; secrets are read from stdin, never from flags',
  flags: FLAGS,
  secretFlags: {
    '--auth-password': 'pipe it with --auth-password-stdin',
    '--oauth-client-secret': 'pipe it with --oauth-client-secret-stdin',
  },
  examples: [
    'mailctl webhook create --name "Bounces" --url https://hooks.example.com/mail --events delivery,bounce',
    'printf %s "$HOOK_PASSWORD" | mailctl webhook create --name Ops --url https://hooks.example.com/in --auth-username ops --auth-password-stdin',
    'mailctl webhook create --name All --url https://hooks.example.com/all --dry-run',
  ],
  operation: OPERATIONS.createWebhook,
  check,
  async run(opts, ctx) {
    const webhooks = await import('../../api/webhooks.js');
    const body = await buildBody(opts, ctx);
    noteConversions(ctx, opts.conversions);
    const created = await runWrite(ctx, {
      operation: OPERATIONS.createWebhook,
      action: 'create webhooks',
      request: webhooks.createWebhookRequest(body),
      dryRun: opts.dryRun,
      fields: WEBHOOK_FIELDS,
      send: (api) => webhooks.createWebhook(api, body),
      sections: webhookSections,
    });
    if (created) ctx.notice(`created webhook ${created.id}`);
  },
});
