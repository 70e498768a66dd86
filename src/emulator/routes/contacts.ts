// Spec 4.31 to 4.35 and base 4.9: listing, creating, showing, updating and deleting contacts.
// Addresses are unique within the team, compared without case; a taken address is a 422 on
// `email` (the only refusal the spec defines). A new contact joins the `opt_out` topics (spec 11
// item 17, [OAS]). Bulk creation (4.33) is in contacts-bulk.ts.
import { ApiError, ok, type ApiResponse } from '../api-error.js';
import { addContact, changeEmail, contactByEmail, defaultTopicIds, removeContact } from '../data/contacts.js';
import { segmentPredicate } from '../data/segment-match.js';
import { activeVersion, findTemplate, projectOf } from '../data/templates.js';
import type { Route, RouteContext } from '../router.js';
import type { Contact, TeamData } from '../types.js';
import { charCount, FieldErrors, bodyObject, findByUuid, isUuid, oneOfQuery, optString } from '../validate.js';
import {
  CONTACT_STATUSES, countOf, created, isMailbox, listRef, newestFirst, noContent, pageQuery, pagination,
  propertiesField, renderContact,
} from './audience-common.js';

/** An address field: a valid address of at most 255 characters. */
function emailValue(errs: FieldErrors, field: string, v: unknown): string | undefined {
  if (typeof v !== 'string') {
    errs.add(field, `The ${field} field must be a string.`);
    return undefined;
  }
  if (charCount(v) > 255) errs.add(field, `The ${field} field must not be greater than 255 characters.`);
  else if (!isMailbox(v)) errs.add(field, `The ${field} field must be a valid email address.`);
  return errs.has(field) ? undefined : v;
}

function findContact(ctx: RouteContext, malformed: 'invalid' | 'missing' = 'invalid'): Contact {
  return findByUuid(ctx.team.contacts, ctx.params, 'contactId', 'Contact', malformed);
}

function idQuery(errs: FieldErrors, team: TeamData, query: Record<string, string>, field: 'list_id' | 'segment_id'): string | undefined {
  const v = query[field];
  if (v === undefined || v === '') return undefined;
  if (!isUuid(v)) errs.add(field, `The ${field} field must be a valid UUID.`);
  else if (!(field === 'list_id' ? team.lists : team.segments).has(v)) errs.add(field, `The selected ${field} is invalid.`);
  else return v;
  return undefined;
}

function listContacts(ctx: RouteContext): ApiResponse {
  const { team, query } = ctx;
  const errs = new FieldErrors();
  const p = pageQuery(errs, query);
  const search = query.search === undefined || query.search === '' ? undefined : query.search;
  if (search !== undefined && charCount(search) > 255) errs.add('search', 'The search field must not be greater than 255 characters.');
  const status = oneOfQuery(errs, query, 'status', CONTACT_STATUSES);
  const listId = idQuery(errs, team, query, 'list_id');
  const segmentId = idQuery(errs, team, query, 'segment_id');
  errs.throwIfAny();

  // Filters combine with AND. `search` also looks at the name properties: the spec says it
  // matches a contact name, and first_name / last_name are the nearest thing a contact has.
  const tests: Array<(c: Contact) => boolean> = [];
  if (search !== undefined) {
    const needle = search.toLowerCase();
    tests.push((c) => {
      if (c.email.toLowerCase().includes(needle)) return true;
      const { first_name: first, last_name: last } = c.properties;
      if (first === undefined && last === undefined) return false;
      return `${first ?? ''} ${last ?? ''}`.trim().toLowerCase().includes(needle);
    });
  }
  if (status !== undefined) tests.push((c) => c.status === status);
  if (listId !== undefined) tests.push((c) => c.listIds.has(listId));
  if (segmentId !== undefined) tests.push(segmentPredicate(team, team.segments.get(segmentId)!));
  const keep = tests.length === 0 ? undefined : (c: Contact) => tests.every((t) => t(c));
  const total = countOf(team.contacts.values(), team.contacts.size, keep);
  const page = newestFirst(team.contacts.values(), total, p, keep);
  return ok('Contacts retrieved successfully.', {
    contacts: page.map((c) => renderContact(team, c)),
    pagination: pagination(total, p),
  });
}

function showContact(ctx: RouteContext): ApiResponse {
  return ok('Contact retrieved successfully.', renderContact(ctx.team, findContact(ctx, 'missing')));
}

/**
 * Double opt-in (spec 2.13): the sender must be on one of the team's approved sending domains (the
 * docs' "verified sending domain"; the domain sending needs, routes/send.ts), else 422 on
 * `double_opt_in.from`, the one validation status 4.32 defines; the template is looked up in the
 * default project, as GET /templates/{slug} without a project does, and must have an active
 * version, else 404. The confirmation email itself is not sent by the emulator.
 */
