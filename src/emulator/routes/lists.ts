// Spec 4.25 to 4.30: audience lists. Names are unique within the team (a duplicate is a 422 on
// `name`, the only refusal the spec defines); deleting a list removes its memberships, not the
// contacts, and a segment restricted to it then spans all contacts (its list_id becomes null).
import { ok, type ApiResponse } from '../api-error.js';
import { forgetMembership, newId } from '../data/contacts.js';
import type { Route, RouteContext } from '../router.js';
import type { MailingList, TeamData } from '../types.js';
import { FieldErrors, bodyObject, findByUuid, isUuid } from '../validate.js';
import {
  countOf, created, nameField, newestFirst, noContent, pageQuery, pagination, renderList, renderLists,
} from './audience-common.js';

function nameTaken(team: TeamData, name: string, except?: string): boolean {
  const wanted = name.toLowerCase();
  for (const l of team.lists.values()) if (l.id !== except && l.name.toLowerCase() === wanted) return true;
  return false;
}

function listLists(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const p = pageQuery(errs, ctx.query);
  errs.throwIfAny();
  const total = countOf(ctx.team.lists.values(), ctx.team.lists.size);
  const page = newestFirst(ctx.team.lists.values(), total, p);
  return ok('Lists retrieved successfully.', { lists: renderLists(ctx.team, page), pagination: pagination(total, p) });
}

function createList(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = nameField(errs, body, 'name', true);
  if (name !== undefined && nameTaken(ctx.team, name)) errs.add('name', 'The name has already been taken.');
  errs.throwIfAny();
  const list: MailingList = { id: newId(ctx.team), name: name as string, created_at: ctx.now };
  ctx.team.lists.set(list.id, list);
  return created('List created successfully.', renderList(list, 0));
}

function findList(ctx: RouteContext, malformed: 'invalid' | 'missing' = 'invalid'): MailingList {
  return findByUuid(ctx.team.lists, ctx.params, 'listId', 'List', malformed);
}

function showList(ctx: RouteContext): ApiResponse {
  const list = findList(ctx, 'missing');
  return ok('List retrieved successfully.', renderLists(ctx.team, [list])[0]);
}

function updateList(ctx: RouteContext): ApiResponse {
  const list = findList(ctx);
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = nameField(errs, body, 'name', false);
  if (name !== undefined && nameTaken(ctx.team, name, list.id)) errs.add('name', 'The name has already been taken.');
  errs.throwIfAny();
  if (name !== undefined) list.name = name;
  return ok('List updated successfully.', renderLists(ctx.team, [list])[0]);
}

function dropList(team: TeamData, id: string): void {
  team.lists.delete(id);
  forgetMembership(team, 'list', id);
  for (const s of team.segments.values()) if (s.list_id === id) s.list_id = null;
}

function deleteList(ctx: RouteContext): ApiResponse {
  const list = findList(ctx, 'missing');
  dropList(ctx.team, list.id);
  return noContent();
}

// Every id must belong to the team (spec 4.30): an unknown one, or another team's, is a 422
// naming the element, and then nothing is deleted.
function deleteLists(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const ids = body.list_ids;
  if (ids === undefined || ids === null) errs.add('list_ids', 'The list_ids field is required.');
  else if (!Array.isArray(ids)) errs.add('list_ids', 'The list_ids field must be an array.');
  else {
    if (ids.length < 1) errs.add('list_ids', 'The list_ids field must have at least 1 item.');
    if (ids.length > 50) errs.add('list_ids', 'The list_ids field must not have more than 50 items.');
    ids.forEach((id: unknown, i) => {
      if (!isUuid(id)) errs.add(`list_ids.${i}`, `The list_ids.${i} field must be a valid UUID.`);
      else if (!ctx.team.lists.has(id)) errs.add(`list_ids.${i}`, `The selected list_ids.${i} is invalid.`);
    });
  }
  errs.throwIfAny();
  let deleted = 0;
  for (const id of new Set(ids as string[])) {
    if (!ctx.team.lists.has(id)) continue;
    dropList(ctx.team, id);
    deleted++;
  }
  return ok(`${deleted} list(s) deleted successfully.`, { deleted });
}

const write = { scope: 'audience:write', sandboxBlocked: true } as const;

export const listRoutes: Route[] = [
  { method: 'GET', path: '/audience/lists', scope: 'audience:read', handler: listLists },
  { method: 'POST', path: '/audience/lists', ...write, body: true, handler: createList },
  // Before /audience/lists/:listId, which would take "bulk" for an id.
  { method: 'DELETE', path: '/audience/lists/bulk', ...write, body: true, handler: deleteLists },
  { method: 'GET', path: '/audience/lists/:listId', scope: 'audience:read', handler: showList },
  { method: 'PATCH', path: '/audience/lists/:listId', ...write, body: true, handler: updateList },
  { method: 'DELETE', path: '/audience/lists/:listId', ...write, handler: deleteList },
];
