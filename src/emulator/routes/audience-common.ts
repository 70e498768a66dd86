// What the audience routes share: the resources as the spec renders them (base 2.6 to 2.9, spec
// 2.11 and 2.15), page-number pagination (spec 1.3, 2.12), the 201 and 204 answers, and the checks
// of names, ids and properties that several operations apply the same way.
import { CONTACT_ADDRESS_RE } from '../../api/vocabulary.js';
import { ApiError, type ApiResponse } from '../api-error.js';
import { memberCounts } from '../data/contacts.js';
import { isoOrNull, isoUtc } from '../time.js';
import type { Contact, MailingList, Property, Segment, TeamData, Topic } from '../types.js';
import { charCount, FieldErrors, intQuery, isUuid } from '../validate.js';

export const CONTACT_STATUSES = ['subscribed', 'unsubscribed', 'bounced', 'complained', 'unverified'] as const;

export function created(message: string, data: unknown): ApiResponse {
  return { status: 201, body: { message, data } };
}

/** 201 or 200 with `message` only (spec 4.36, 4.38). */
export function messageOnly(status: 200 | 201, message: string): ApiResponse {
  return { status, body: { message } };
}

/** 204: the server writes no body for it. */
export function noContent(): ApiResponse {
  return { status: 204, body: {} };
}

export function conflict(message: string): ApiError {
  return new ApiError(409, { message, error_code: 'resource_already_exists' });
}

// ---- rendering -------------------------------------------------------------------------------

export function renderList(l: MailingList, contactsCount: number): Record<string, unknown> {
  return { id: l.id, name: l.name, contacts_count: contactsCount };
}

export function renderLists(team: TeamData, lists: readonly MailingList[]): Array<Record<string, unknown>> {
  const counts = memberCounts(team, 'list', lists.map((l) => l.id));
  return lists.map((l) => renderList(l, counts.get(l.id) ?? 0));
}

export function renderTopics(team: TeamData, topics: readonly Topic[]): Array<Record<string, unknown>> {
  const counts = memberCounts(team, 'topic', topics.map((t) => t.id));
  return topics.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    default_subscription: t.default_subscription,
    visibility: t.visibility,
    contacts_count: counts.get(t.id) ?? 0,
    created_at: isoOrNull(t.created_at),
  }));
}

export function renderTopic(team: TeamData, t: Topic): Record<string, unknown> {
  return renderTopics(team, [t])[0] as Record<string, unknown>;
}

export function renderContact(team: TeamData, c: Contact): Record<string, unknown> {
  const named = (m: Map<string, { id: string; name: string }>, ids: Set<string>) => {
    const out: Array<{ id: string; name: string }> = [];
    for (const id of ids) {
      const x = m.get(id);
      if (x) out.push({ id: x.id, name: x.name });
    }
    return out;
  };
  return {
    id: c.id,
    email: c.email,
    status: c.status,
    properties: { ...c.properties },
    created_at: isoOrNull(c.created_at),
    lists: named(team.lists, c.listIds),
    topics: named(team.topics, c.topicIds),
  };
}

export function renderProperty(p: Property): Record<string, unknown> {
  return { id: p.id, name: p.name, type: p.type, fallback_value: p.fallback_value, created_at: isoUtc(p.created_at) };
}

export function renderSegment(team: TeamData, s: Segment): Record<string, unknown> {
  const list = s.list_id === null ? undefined : team.lists.get(s.list_id);
  return {
    id: s.id,
    name: s.name,
    list_id: s.list_id,
    list_name: list?.name ?? null,
    condition_groups: s.condition_groups.map((g) => ({ conditions: g.conditions.map((c) => ({ ...c })) })),
    cached_contacts_count: s.cached_contacts_count,
    created_at: isoUtc(s.created_at),
  };
}

// ---- pages -----------------------------------------------------------------------------------

export interface PageRequest {
  page: number;
  perPage: number;
}

/** `page` (≥ 1, default 1) and `per_page` (1 to 100, default 20) of the audience listings. */
export function pageQuery(errs: FieldErrors, query: Record<string, string>): PageRequest {
  return {
    page: intQuery(errs, query, 'page', 1, Number.MAX_SAFE_INTEGER, 1),
    perPage: intQuery(errs, query, 'per_page', 1, 100, 20),
  };
}

