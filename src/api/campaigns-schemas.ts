import * as z from 'zod';
import { optionalText as text, optionalCount as count } from './schema-fields.js';

// The schemas of campaigns.ts's operations, loaded while a request waits for its answer (RequestSpec.prepare).

const campaignStatsSchema = z
  .object({
    injections: count,
    deliveries: count,
    bounces: count,
    spam_complaints: count,
    opens: count,
    unique_opens: count,
    clicks: count,
    unique_clicks: count,
    unsubscribes: count,
  })
  .loose();

const campaignSchema = z
  .object({
    id: z.string(),
    name: text,
    status: z.string(),
    sent_count: count,
    created_at: text,
    stats: campaignStatsSchema.nullish(),
    subject: text,
    from_email: text,
    from_name: text,
    reply_to: text,
    scheduled_at: text,
    total_recipients: count,
    sent_at: text,
    html_content: text,
  })
  .loose();

export type Campaign = z.output<typeof campaignSchema>;

export type CampaignStats = z.output<typeof campaignStatsSchema>;

const campaignEventSchema = z
  .object({
    event_id: z.string().nullish(),
    event_type: z.string(),
    email: text,
    timestamp: text,
    // a string here, an integer on account-wide events (service-notes): accept both
    bounce_class: z.union([z.string(), z.number()]).nullish(),
    reason: text,
    target_link_url: text,
    user_agent: text,
  })
  .loose();

export type CampaignEvent = z.output<typeof campaignEventSchema>;

export const listSchema = z.object({
  data: z.object({
    campaigns: z.array(campaignSchema),
    pagination: z
      .object({ total: z.number().nullish(), per_page: z.number().nullish(), current_page: z.number(), last_page: z.number() })
      .loose(),
  }),
});

export const showSchema = z.object({ data: campaignSchema });

export const eventsSchema = z.object({
  data: z.object({
    events: z.array(campaignEventSchema),
    next_cursor: z.string().nullable(),
  }),
});

/** `data` is omitted when the campaign could not be re-read after the write (concurrent deletion). */
export const writeSchema = z.object({ message: z.string().nullish(), data: campaignSchema.nullish() }).loose();
