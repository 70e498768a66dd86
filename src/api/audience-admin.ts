import type { ZodType } from 'zod';
import type { ApiClient, RequestSpec } from './client.js';
import { OPERATIONS, requestRetry, type Operation } from './operations.js';
import type { Contact, Property, Segment, Topic } from './audience.js';
import type { AudienceList, Imported } from './audience-admin-schemas.js';
import { parseResponse } from './response.js';
import { BULK_DELETE_MAX_LISTS } from './vocabulary.js';

// Spec 4.25–4.51: lists, contacts, topics, properties and segments beyond the
// base spec's operations (audience.ts). Every list operation pages by number
// (1.3) and answers `data.<key>` plus `data.pagination`; every write answers
// `data` = the resource, or 204 for deletes and membership changes. Requests
// are built by the *Request functions so --dry-run prints exactly what is sent.

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./audience-admin-schemas.js');
type Answers = Awaited<ReturnType<typeof schemas>>['ANSWERS'];

export type { AudienceList };

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

/** The resource list operations, by noun; the answer's array is `data.<noun>`. */
const LISTINGS = {
  lists: OPERATIONS.listLists,
  contacts: OPERATIONS.listContacts,
  topics: OPERATIONS.listTopics,
  properties: OPERATIONS.listProperties,
  segments: OPERATIONS.listSegments,
} as const;

interface Items {
  lists: AudienceList;
  contacts: Contact;
  topics: Topic;
  properties: Property;
  segments: Segment;
}
export type ItemOf<K extends keyof Items> = Items[K];

type PageData = Record<string, unknown> & { pagination: { total?: number | null; current_page: number; last_page: number } };

export async function listPage<K extends keyof Items>(api: ApiClient, noun: K, query: Query): Promise<Page<ItemOf<K>>> {
  const op = LISTINGS[noun];
  const res = await api.request({ ...pageRequest(op, query), prepare: schemas });
  const page: ZodType<{ data: unknown }> = (await schemas()).PAGES[noun];
  const data = parseResponse(page, res.body, op.name).data as PageData;
  const p = data.pagination;
  return { items: data[noun] as ItemOf<K>[], page: p.current_page, lastPage: p.last_page, total: p.total ?? undefined };
}

/** A write of one resource: the request, and its answer's `data` checked against `schema`. */
export interface ResourceWrite<T> {
  request: RequestSpec;
  send(api: ApiClient): Promise<T>;
}

/** The answer's schema, picked once the schemas have loaded. */
type Answer<T> = (answers: Answers) => ZodType<{ data: T }>;

function write<T>(op: Operation, params: string[], body: unknown, answer: Answer<T>): ResourceWrite<T> {
  const request: RequestSpec = { method: op.method, path: op.path(...params), ...(body === undefined ? {} : { body }), ...requestRetry(op) };
  return {
    request,
    async send(api) {
      const res = await api.request({ ...request, prepare: schemas });
      return parseResponse(answer((await schemas()).ANSWERS), res.body, op.name).data;
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

async function getOne<T>(api: ApiClient, op: Operation, id: string, answer: Answer<T>): Promise<T> {
  const res = await api.request({ method: op.method, path: op.path(id), prepare: schemas });
  return parseResponse(answer((await schemas()).ANSWERS), res.body, op.name).data;
}

export const getList = (api: ApiClient, id: string) => getOne(api, OPERATIONS.showList, id, (a) => a.list);
export const getTopic = (api: ApiClient, id: string) => getOne(api, OPERATIONS.showTopic, id, (a) => a.topic);
export const getProperty = (api: ApiClient, id: string) => getOne(api, OPERATIONS.showProperty, id, (a) => a.property);

export const createList = (body: { name: string }) => write(OPERATIONS.createList, [], body, (a) => a.list);
export const updateList = (id: string, body: { name?: string }) => write(OPERATIONS.updateList, [id], body, (a) => a.list);
export const createContact = (body: Record<string, unknown>) => write(OPERATIONS.createContact, [], body, (a) => a.contact);
export const updateContact = (id: string, body: Record<string, unknown>) => write(OPERATIONS.updateContact, [id], body, (a) => a.contact);
export const createTopic = (body: Record<string, unknown>) => write(OPERATIONS.createTopic, [], body, (a) => a.topic);
export const createProperty = (body: Record<string, unknown>) => write(OPERATIONS.createProperty, [], body, (a) => a.property);
export const createSegment = (body: Record<string, unknown>) => write(OPERATIONS.createSegment, [], body, (a) => a.segment);
export const updateSegment = (id: string, body: Record<string, unknown>) => write(OPERATIONS.updateSegment, [id], body, (a) => a.segment);

/** DELETE /audience/lists/bulk (4.30): `data.deleted` lists were deleted. */
const deleteLists = (ids: string[]) => write(OPERATIONS.deleteLists, [], { list_ids: ids }, (a) => a.deleted);

/** DELETE /audience/lists/bulk for any number of ids: one request per BULK_DELETE_MAX_LISTS, in order. */
export function deleteListBatches(ids: string[]) {
  const batches = [];
  for (let i = 0; i < ids.length; i += BULK_DELETE_MAX_LISTS) {
    const batch = ids.slice(i, i + BULK_DELETE_MAX_LISTS);
    batches.push({ ids: batch, ...deleteLists(batch) });
  }
  return batches;
}

export type ImportResult = Imported & { afterLostAnswer: boolean };

export function importRequest(emails: readonly string[], listId?: string, properties?: Record<string, string>): RequestSpec {
  const op = OPERATIONS.importContacts;
  const body: Record<string, unknown> = { emails };
  if (listId !== undefined) body.list_id = listId;
  if (properties !== undefined) body.properties = properties;
  return { method: op.method, path: op.path(), body };
}

/** POST /audience/contacts/bulk (4.33): one batch of at most 1000 addresses. */
export async function importBatch(api: ApiClient, request: RequestSpec): Promise<ImportResult> {
  const res = await api.request({ ...request, prepare: schemas });
  const data = parseResponse((await schemas()).ANSWERS.imported, res.body, OPERATIONS.importContacts.name).data;
  return { ...data, afterLostAnswer: Boolean(res.afterLostAnswer) };
}
