import * as z from 'zod';
import { redact } from './redact.js';

// The schemas of the webhook operations (webhooks.ts), loaded while a request waits for its answer.

/** Spec 2.10. Unknown fields pass through; event_types and the last_* fields are display-only, so a missing one is tolerated (the vendor's description makes them optional). */
const webhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    enabled: z.boolean(),
    event_types: z.array(z.string()).nullish(),
    auth_type: z.string(),
    has_auth_credentials: z.boolean(),
    last_successful_at: z.string().nullish(),
    last_failure_at: z.string().nullish(),
    last_status: z.string().nullish(),
  })
  .loose()
  // Spec 2.10: the credentials are never returned. A server that returns them anyway (an
  // auth_password, an oauth_client_secret, a password inside the URL) gets them masked as
  // --dry-run masks them, in every format of every command that shows a webhook ("never its
  // credentials"), though this run never knew them as secrets to scrub.
  .transform((webhook) => redact(webhook) as typeof webhook);

export type Webhook = z.output<typeof webhookSchema>;

export const listSchema = z.object({ data: z.object({ webhooks: z.array(webhookSchema) }) });
export const oneSchema = z.object({ data: webhookSchema });
