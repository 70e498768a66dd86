// Spec 4.12 and 4.13: attach or detach every (contact, list) pair of a bulk request.
//
// Counting is exact and pair by pair, in order: a pair repeated in one request counts once as
// attached (or detached) and then as already_attached (or not_present), so
// attached + already_attached = detached + not_present = total_pairs = contacts × lists.
// Unknown ids (including another team's) are a 422 validation_error naming each offending
// element (`contact_ids.3`, `list_ids.0`), and then nothing is changed: the request is all or
// nothing, which is what a client retrying a partly-failed bulk call needs.
import { ok, type ApiResponse } from '../api-error.js';
import { ownListIds } from '../data/contacts.js';
import type { Route, RouteContext } from '../router.js';
import { FieldErrors, bodyObject, isUuid } from '../validate.js';

function idArray(errs: FieldErrors, body: Record<string, unknown>, name: string, max: number): string[] {
  const v = body[name];
  if (v === undefined || v === null) {
    errs.add(name, `The ${name} field is required.`);
    return [];
  }
  if (!Array.isArray(v)) {
    errs.add(name, `The ${name} field must be an array.`);
    return [];
  }
  if (v.length < 1) errs.add(name, `The ${name} field must have at least 1 item.`);
  if (v.length > max) errs.add(name, `The ${name} field must not have more than ${max} items.`);
  v.forEach((id, i) => {
    if (!isUuid(id)) errs.add(`${name}.${i}`, `The ${name}.${i} field must be a valid UUID.`);
  });
  return v as string[];
}

function readPairs(ctx: RouteContext): { contactIds: string[]; listIds: string[] } {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const contactIds = idArray(errs, body, 'contact_ids', 1000);
  const listIds = idArray(errs, body, 'list_ids', 50);
  errs.throwIfAny();
  contactIds.forEach((id, i) => {
    if (!ctx.team.contacts.has(id)) errs.add(`contact_ids.${i}`, `The selected contact_ids.${i} is invalid.`);
  });
  listIds.forEach((id, i) => {
    if (!ctx.team.lists.has(id)) errs.add(`list_ids.${i}`, `The selected list_ids.${i} is invalid.`);
  });
  errs.throwIfAny();
  return { contactIds, listIds };
}

function attach(ctx: RouteContext): ApiResponse {
  const { contactIds, listIds } = readPairs(ctx);
  let attached = 0;
  let already = 0;
  for (const cid of contactIds) {
    const contact = ctx.team.contacts.get(cid)!;
    for (const lid of listIds) {
      if (contact.listIds.has(lid)) already++;
      else {
        ownListIds(contact).add(lid);
        attached++;
      }
    }
  }
  return ok('Contacts attached to lists.', { attached, already_attached: already, total_pairs: attached + already });
}

function detach(ctx: RouteContext): ApiResponse {
  const { contactIds, listIds } = readPairs(ctx);
  let detached = 0;
  let absent = 0;
  for (const cid of contactIds) {
    const contact = ctx.team.contacts.get(cid)!;
    for (const lid of listIds) {
      if (contact.listIds.has(lid)) {
        ownListIds(contact).delete(lid);
        detached++;
      } else absent++;
    }
  }
  return ok('Contacts detached from lists.', { detached, not_present: absent, total_pairs: detached + absent });
}

export const bulkRoutes: Route[] = [
  {
    method: 'POST', path: '/audience/contacts/lists/bulk', scope: 'audience:write',
    sandboxBlocked: true, body: true, handler: attach,
  },
  {
    method: 'DELETE', path: '/audience/contacts/lists/bulk', scope: 'audience:write',
    sandboxBlocked: true, body: true, handler: detach,
  },
];
