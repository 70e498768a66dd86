import * as z from 'zod';
import type { ApiClient, RequestSpec } from './client.js';
import { parseResponse } from './response.js';
import { OPERATIONS } from './operations.js';
import { WEBHOOK_FIELDS } from './vocabulary.js';

// Spec 4.14 (GET /webhooks) and 4.15 (PUT /webhooks/{webhookId}).

/** Spec 2.10. Unknown fields pass through; the last_* fields are display-only, so a missing one is tolerated. */
const webhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    enabled: z.boolean(),
    event_types: z.array(z.string()).nullable(),
    auth_type: z.string(),
    has_auth_credentials: z.boolean(),
    last_successful_at: z.string().nullish(),
    last_failure_at: z.string().nullish(),
    last_status: z.string().nullish(),
  })
  .loose();

export type Webhook = z.output<typeof webhookSchema>;


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

const listSchema = z.object({ data: z.object({ webhooks: z.array(webhookSchema) }) });
const updateSchema = z.object({ data: webhookSchema });

export async function listWebhooks(api: ApiClient): Promise<Webhook[]> {
  const op = OPERATIONS.listWebhooks;
  const res = await api.request({ method: op.method, path: op.path() });
  return parseResponse(listSchema, res.body, op.name).data.webhooks;
}

/** The request `webhook set` sends, also printed (secrets masked) by --dry-run. */
export function updateWebhookRequest(id: string, body: WebhookUpdate): RequestSpec & { body: WebhookUpdate } {
  const op = OPERATIONS.updateWebhook;
  return { method: op.method, path: op.path(id), body };
}

export async function updateWebhook(api: ApiClient, id: string, body: WebhookUpdate): Promise<Webhook> {
  const res = await api.request(updateWebhookRequest(id, body));
  return parseResponse(updateSchema, res.body, OPERATIONS.updateWebhook.name).data;
}

export { WEBHOOK_FIELDS };
