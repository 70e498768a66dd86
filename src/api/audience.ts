import * as z from 'zod';
import type { ApiClient, RequestSpec } from './client.js';
import { optionalText as text, optionalCount as count, parseResponse } from './response.js';

// Spec 4.8–4.13: topics, contacts, properties, segments and bulk list
// membership. Fields the spec allows to be null (service-notes: created_at,
// list_id, list_name, cached_contacts_count) are nullish; unknown fields pass
// through so json output prints the API's object as it came.

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

const conditionSchema = z.object({ field: z.string(), operator: z.string(), value: z.unknown() }).loose();
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

// ---- limits (spec 8) -------------------------------------------------------------------------

export { TOPIC_VISIBILITIES } from './vocabulary.js';
import type { TOPIC_VISIBILITIES } from './vocabulary.js';
import { OPERATIONS, type Operation } from './operations.js';
import { TOPIC_NAME_MAX, TOPIC_DESCRIPTION_MAX, PROPERTY_FALLBACK_MAX, BULK_MAX_CONTACTS, BULK_MAX_LISTS } from './vocabulary.js';


// ---- PATCH /audience/topics/{topicId} (4.8) --------------------------------------------------

/** Only the fields given are sent; `description: null` clears it. Never `default_subscription`. */
export interface TopicPatch {
  name?: string;
  description?: string | null;
  visibility?: (typeof TOPIC_VISIBILITIES)[number];
}

export function updateTopicRequest(id: string, patch: TopicPatch): RequestSpec {
  const op = OPERATIONS.updateTopic;
  return { method: op.method, path: op.path(id), body: patch };
}

export async function updateTopic(api: ApiClient, id: string, patch: TopicPatch): Promise<Topic> {
  const res = await api.request(updateTopicRequest(id, patch));
  return parseResponse(z.object({ data: topicSchema }), res.body, OPERATIONS.updateTopic.name).data;
}

// ---- GET /audience/contacts/{contactId} (4.9) ------------------------------------------------

/** GET one audience resource by id and check its `data` against the schema. */
async function getOne<T>(api: ApiClient, op: Operation, id: string, schema: z.ZodType<T>): Promise<T> {
  const res = await api.request({ method: op.method, path: op.path(id) });
  return parseResponse(z.object({ data: schema }), res.body, op.name).data as T;
}

export function getContact(api: ApiClient, id: string): Promise<Contact> {
  return getOne(api, OPERATIONS.showContact, id, contactSchema);
}

// ---- PATCH /audience/properties/{propertyId} (4.10) ------------------------------------------

/** `name` and `type` are immutable and must never be sent: the body holds fallback_value only. */
export function updatePropertyRequest(id: string, fallbackValue: string | null): RequestSpec {
  const op = OPERATIONS.updateProperty;
  return { method: op.method, path: op.path(id), body: { fallback_value: fallbackValue } };
}

export async function updateProperty(api: ApiClient, id: string, fallbackValue: string | null): Promise<Property> {
  const res = await api.request(updatePropertyRequest(id, fallbackValue));
  return parseResponse(z.object({ data: propertySchema }), res.body, OPERATIONS.updateProperty.name).data;
}

// ---- GET /audience/segments/{segmentId} (4.11) -----------------------------------------------

export function getSegment(api: ApiClient, id: string): Promise<Segment> {
  return getOne(api, OPERATIONS.showSegment, id, segmentSchema);
}

// ---- POST / DELETE /audience/contacts/lists/bulk (4.12, 4.13) --------------------------------

export type BulkOperation = 'attach' | 'detach';

/** The operation of each bulk verb (4.12, 4.13): same path, POST attaches, DELETE detaches. */
export const BULK_OPERATIONS = { attach: OPERATIONS.attachLists, detach: OPERATIONS.detachLists } as const;

function bulkRequest(op: BulkOperation, contactIds: readonly string[], listIds: readonly string[]): RequestSpec {
  const { method, path } = BULK_OPERATIONS[op];
  return { method, path: path(), body: { contact_ids: contactIds, list_ids: listIds } };
}

const int = z.number().int().nonnegative();
const attachSchema = z.object({ data: z.object({ attached: int, already_attached: int, total_pairs: int }).loose() });
const detachSchema = z.object({ data: z.object({ detached: int, not_present: int, total_pairs: int }).loose() });

/** One request's answer, in the same shape for both operations: changed + unchanged = total_pairs. */
export interface BulkResult {
  /** attached (4.12) or detached (4.13) */
  changed: number;
  /** already_attached (4.12) or not_present (4.13) */
  unchanged: number;
  totalPairs: number;
  /**
   * The answer came on a retry after an attempt whose answer was lost: that
   * attempt may have been applied, so changed/unchanged may be split wrongly
   * (pairs it changed now count as unchanged); totalPairs is still exact.
   */
  afterLostAnswer: boolean;
}

export async function bulkMembership(
  api: ApiClient,
  op: BulkOperation,
  contactIds: readonly string[],
  listIds: readonly string[],
): Promise<BulkResult> {
  const res = await api.request(bulkRequest(op, contactIds, listIds));
  const operation = BULK_OPERATIONS[op].name;
  if (op === 'attach') {
    const d = parseResponse(attachSchema, res.body, operation).data;
    return { changed: d.attached, unchanged: d.already_attached, totalPairs: d.total_pairs, afterLostAnswer: Boolean(res.afterLostAnswer) };
  }
  const d = parseResponse(detachSchema, res.body, operation).data;
  return { changed: d.detached, unchanged: d.not_present, totalPairs: d.total_pairs, afterLostAnswer: Boolean(res.afterLostAnswer) };
}

export { TOPIC_NAME_MAX, TOPIC_DESCRIPTION_MAX, PROPERTY_FALLBACK_MAX, BULK_MAX_CONTACTS, BULK_MAX_LISTS };
