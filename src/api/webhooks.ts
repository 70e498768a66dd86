import type { ApiClient, RequestSpec } from './client.js';
import { parseResponse } from './response.js';
import { OPERATIONS, requestRetry } from './operations.js';
import { WEBHOOK_FIELDS } from './vocabulary.js';
import type { Webhook } from './webhooks-schemas.js';

// Spec 4.14 (GET /webhooks) and 4.15 (PUT /webhooks/{webhookId}); service-api-rest.md 4.13 to 4.15
// (POST /webhooks, GET and DELETE /webhooks/{webhookId}).

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./webhooks-schemas.js');

export type { Webhook };

/** Body of PUT /webhooks/{id}: only what is set is sent. `target` (deprecated) is never sent. */
export interface WebhookUpdate {
  name?: string;
  url?: string;
  events?: string[];
  active?: boolean;
  auth_type?: 'none' | 'basic' | 'oauth2';
  auth_username?: string;
  auth_password?: string;
  oauth_token_url?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
}

export async function listWebhooks(api: ApiClient): Promise<Webhook[]> {
  const op = OPERATIONS.listWebhooks;
  const res = await api.request({ method: op.method, path: op.path(), prepare: schemas });
  return parseResponse((await schemas()).listSchema, res.body, op.name).data.webhooks;
}

/** The request `webhook set` sends, also printed (secrets masked) by --dry-run. */
export function updateWebhookRequest(id: string, body: WebhookUpdate): RequestSpec & { body: WebhookUpdate } {
  const op = OPERATIONS.updateWebhook;
  return { method: op.method, path: op.path(id), body };
}

export async function updateWebhook(api: ApiClient, id: string, body: WebhookUpdate): Promise<Webhook> {
  const res = await api.request({ ...updateWebhookRequest(id, body), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, OPERATIONS.updateWebhook.name).data;
}

/** Body of POST /webhooks (service-api-rest.md 4.13): `events` only with events_mode `selected`. */
export interface WebhookCreate {
  name: string;
  url: string;
  auth_type: 'none' | 'basic' | 'oauth2';
  auth_username?: string;
  auth_password?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
  oauth_token_url?: string;
  events_mode: 'all' | 'selected';
  events?: string[];
}

export function createWebhookRequest(body: WebhookCreate): RequestSpec & { body: WebhookCreate } {
  const op = OPERATIONS.createWebhook;
  return { method: op.method, path: op.path(), body, ...requestRetry(op) };
}

export async function createWebhook(api: ApiClient, body: WebhookCreate): Promise<Webhook> {
  const res = await api.request({ ...createWebhookRequest(body), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, OPERATIONS.createWebhook.name).data;
}

export async function getWebhook(api: ApiClient, id: string): Promise<Webhook> {
  const op = OPERATIONS.showWebhook;
  const res = await api.request({ method: op.method, path: op.path(id), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, op.name).data;
}

export function deleteWebhookRequest(id: string): RequestSpec {
  const op = OPERATIONS.deleteWebhook;
  return { method: op.method, path: op.path(id) };
}

/** 200 with `message` only (4.15). */
export async function deleteWebhook(api: ApiClient, id: string): Promise<void> {
  await api.request(deleteWebhookRequest(id));
}

export { WEBHOOK_FIELDS };
