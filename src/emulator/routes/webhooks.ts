// Spec 4.14 and 4.15: list webhooks, update one. Only the fields sent change; `active` sets
// `enabled`; `target` is an alias of `url` (`url` wins when both are sent); event names are
// stored canonical. Credentials are stored and never returned: `has_auth_credentials` says
// whether a complete set for the auth type is stored.
//
// Checks in order: field types and lengths (422 validation_error), the webhook (404), then the
// auth configuration as a whole (400, "Invalid webhook configuration", with the vendor's code for
// it, send_error: service-api-rest 9.2, [OAS] ErrorCode has no other): basic needs a username and a
// password, oauth2 a token URL, a client id and a secret (sent now or stored before under the
// same auth type), and credentials of another auth type may not be sent.
import { badRequest, notFound, ok, type ApiResponse } from '../api-error.js';
import type { Route, RouteContext } from '../router.js';
import { isoOffsetOrNull } from '../time.js';
import type { Webhook } from '../types.js';
import { FieldErrors, bodyObject, optString } from '../validate.js';

export const WEBHOOK_EVENTS = [
  'message.injection', 'message.delivery', 'message.bounce', 'message.delay', 'message.out_of_band',
  'message.spam_complaint', 'message.policy_rejection',
  'engagement.click', 'engagement.open', 'engagement.initial_open', 'engagement.amp_click',
  'engagement.amp_open', 'engagement.amp_initial_open',
  'generation.generation_failure', 'generation.generation_rejection',
  'unsubscribe.list_unsubscribe', 'unsubscribe.link_unsubscribe',
  'relay.relay_injection', 'relay.relay_rejection', 'relay.relay_delivery', 'relay.relay_tempfail',
  'relay.relay_permfail',
] as const;

/** Canonical name of an accepted spelling (canonical, short, or legacy `engagament.`). */
export function canonicalEvent(name: string): string | undefined {
  const n = name.startsWith('engagament.') ? `engagement.${name.slice('engagament.'.length)}` : name;
  if ((WEBHOOK_EVENTS as readonly string[]).includes(n)) return n;
  if (n.includes('.')) return undefined;
  return WEBHOOK_EVENTS.find((c) => c.slice(c.indexOf('.') + 1) === n);
}

function hasCredentials(w: Webhook): boolean {
  const c = w.credentials;
  if (w.auth_type === 'basic') return Boolean(c.auth_username && c.auth_password);
  if (w.auth_type === 'oauth2') return Boolean(c.oauth_token_url && c.oauth_client_id && c.oauth_client_secret);
  return false;
}

export function renderWebhook(w: Webhook): Record<string, unknown> {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    enabled: w.enabled,
    event_types: w.event_types === null ? null : [...w.event_types],
    auth_type: w.auth_type,
    has_auth_credentials: hasCredentials(w),
    last_successful_at: isoOffsetOrNull(w.last_successful_at),
    last_failure_at: isoOffsetOrNull(w.last_failure_at),
    last_status: w.last_status,
  };
}

function listWebhooks(ctx: RouteContext): ApiResponse {
  return ok('Webhooks retrieved successfully.', { webhooks: [...ctx.team.webhooks.values()].map(renderWebhook) });
}

const BASIC = ['auth_username', 'auth_password'] as const;
const OAUTH = ['oauth_token_url', 'oauth_client_id', 'oauth_client_secret'] as const;
type CredentialField = (typeof BASIC)[number] | (typeof OAUTH)[number];
const AUTH_TYPES = ['none', 'basic', 'oauth2'] as const;

function readEvents(errs: FieldErrors, body: Record<string, unknown>): string[] | undefined {
  if (!('events' in body)) return undefined;
  const v = body.events;
  if (!Array.isArray(v)) {
    errs.add('events', 'The events field must be an array.');
    return undefined;
  }
  if (v.length < 1) errs.add('events', 'The events field must have at least 1 item.');
  const out: string[] = [];
  v.forEach((e, i) => {
    const c = typeof e === 'string' ? canonicalEvent(e) : undefined;
    if (c === undefined) errs.add(`events.${i}`, `The selected events.${i} is invalid.`);
    else if (!out.includes(c)) out.push(c);
  });
  return out;
}

function updateWebhook(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = optString(errs, body, 'name', { max: 255, min: 1, notBlank: true });
  const url = optString(errs, body, 'url', { max: 2048, uri: true });
  const target = optString(errs, body, 'target', { max: 2048, uri: true });
  const creds: Partial<Record<CredentialField, string>> = {};
  for (const f of [...BASIC, ...OAUTH]) {
    const v = optString(errs, body, f, { max: f === 'oauth_token_url' ? 2048 : 255, uri: f === 'oauth_token_url' });
    if (typeof v === 'string') creds[f] = v;
  }
  const authType = body.auth_type;
  if ('auth_type' in body && !(AUTH_TYPES as readonly unknown[]).includes(authType)) {
    errs.add('auth_type', 'The selected auth_type is invalid. Allowed values: none, basic, oauth2.');
  }
  if ('active' in body && typeof body.active !== 'boolean') errs.add('active', 'The active field must be true or false.');
  const events = readEvents(errs, body);
  errs.throwIfAny();

  const w = ctx.team.webhooks.get(ctx.params.webhookId as string);
  if (!w) throw notFound('Webhook');
  const type = (authType ?? w.auth_type) as Webhook['auth_type'];
  const credentials = configureAuth(w, type, creds);

  if (name) w.name = name;
  if (url ?? target) w.url = (url ?? target) as string;
  if (typeof body.active === 'boolean') w.enabled = body.active;
  if (events) w.event_types = events;
  w.auth_type = type;
  w.credentials = credentials;
  return ok('Webhook updated successfully.', renderWebhook(w));
}

/** The credentials after the update, or a 400 when the result would be inconsistent. */
function configureAuth(
  w: Webhook,
  type: Webhook['auth_type'],
  sent: Partial<Record<CredentialField, string>>,
): Webhook['credentials'] {
  const invalid = (why: string) => badRequest('send_error', `Invalid webhook configuration: ${why}`);
  const sentAny = (fields: readonly CredentialField[]) => fields.some((f) => sent[f] !== undefined);
  if (type === 'none') {
    if (sentAny(BASIC) || sentAny(OAUTH)) throw invalid('credentials were sent but auth_type is none.');
    return {};
  }
  const [own, foreign] = type === 'basic' ? [BASIC, OAUTH] : [OAUTH, BASIC];
  if (sentAny(foreign)) throw invalid(`${foreign.join(', ')} cannot be used with auth_type ${type}.`);
  const kept = w.auth_type === type ? w.credentials : {};
  const merged: Webhook['credentials'] = {};
  for (const f of own) {
    const v = sent[f] ?? kept[f];
    if (!v) throw invalid(`auth_type ${type} requires ${own.join(', ')}.`);
    merged[f] = v;
  }
  return merged;
}

export const webhookRoutes: Route[] = [
  { method: 'GET', path: '/webhooks', scope: 'webhooks:read', handler: listWebhooks },
  { method: 'PUT', path: '/webhooks/:webhookId', scope: 'webhooks:write', body: true, handler: updateWebhook },
];