export function pagination(total: number, p: PageRequest): Record<string, number> {
  return { total, per_page: p.perPage, current_page: p.page, last_page: Math.max(1, Math.ceil(total / p.perPage)) };
}

/**
 * One page of a listing, newest first (so what was just created is on page 1), with the total.
 * The items come oldest first, as the store's maps keep them; only the page is copied.
 */
export function newestFirst<T>(items: Iterable<T>, total: number, p: PageRequest, keep?: (x: T) => boolean): T[] {
  // Newest first: the page's items are at these positions of the oldest-first sequence.
  const end = total - (p.page - 1) * p.perPage; // exclusive
  const start = Math.max(0, end - p.perPage);
  const page: T[] = [];
  if (end <= 0) return page;
  let i = 0;
  for (const x of items) {
    if (keep && !keep(x)) continue;
    if (i >= start) page.push(x);
    if (++i >= end) break;
  }
  return page.reverse();
}

/** How many items pass `keep` (all of them without it). */
export function countOf<T>(items: Iterable<T>, size: number, keep?: (x: T) => boolean): number {
  if (!keep) return size;
  let n = 0;
  for (const x of items) if (keep(x)) n++;
  return n;
}

// ---- shared checks ---------------------------------------------------------------------------

// An address in the `email` format the spec gives contact addresses (the rule the CLI checks too,
// in api/vocabulary.ts). The general check of validate.ts lets through a..b@example.com or
// ü@example.com, which a contact would then carry in every answer.
export function isMailbox(s: unknown): s is string {
  return typeof s === 'string' && CONTACT_ADDRESS_RE.test(s);
}

/** A required or optional name: a non-empty string of at most `max` characters. */
export function nameField(errs: FieldErrors, body: Record<string, unknown>, field: string, required: boolean, max = 255): string | undefined {
  const v = body[field];
  if (v === undefined || (required && v === null)) {
    if (required) errs.add(field, `The ${field} field is required.`);
    return undefined;
  }
  if (typeof v !== 'string') {
    errs.add(field, `The ${field} field must be a string.`);
    return undefined;
  }
  if (v.trim() === '') {
    errs.add(field, `The ${field} field is required.`);
    return undefined;
  }
  if (charCount(v) > max) {
    errs.add(field, `The ${field} field must not be greater than ${max} characters.`);
    return undefined;
  }
  return v;
}

/** An optional `list_id` of a body or query: a uuid of one of the team's lists (or null when allowed). */
export function listRef(
  errs: FieldErrors,
  team: TeamData,
  source: Record<string, unknown>,
  field: string,
  nullable: boolean,
): string | null | undefined {
  if (!(field in source)) return undefined;
  const v = source[field];
  if (v === null || v === '') {
    if (nullable) return null;
    if (v === '') return undefined;
  }
  if (!isUuid(v)) {
    errs.add(field, `The ${field} field must be a valid UUID.`);
    return undefined;
  }
  if (!team.lists.has(v)) {
    errs.add(field, `The selected ${field} is invalid.`);
    return undefined;
  }
  return v;
}

/**
 * `properties` of a contact body: string values of at most 1000 characters, keys defined for the
 * team. With `allowNull` (contact update) a null value removes the property.
 */
export function propertiesField(
  errs: FieldErrors,
  team: TeamData,
  body: Record<string, unknown>,
  allowNull: boolean,
): Record<string, string | null> | null | undefined {
  if (!('properties' in body)) return undefined;
  const v = body.properties;
  if (v === null && !allowNull) return null;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    errs.add('properties', 'The properties field must be an object.');
    return undefined;
  }
  const known = new Set<string>();
  for (const p of team.properties.values()) known.add(p.name);
  const out: Record<string, string | null> = {};
  let bad = false;
  for (const [k, value] of Object.entries(v as Record<string, unknown>)) {
    const field = `properties.${k}`;
    if (!known.has(k)) {
      errs.add(field, `The property ${k} is not defined for this team.`);
      bad = true;
    } else if (value === null && allowNull) {
      out[k] = null;
    } else if (typeof value !== 'string') {
      errs.add(field, `The ${field} field must be a string.`);
      bad = true;
    } else if (charCount(value) > 1000) {
      errs.add(field, `The ${field} field must not be greater than 1000 characters.`);
      bad = true;
    } else {
      out[k] = value;
    }
  }
  return bad ? undefined : out;
}
