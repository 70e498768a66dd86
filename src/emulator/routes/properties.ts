// Spec 4.44 to 4.47 and base 4.10: contact properties. `name` and `type` are fixed at creation; a
// second property with the same name is a 409 resource_already_exists. What deleting a property
// does to the values stored on contacts is not shown: they stay.
import { ok, type ApiResponse } from '../api-error.js';
import { newId } from '../data/contacts.js';
import type { Route, RouteContext } from '../router.js';
import type { Property } from '../types.js';
import { FieldErrors, bodyObject, findByUuid, optString, requireUuidParam } from '../validate.js';
import { conflict, countOf, created, nameField, newestFirst, noContent, pageQuery, pagination, renderProperty } from './audience-common.js';

const TYPES = ['string', 'number', 'boolean', 'date', 'json'] as const;
const NAME_RE = /^[a-z][a-z0-9_]*$/;

function listProperties(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const p = pageQuery(errs, ctx.query);
  errs.throwIfAny();
  const total = countOf(ctx.team.properties.values(), ctx.team.properties.size);
  const page = newestFirst(ctx.team.properties.values(), total, p);
  return ok('Properties retrieved successfully.', { properties: page.map(renderProperty), pagination: pagination(total, p) });
}

function createProperty(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = nameField(errs, body, 'name', true);
  if (name !== undefined && !NAME_RE.test(name)) {
    errs.add('name', 'The name field must start with a lowercase letter and contain only lowercase letters, digits and underscores.');
  }
  const type = body.type;
  if (type === undefined || type === null) errs.add('type', 'The type field is required.');
  else if (!(TYPES as readonly unknown[]).includes(type)) errs.add('type', `The selected type is invalid. Allowed values: ${TYPES.join(', ')}.`);
  const fallback = optString(errs, body, 'fallback_value', { max: 255, nullable: true });
  errs.throwIfAny();
  for (const p of ctx.team.properties.values()) {
    if (p.name === name) throw conflict(`A property named ${name} already exists.`);
  }
  const property: Property = {
    id: newId(ctx.team),
    name: name as string,
    type: type as string,
    fallback_value: fallback ?? null,
    created_at: ctx.now,
  };
  ctx.team.properties.set(property.id, property);
  return created('Property created successfully.', renderProperty(property));
}

function showProperty(ctx: RouteContext): ApiResponse {
  return ok('Property retrieved successfully.', renderProperty(findByUuid(ctx.team.properties, ctx.params, 'propertyId', 'Property', 'missing')));
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

function deleteProperty(ctx: RouteContext): ApiResponse {
  const property = findByUuid(ctx.team.properties, ctx.params, 'propertyId', 'Property', 'missing');
  ctx.team.properties.delete(property.id);
  return noContent();
}

const write = { scope: 'audience:write', sandboxBlocked: true } as const;

export const propertyRoutes: Route[] = [
  { method: 'GET', path: '/audience/properties', scope: 'audience:read', handler: listProperties },
  { method: 'POST', path: '/audience/properties', ...write, body: true, handler: createProperty },
  { method: 'GET', path: '/audience/properties/:propertyId', scope: 'audience:read', handler: showProperty },
  { method: 'PATCH', path: '/audience/properties/:propertyId', ...write, body: true, handler: updateProperty },
  { method: 'DELETE', path: '/audience/properties/:propertyId', ...write, handler: deleteProperty },
];
