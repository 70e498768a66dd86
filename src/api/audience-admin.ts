import * as z from 'zod';
import type { ApiClient, RequestSpec } from './client.js';
import { OPERATIONS, type Operation } from './operations.js';
import { contactSchema, propertySchema, segmentSchema, topicSchema } from './audience.js';
import { parseResponse } from './response.js';
import { BULK_DELETE_MAX_LISTS } from './vocabulary.js';

// Spec 4.25–4.51: lists, contacts, topics, properties and segments beyond the
// base spec's operations (audience.ts). Every list operation pages by number
// (1.3) and answers `data.<key>` plus `data.pagination`; every write answers
// `data` = the resource, or 204 for deletes and membership changes. Requests
// are built by the *Request functions so --dry-run prints exactly what is sent.

const listSchema = z.object({ id: z.string(), name: z.string().nullish(), contacts_count: z.number().nullish() }).loose();
export type AudienceList = z.output<typeof listSchema>;

const pagination = z
  .object({ total: z.number().nullish(), per_page: z.number().nullish(), current_page: z.number(), last_page: z.number() })
  .loose();

export interface Page<T> {
  items: T[];
  page: number;
  lastPage: number;
  total?: number;
}

type Query = Record<string, string | number | undefined>;

/** The request of one page of a numbered-page list (4.25, 4.31, 4.40, 4.44, 4.48). */
function pageRequest(op: Operation, query: Query): RequestSpec {
  return { method: op.method, path: op.path(), query };
}

async function fetchPage<T>(api: ApiClient, op: Operation, key: string, item: z.ZodType<T>, query: Query): Promise<Page<T>> {
  const res = await api.request(pageRequest(op, query));
  const schema = z.object({ data: z.object({ [key]: z.array(item), pagination }) });
  const data = parseResponse(schema, res.body, op.name).data as Record<string, unknown> & { pagination: z.output<typeof pagination> };
  const p = data.pagination;
  return { items: data[key] as T[], page: p.current_page, lastPage: p.last_page, total: p.total ?? undefined };
}

/** The resource list operations, by noun: the key of their array in `data` and the item's schema. */
const LISTINGS = {
  lists: { op: OPERATIONS.listLists, key: 'lists', schema: listSchema },
  contacts: { op: OPERATIONS.listContacts, key: 'contacts', schema: contactSchema },
  topics: { op: OPERATIONS.listTopics, key: 'topics', schema: topicSchema },
  properties: { op: OPERATIONS.listProperties, key: 'properties', schema: propertySchema },
  segments: { op: OPERATIONS.listSegments, key: 'segments', schema: segmentSchema },
} as const;

type Listings = typeof LISTINGS;
export type ItemOf<K extends keyof Listings> = z.output<Listings[K]['schema']>;

export function listPage<K extends keyof Listings>(api: ApiClient, noun: K, query: Query): Promise<Page<ItemOf<K>>> {
  const l = LISTINGS[noun];
  return fetchPage(api, l.op, l.key, l.schema as unknown as z.ZodType<ItemOf<K>>, query);
}

/** A write of one resource: the request, and its answer's `data` checked against `schema`. */
export interface ResourceWrite<T> {
  request: RequestSpec;
  send(api: ApiClient): Promise<T>;
}

function write<T>(op: Operation, params: string[], body: unknown, schema: z.ZodType<T>): ResourceWrite<T> {
  const request: RequestSpec = { method: op.method, path: op.path(...params), ...(body === undefined ? {} : { body }) };
  return {
    request,
    async send(api) {
      const res = await api.request(request);
      return parseResponse(z.object({ data: schema }), res.body, op.name).data as T;
    },
  };
}

/** A request answered by 204, or by `message` only (deletes, memberships). */
export function plain(op: Operation, params: string[], body?: unknown): ResourceWrite<{ status: number }> {
  const request: RequestSpec = { method: op.method, path: op.path(...params), ...(body === undefined ? {} : { body }) };
  return {
    request,
    async send(api) {
      const res = await api.request(request);
      return { status: res.status };
    },
  };
}

async function getOne<T>(api: ApiClient, op: Operation, id: string, schema: z.ZodType<T>): Promise<T> {
  const res = await api.request({ method: op.method, path: op.path(id) });
  return parseResponse(z.object({ data: schema }), res.body, op.name).data as T;
}

export const getList = (api: ApiClient, id: string) => getOne(api, OPERATIONS.showList, id, listSchema);
export const getTopic = (api: ApiClient, id: string) => getOne(api, OPERATIONS.showTopic, id, topicSchema);
export const getProperty = (api: ApiClient, id: string) => getOne(api, OPERATIONS.showProperty, id, propertySchema);

export const createList = (body: { name: string }) => write(OPERATIONS.createList, [], body, listSchema);
export const updateList = (id: string, body: { name?: string }) => write(OPERATIONS.updateList, [id], body, listSchema);
export const createContact = (body: Record<string, unknown>) => write(OPERATIONS.createContact, [], body, contactSchema);
export const updateContact = (id: string, body: Record<string, unknown>) => write(OPERATIONS.updateContact, [id], body, contactSchema);
export const createTopic = (body: Record<string, unknown>) => write(OPERATIONS.createTopic, [], body, topicSchema);
export const createProperty = (body: Record<string, unknown>) => write(OPERATIONS.createProperty, [], body, propertySchema);
export const createSegment = (body: Record<string, unknown>) => write(OPERATIONS.createSegment, [], body, segmentSchema);
export const updateSegment = (id: string, body: Record<string, unknown>) => write(OPERATIONS.updateSegment, [id], body, segmentSchema);

const deletedSchema = z.object({ deleted: z.number().int().nonnegative() }).loose();

/** DELETE /audience/lists/bulk (4.30): `data.deleted` lists were deleted. */
const deleteLists = (ids: string[]) => write(OPERATIONS.deleteLists, [], { list_ids: ids }, deletedSchema);

/** DELETE /audience/lists/bulk for any number of ids: one request per BULK_DELETE_MAX_LISTS, in order. */
export function deleteListBatches(ids: string[]) {
  const batches = [];
  for (let i = 0; i < ids.length; i += BULK_DELETE_MAX_LISTS) {
    const batch = ids.slice(i, i + BULK_DELETE_MAX_LISTS);
    batches.push({ ids: batch, ...deleteLists(batch) });
  }
  return batches;
}

const importSchema = z.object({ created: z.number().int().nonnegative(), already_existed: z.number().int().nonnegative() }).loose();
export type ImportResult = z.output<typeof importSchema> & { afterLostAnswer: boolean };

export function importRequest(emails: readonly string[], listId?: string, properties?: Record<string, string>): RequestSpec {
  const op = OPERATIONS.importContacts;
  const body: Record<string, unknown> = { emails };
  if (listId !== undefined) body.list_id = listId;
  if (properties !== undefined) body.properties = properties;
  return { method: op.method, path: op.path(), body };
}

/** POST /audience/contacts/bulk (4.33): one batch of at most 1000 addresses. */
export async function importBatch(api: ApiClient, request: RequestSpec): Promise<ImportResult> {
  const res = await api.request(request);
  const data = parseResponse(z.object({ data: importSchema }), res.body, OPERATIONS.importContacts.name).data;
  return { ...data, afterLostAnswer: Boolean(res.afterLostAnswer) };
}
