import type { Context } from '../../context.js';
import { ValueError } from '../../errors.js';
import { credential, httpUrl, name } from '../../input/values.js';
import { WEBHOOK_EVENTS, type EventConversion } from '../../input/webhook-events.js';
import { arg, flag } from '../define.js';

// What `webhook set` and `webhook create` share: the id argument, the flags of
// the webhook's fields and credentials, and the event-name conversion notice
// (the secret readers are in webhooks/secrets.ts). Each verb keeps its own
// rules between the flags (an update may rotate one credential; a creation
// needs the whole set).

const AUTH_TYPES = ['none', 'basic', 'oauth2'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

// Spec 4.14/4.15 say only "string"; ids containing "/" or whitespace cannot name one webhook in a path.
function webhookId(v: string): string {
  if (v === '') throw new ValueError('must not be empty');
  if (/[\s/]/.test(v)) throw new ValueError('must not contain "/" or whitespace');
  if (v === '.' || v === '..') throw new ValueError('must be a webhook id (see `mailctl webhook list`)');
  return v;
}

export const WEBHOOK_ID_ARGS = { webhookId: arg('id of the webhook (see `mailctl webhook list`)', { parse: webhookId }) };

/** The flags of a webhook's fields; `verb` words the descriptions ("new name" for set, "name" for create). */
export function webhookFieldFlags(creating: boolean) {
  // short and legacy names are accepted and converted in check(), so the values are completed, not enforced here
  const events = flag.list('event types to send, repeatable; short names like delivery are converted', {
    value: 'names',
    values: WEBHOOK_EVENTS,
    parse: (s) => s,
    item: 'event name',
  });
  return {
    name: flag.string(`${creating ? '' : 'new '}name (at most 255 characters)`, { value: 'name', parse: name }),
    url: flag.string('address that receives the events: http or https URL, at most 2048 characters', { value: 'url', parse: httpUrl }),
    events: creating ? events.defaultShown('every event') : events,
  };
}

/** The auth flags; secrets only ever through stdin (or, for set, env). */
export function webhookAuthFlags(envFallback: boolean) {
  const orEnv = (type: string, envVar: string) => (envFallback ? ` (else env ${envVar} with --auth-type ${type})` : '');
  return {
    authType: flag.enum(AUTH_TYPES, 'authentication towards the URL', 'type'),
    authUsername: flag.string('basic auth username (at most 255 characters)', { value: 'name', parse: credential }),
    authPasswordStdin: flag.boolean(`read the basic auth password from stdin${orEnv('basic', 'MAILCTL_WEBHOOK_PASSWORD')}`),
    oauthTokenUrl: flag.string('OAuth 2.0 token address: http or https URL, at most 2048 characters', { value: 'url', parse: httpUrl }),
    oauthClientId: flag.string('OAuth 2.0 client id (at most 255 characters)', { value: 'id', parse: credential }),
    oauthClientSecretStdin: flag.boolean(`read the OAuth 2.0 client secret from stdin${orEnv('oauth2', 'MAILCTL_WEBHOOK_CLIENT_SECRET')}`),
  };
}

export function noteConversions(ctx: Context, conversions: EventConversion[]): void {
  if (conversions.length > 0) {
    ctx.notice(`converted event names to their canonical form: ${conversions.map((c) => `${c.given} → ${c.canonical}`).join(', ')}`);
  }
}
