import * as z from 'zod';
import { emailDetailSchema } from './emails-schemas.js';
import { optionalText as text } from './schema-fields.js';

// The schemas of sending.ts's operations, loaded while a request waits for its answer (RequestSpec.prepare).

export const sendResultSchema = z.object({
  data: z.object({ request_id: z.string().min(1), accepted: z.number(), rejected: z.number() }).loose(),
});

export type SendResult = z.output<typeof sendResultSchema>['data'];

export const mergeTagsSchema = z.object({
  data: z.object({ merge_tags: z.array(z.object({ key: z.string(), required: z.boolean() }).loose()) }).loose(),
});

const sentEmailSchema = z.object({ event_id: z.string(), type: z.string(), timestamp: z.string() }).loose();

export type SentEmail = z.output<typeof sentEmailSchema> & Record<string, unknown>;

export const sentPageSchema = z.object({
  data: z.object({
    events: z.object({
      data: z.array(sentEmailSchema),
      total_count: z.number().nullish(),
      // Both keys of pagination are optional in the vendor's description: an absent cursor ends the walk, as on events list.
      pagination: z.object({ next_cursor: z.string().nullish(), per_page: z.number().nullish() }).loose(),
    }).loose(),
  }),
});

export const scheduledSchema = z.object({ data: emailDetailSchema });

const projectSchema = z.object({ id: z.number(), name: z.string(), emoji: text, team_id: z.number().nullish(), created_at: text, updated_at: text }).loose();

export type Project = z.output<typeof projectSchema>;

export const projectsSchema = z.object({
  data: z.object({
    projects: z.array(projectSchema),
    pagination: z.object({ total: z.number().nullish(), current_page: z.number(), last_page: z.number() }).loose(),
  }),
});
