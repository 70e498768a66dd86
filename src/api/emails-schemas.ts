import * as z from 'zod';
import { optionalText as text } from './schema-fields.js';

// The schemas of emails.ts's operations, loaded while a request waits for its answer (RequestSpec.prepare).

const emailEventSchema = z
  .object({
    event_id: text,
    type: text,
    timestamp: text,
  })
  .loose();

export const emailDetailSchema = z
  .object({
    transmission_id: z.string(),
    state: text,
    scheduled_at: text,
    from: text,
    from_name: text,
    subject: text,
    recipients: z.array(z.string()).nullish(),
    num_recipients: z.number().nullish(),
    events: z.array(emailEventSchema),
  })
  .loose();

export type EmailDetail = z.output<typeof emailDetailSchema>;

export const detailResponse = z.object({ data: emailDetailSchema }).loose();