function checkDoubleOptIn(errs: FieldErrors, team: TeamData, v: unknown): (() => void) | undefined {
  if (v === undefined) return undefined;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    errs.add('double_opt_in', 'The double_opt_in field must be an object.');
    return undefined;
  }
  const o = v as Record<string, unknown>;
  const sub = new FieldErrors();
  if (o.from === undefined || o.from === null) sub.add('from', 'The double_opt_in.from field is required.');
  else {
    const from = emailValue(sub, 'from', o.from);
    const domain = from?.slice(from.lastIndexOf('@') + 1).toLowerCase();
    if (domain !== undefined && team.sending.domains.get(domain)?.status !== 'approved') {
      sub.add('from', `The from field must be on an approved sending domain of the team (${domain} is not).`);
    }
  }
  optString(sub, o, 'from_name', { max: 255, nullable: true });
  for (const [name, max] of [['subject', 998], ['template_slug', 255], ['redirect_url', 2048]] as const) {
    if (o[name] === undefined || o[name] === null || o[name] === '') sub.add(name, `The double_opt_in.${name} field is required.`);
    else optString(sub, o, name, { max, uri: name === 'redirect_url' });
  }
  for (const [field, messages] of Object.entries(sub.map)) {
    for (const m of messages) errs.add(`double_opt_in.${field}`, m.replace(`The ${field} field`, `The double_opt_in.${field} field`));
  }
  const slug = o.template_slug;
  return () => {
    const project = projectOf(team.sending, null);
    const template = project && typeof slug === 'string' ? findTemplate(team.sending, project, slug) : undefined;
    if (!template || !activeVersion(template)) {
      throw new ApiError(404, { message: 'Template not found or has no published version.', error_code: 'template_not_found' });
    }
  };
}

function createContact(ctx: RouteContext): ApiResponse {
  const { team } = ctx;
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  let email: string | undefined;
  if (body.email === undefined || body.email === null || body.email === '') errs.add('email', 'The email field is required.');
  else email = emailValue(errs, 'email', body.email);
  if (email !== undefined && contactByEmail(team, email)) errs.add('email', 'The email has already been taken.');
  const listId = listRef(errs, team, body, 'list_id', true);
  const props = propertiesField(errs, team, body, false);
  const templateCheck = checkDoubleOptIn(errs, team, body.double_opt_in);
  errs.throwIfAny();
  templateCheck?.();
  const contact = addContact(team, {
    email: email as string,
    status: templateCheck ? 'unverified' : 'subscribed',
    properties: { ...(props as Record<string, string> | null | undefined) },
    listIds: new Set(listId ? [listId] : []),
    topicIds: new Set(defaultTopicIds(team)),
    now: ctx.now,
  });
  return created('Contact created successfully.', renderContact(team, contact));
}

function updateContact(ctx: RouteContext): ApiResponse {
  const { team } = ctx;
  const contact = findContact(ctx);
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  let email: string | undefined;
  if ('email' in body) {
    email = emailValue(errs, 'email', body.email);
    const holder = email === undefined ? undefined : contactByEmail(team, email);
    if (holder && holder !== contact) errs.add('email', 'The email has already been taken.');
  }
  let status: string | undefined;
  if ('status' in body) {
    if (body.status !== 'subscribed' && body.status !== 'unsubscribed') {
      errs.add('status', 'The selected status is invalid. Allowed values: subscribed, unsubscribed.');
    } else status = body.status;
  }
  const props = body.properties === null
    ? (errs.add('properties', 'The properties field must be an object.'), undefined)
    : propertiesField(errs, team, body, true);
  errs.throwIfAny();
  if (email !== undefined && email !== contact.email) changeEmail(team, contact, email);
  if (status !== undefined) contact.status = status;
  if (props) {
    // A new object: the old one may be shared with the rest of an import batch.
    const next = { ...contact.properties };
    for (const [k, v] of Object.entries(props)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    contact.properties = next;
  }
  return ok('Contact updated successfully.', renderContact(team, contact));
}

function deleteContact(ctx: RouteContext): ApiResponse {
  removeContact(ctx.team, findContact(ctx, 'missing'));
  return noContent();
}

const write = { scope: 'audience:write', sandboxBlocked: true } as const;

export const contactRoutes: Route[] = [
  { method: 'GET', path: '/audience/contacts', scope: 'audience:read', handler: listContacts },
  { method: 'POST', path: '/audience/contacts', ...write, body: true, handler: createContact },
  { method: 'GET', path: '/audience/contacts/:contactId', scope: 'audience:read', handler: showContact },
  { method: 'PATCH', path: '/audience/contacts/:contactId', ...write, body: true, handler: updateContact },
  { method: 'DELETE', path: '/audience/contacts/:contactId', ...write, handler: deleteContact },
];
