import * as z from 'zod';
import { optionalText as text, optionalCount as count } from './schema-fields.js';

// The schemas of audience.ts's operations, loaded while a request waits for its answer (RequestSpec.prepare).

const named = z.object({ id: z.string(), name: text }).loose();

export const topicSchema = z
  .object({
    id: z.string(),
    name: text,
    description: text,
    default_subscription: text,
    visibility: text,
    contacts_count: count,
    created_at: text,
  })
  .loose();

export type Topic = z.output<typeof topicSchema>;

export const contactSchema = z
  .object({
    id: z.string(),
    email: text,
    status: text,
    properties: z.record(z.string(), z.unknown()).nullish(),
    created_at: text,
    lists: z.array(named).nullish(),
    topics: z.array(named).nullish(),
  })
  .loose();

export type Contact = z.output<typeof contactSchema>;

export const propertySchema = z
  .object({ id: z.string(), name: text, type: text, fallback_value: text, created_at: text })
  .loose();

export type Property = z.output<typeof propertySchema>;

// is_true and is_false take no value: the service may leave `value` out (spec 2.14, 2.9 notes).
const conditionSchema = z.object({ field: z.string(), operator: z.string(), value: z.unknown().optional() }).loose();

export const segmentSchema = z
  .object({
    id: z.string(),
    name: text,
    list_id: text,
    list_name: text,
    condition_groups: z.array(z.object({ conditions: z.array(conditionSchema) }).loose()).nullish(),
    cached_contacts_count: count,
    created_at: text,
  })
  .loose();

export type Segment = z.output<typeof segmentSchema>;

export type Condition = z.output<typeof conditionSchema>;

const int = z.number().int().nonnegative();

export const attachSchema = z.object({ data: z.object({ attached: int, already_attached: int, total_pairs: int }).loose() });

export const detachSchema = z.object({ data: z.object({ detached: int, not_present: int, total_pairs: int }).loose() });

/** The answer of a read or write of one resource: `data` is the resource. */
export const topicAnswer = z.object({ data: topicSchema });
export const contactAnswer = z.object({ data: contactSchema });
export const propertyAnswer = z.object({ data: propertySchema });
export const segmentAnswer = z.object({ data: segmentSchema });
