// Spec 4.8 to 4.11: topic update, contact, property update, segment.
import { ok, type ApiResponse } from '../api-error.js';
import type { Route, RouteContext } from '../router.js';
import { isoOrNull } from '../time.js';
import type { Contact, Property, TeamData, Topic } from '../types.js';
import { FieldErrors, bodyObject, findByUuid, optString, requireUuidParam } from '../validate.js';

function renderTopic(team: TeamData, t: Topic): Record<string, unknown> {
  let count = 0;
  for (const c of team.contacts.values()) if (c.topicIds.has(t.id)) count++;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    default_subscription: t.default_subscription,
    visibility: t.visibility,
    contacts_count: count,
    created_at: isoOrNull(t.created_at),
  };
}

function renderContact(team: TeamData, c: Contact): Record<string, unknown> {
  const named = (m: Map<string, { id: string; name: string }>, ids: Set<string>) =>
    [...m.values()].filter((x) => ids.has(x.id)).map((x) => ({ id: x.id, name: x.name }));
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

function renderProperty(p: Property): Record<string, unknown> {
  return { id: p.id, name: p.name, type: p.type, fallback_value: p.fallback_value, created_at: isoOrNull(p.created_at) };
}

function updateTopic(ctx: RouteContext): ApiResponse {
  requireUuidParam('topicId', ctx.params.topicId as string);
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = optString(errs, body, 'name', { max: 255, min: 1 });
  const description = optString(errs, body, 'description', { max: 1000, nullable: true });
  const visibility = body.visibility;
  if ('visibility' in body && visibility !== 'private' && visibility !== 'public') {
    errs.add('visibility', 'The selected visibility is invalid. Allowed values: private, public.');
  }
  if ('default_subscription' in body) {
    errs.add('default_subscription', 'The default_subscription field cannot be changed.');
  }
  errs.throwIfAny();
  const topic = findByUuid(ctx.team.topics, ctx.params, 'topicId', 'Topic');
  if (name !== undefined && name !== null) topic.name = name;
  if (description !== undefined) topic.description = description;
  if (visibility === 'private' || visibility === 'public') topic.visibility = visibility;
  return ok('Topic updated successfully.', renderTopic(ctx.team, topic));
}

function showContact(ctx: RouteContext): ApiResponse {
  const contact = findByUuid(ctx.team.contacts, ctx.params, 'contactId', 'Contact');
  return ok('Contact retrieved successfully.', renderContact(ctx.team, contact));
}

function updateProperty(ctx: RouteContext): ApiResponse {
  requireUuidParam('propertyId', ctx.params.propertyId as string);
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  for (const immutable of ['name', 'type']) {
    if (immutable in body) errs.add(immutable, `The ${immutable} field cannot be changed and must not be sent.`);
  }
  const fallback = optString(errs, body, 'fallback_value', { max: 255, nullable: true });
  errs.throwIfAny();
  const property = findByUuid(ctx.team.properties, ctx.params, 'propertyId', 'Property');
  if (fallback === undefined) {
    // Spec 4.10: a body with no recognised field is not an error; nothing changes.
    return ok('No recognised field to update; property unchanged.', renderProperty(property));
  }
  property.fallback_value = fallback;
  return ok('Property updated successfully.', renderProperty(property));
}

function showSegment(ctx: RouteContext): ApiResponse {
  const s = findByUuid(ctx.team.segments, ctx.params, 'segmentId', 'Segment');
  const list = s.list_id === null ? undefined : ctx.team.lists.get(s.list_id);
  return ok('Segment retrieved successfully.', {
    id: s.id,
    name: s.name,
    list_id: s.list_id,
    list_name: list?.name ?? null,
    condition_groups: s.condition_groups.map((g) => ({ conditions: g.conditions.map((c) => ({ ...c })) })),
    cached_contacts_count: s.cached_contacts_count,
    created_at: isoOrNull(s.created_at),
  });
}

export const audienceRoutes: Route[] = [
  {
    method: 'PATCH', path: '/audience/topics/:topicId', scope: 'audience:write',
    sandboxBlocked: true, body: true, handler: updateTopic,
  },
  { method: 'GET', path: '/audience/contacts/:contactId', scope: 'audience:read', handler: showContact },
  {
    method: 'PATCH', path: '/audience/properties/:propertyId', scope: 'audience:write',
    sandboxBlocked: true, body: true, handler: updateProperty,
  },
  { method: 'GET', path: '/audience/segments/:segmentId', scope: 'audience:read', handler: showSegment },
];
