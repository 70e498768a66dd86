// Spec 4.13 to 4.15 of service-api-rest.md: create, show and delete a webhook (list and update
// are in webhooks.ts). A created webhook is enabled, has never been delivered to (null last_*
// fields), and receives the team's new events through the emulator's delivery machinery like
// any other (loopback URLs only). events_mode `all` stores null event types (every event);
// `selected` needs `events`, whose short and legacy names are stored canonical.
import { answer, errorWith, notFound, ok, type ApiResponse } from '../api-error.js';
import { hashString, mix32 } from '../prng.js';
import type { Route, RouteContext } from '../router.js';
import type { Webhook } from '../types.js';
import { FieldErrors, bodyObject, optString } from '../validate.js';
import { canonicalEvent, renderWebhook } from './webhooks.js';

const AUTH_TYPES = ['none', 'basic', 'oauth2'] as const;
const NEEDS: Record<Webhook['auth_type'], ReadonlyArray<keyof Webhook['credentials']>> = {
  none: [],
  basic: ['auth_username', 'auth_password'],
  oauth2: ['oauth_client_id', 'oauth_client_secret', 'oauth_token_url'],
};

function required(errs: FieldErrors, body: Record<string, unknown>, name: string, why = ''): void {
  const v = body[name];
  if (v === undefined || v === null || v === '') errs.add(name, `The ${name} field is required${why}.`);
}

function createWebhook(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  for (const f of ['name', 'url', 'auth_type', 'events_mode']) required(errs, body, f);
  const name = optString(errs, body, 'name', { max: 255, notBlank: true });
  const url = optString(errs, body, 'url', { max: 2048, uri: true });
  const authType = body.auth_type;
  if (!errs.has('auth_type') && !(AUTH_TYPES as readonly unknown[]).includes(authType)) {
    errs.add('auth_type', 'The selected auth_type is invalid. Allowed values: none, basic, oauth2.');
  }
  const credentials: Webhook['credentials'] = {};
  for (const f of ['auth_username', 'auth_password', 'oauth_client_id', 'oauth_client_secret', 'oauth_token_url'] as const) {
    const v = optString(errs, body, f, { max: f === 'oauth_token_url' ? 2048 : 255, uri: f === 'oauth_token_url' });
    if (typeof v === 'string' && (NEEDS[authType as Webhook['auth_type']] ?? []).includes(f)) credentials[f] = v;
  }
  for (const f of NEEDS[authType as Webhook['auth_type']] ?? []) required(errs, body, f, ` when auth_type is ${String(authType)}`);
  const mode = body.events_mode;
  if (!errs.has('events_mode') && mode !== 'all' && mode !== 'selected') {
    errs.add('events_mode', 'The selected events_mode is invalid. Allowed values: all, selected.');
  }
  // `events` is checked whenever it is sent (4.13: its values are the event names of base 6.3),
  // not only with `selected`: under `all` it is not needed, but a typo is not silently taken.
  const v = body.events;
  const chosen: string[] = [];
  if (v !== undefined && v !== null && !Array.isArray(v)) errs.add('events', 'The events field must be an array.');
  else if (Array.isArray(v)) {
    v.forEach((e, i) => {
      const c = typeof e === 'string' ? canonicalEvent(e) : undefined;
      if (c === undefined) errs.add(`events.${i}`, `The selected events.${i} is invalid.`);
      else if (!chosen.includes(c)) chosen.push(c);
    });
  }
  if (mode === 'selected' && !errs.has('events') && (!Array.isArray(v) || v.length === 0)) {
    errs.add('events', 'The events field is required when events_mode is selected.');
  }
  const events = mode === 'selected' ? chosen : null;
  errs.throwIfAny();
  const hooks = ctx.team.webhooks;
  if ([...hooks.values()].some((w) => w.url === url)) throw errorWith(409, 'resource_already_exists', 'A webhook with this URL already exists.');
  let id = '';
  for (let k = 0; id === '' || hooks.has(id); k++) id = `webhook-${(mix32(hashString(`${url}|${ctx.now}|${k}`)) >>> 0).toString(36)}`;
  const w: Webhook = {
    id, name: name as string, url: url as string, enabled: true, event_types: events,
    auth_type: authType as Webhook['auth_type'], credentials,
    last_successful_at: null, last_failure_at: null, last_status: null,
  };
  hooks.set(id, w);
  return answer(201, 'Webhook created successfully.', renderWebhook(w));
}

function findWebhook(ctx: RouteContext): Webhook {
  const w = ctx.team.webhooks.get(ctx.params.webhookId as string);
  if (!w) throw notFound('Webhook');
  return w;
}

function showWebhook(ctx: RouteContext): ApiResponse {
  return ok('Webhook retrieved successfully.', renderWebhook(findWebhook(ctx)));
}

function deleteWebhook(ctx: RouteContext): ApiResponse {
  ctx.team.webhooks.delete(findWebhook(ctx).id);
  return ok('Webhook deleted successfully.');
}

export const webhookAdminRoutes: Route[] = [
  { method: 'POST', path: '/webhooks', scope: 'webhooks:write', sandboxBlocked: true, body: true, handler: createWebhook },
  { method: 'GET', path: '/webhooks/:webhookId', scope: 'webhooks:read', handler: showWebhook },
  { method: 'DELETE', path: '/webhooks/:webhookId', scope: 'webhooks:write', sandboxBlocked: true, handler: deleteWebhook },
];
