import type { ApiClient, RequestSpec } from './client.js';
import type { ZodType } from 'zod';
import { parseResponse } from './response.js';
import type { Topic, Contact, Property, Segment, Condition } from './audience-schemas.js';

// Spec 4.8–4.13: topics, contacts, properties, segments and bulk list
// membership. Fields the spec allows to be null (service-notes: created_at,
// list_id, list_name, cached_contacts_count) are nullish; unknown fields pass
// through so json output prints the API's object as it came.

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./audience-schemas.js');
type Schemas = Awaited<ReturnType<typeof schemas>>;

// ---- limits (spec 8) -------------------------------------------------------------------------

export { TOPIC_VISIBILITIES } from './vocabulary.js';
import type { TOPIC_VISIBILITIES } from './vocabulary.js';
import { OPERATIONS, type Operation } from './operations.js';
import { TOPIC_NAME_MAX, TOPIC_DESCRIPTION_MAX, PROPERTY_FALLBACK_MAX, BULK_MAX_CONTACTS, BULK_MAX_LISTS } from './vocabulary.js';

// ---- PATCH /audience/topics/{topicId} (4.8) --------------------------------------------------

export type { Topic, Contact, Property, Segment, Condition };

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
  const res = await api.request({ ...updateTopicRequest(id, patch), prepare: schemas });
  return parseResponse((await schemas()).topicAnswer, res.body, OPERATIONS.updateTopic.name).data;
}

// ---- GET /audience/contacts/{contactId} (4.9) ------------------------------------------------

/** GET one audience resource by id and check its `data` against the schema. */
async function getOne<T>(api: ApiClient, op: Operation, id: string, answer: (s: Schemas) => ZodType<{ data: T }>): Promise<T> {
  const res = await api.request({ method: op.method, path: op.path(id), prepare: schemas });
  return parseResponse(answer(await schemas()), res.body, op.name).data;
}

export function getContact(api: ApiClient, id: string): Promise<Contact> {
  return getOne(api, OPERATIONS.showContact, id, (s) => s.contactAnswer);
}

// ---- PATCH /audience/properties/{propertyId} (4.10) ------------------------------------------

/** `name` and `type` are immutable and must never be sent: the body holds fallback_value only. */
export function updatePropertyRequest(id: string, fallbackValue: string | null): RequestSpec {
  const op = OPERATIONS.updateProperty;
  return { method: op.method, path: op.path(id), body: { fallback_value: fallbackValue } };
}

export async function updateProperty(api: ApiClient, id: string, fallbackValue: string | null): Promise<Property> {
  const res = await api.request({ ...updatePropertyRequest(id, fallbackValue), prepare: schemas });
  return parseResponse((await schemas()).propertyAnswer, res.body, OPERATIONS.updateProperty.name).data;
}

// ---- GET /audience/segments/{segmentId} (4.11) -----------------------------------------------

export function getSegment(api: ApiClient, id: string): Promise<Segment> {
  return getOne(api, OPERATIONS.showSegment, id, (s) => s.segmentAnswer);
}

// ---- POST / DELETE /audience/contacts/lists/bulk (4.12, 4.13) --------------------------------

export type BulkOperation = 'attach' | 'detach';

/** The operation of each bulk verb (4.12, 4.13): same path, POST attaches, DELETE detaches. */
export const BULK_OPERATIONS = { attach: OPERATIONS.attachLists, detach: OPERATIONS.detachLists } as const;

function bulkRequest(op: BulkOperation, contactIds: readonly string[], listIds: readonly string[]): RequestSpec {
  const { method, path } = BULK_OPERATIONS[op];
  return { method, path: path(), body: { contact_ids: contactIds, list_ids: listIds } };
}

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
  const res = await api.request({ ...bulkRequest(op, contactIds, listIds), prepare: schemas });
  const operation = BULK_OPERATIONS[op].name;
  if (op === 'attach') {
    const d = parseResponse((await schemas()).attachSchema, res.body, operation).data;
    return { changed: d.attached, unchanged: d.already_attached, totalPairs: d.total_pairs, afterLostAnswer: Boolean(res.afterLostAnswer) };
  }
  const d = parseResponse((await schemas()).detachSchema, res.body, operation).data;
  return { changed: d.detached, unchanged: d.not_present, totalPairs: d.total_pairs, afterLostAnswer: Boolean(res.afterLostAnswer) };
}

export { TOPIC_NAME_MAX, TOPIC_DESCRIPTION_MAX, PROPERTY_FALLBACK_MAX, BULK_MAX_CONTACTS, BULK_MAX_LISTS };
