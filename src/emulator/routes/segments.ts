// Spec 4.48 to 4.51 and base 4.11: segments. Names are unique within the team (docs; a duplicate
// is a 422 on `name`). An update replaces the groups it is given and keeps what it is not given;
// `list_id: null` widens the segment to all contacts, as on creation. The count is computed when
// the segment is created or changed, and shown as `cached_contacts_count`.
import { ok, type ApiResponse } from '../api-error.js';
import { newId } from '../data/contacts.js';
import { SEGMENT_OPERATORS, VALUELESS_OPERATORS, countSegment } from '../data/segment-match.js';
import type { Route, RouteContext } from '../router.js';
import type { Segment, TeamData } from '../types.js';
import { charCount, FieldErrors, bodyObject, findByUuid, isUuid } from '../validate.js';
import {
  countOf, created, listRef, nameField, newestFirst, noContent, pageQuery, pagination, renderSegment,
} from './audience-common.js';

type Groups = Segment['condition_groups'];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `conditions` of spec 2.14, with every offending element named by its path. */
function readConditions(errs: FieldErrors, v: unknown): Groups | undefined {
  if (!isObject(v)) {
    errs.add('conditions', 'The conditions field must be an object.');
    return undefined;
  }
  const groups = v.groups;
  if (groups === undefined || groups === null) {
    errs.add('conditions.groups', 'The conditions.groups field is required.');
    return undefined;
  }
  if (!Array.isArray(groups)) {
    errs.add('conditions.groups', 'The conditions.groups field must be an array.');
    return undefined;
  }
  const out: Groups = [];
  groups.forEach((g: unknown, gi) => {
    const at = `conditions.groups.${gi}`;
    const conds = isObject(g) ? g.conditions : undefined;
    if (!Array.isArray(conds)) {
      errs.add(`${at}.conditions`, `The ${at}.conditions field is required and must be an array.`);
      return;
    }
    if (conds.length < 1) errs.add(`${at}.conditions`, `The ${at}.conditions field must have at least 1 item.`);
    const group: Groups[number] = { conditions: [] };
    conds.forEach((c: unknown, ci) => {
      const here = `${at}.conditions.${ci}`;
      if (!isObject(c)) {
        errs.add(here, `The ${here} field must be an object.`);
        return;
      }
      const { field, operator, value } = c;
      if (typeof field !== 'string' || field === '') errs.add(`${here}.field`, `The ${here}.field field is required and must be a string.`);
      else if (charCount(field) > 255) errs.add(`${here}.field`, `The ${here}.field field must not be greater than 255 characters.`);
      if (typeof operator !== 'string' || !(SEGMENT_OPERATORS as readonly string[]).includes(operator)) {
        errs.add(`${here}.operator`, `The selected ${here}.operator is invalid. Allowed values: ${SEGMENT_OPERATORS.join(', ')}.`);
      }
      const valueless = typeof operator === 'string' && VALUELESS_OPERATORS.includes(operator);
      if (value === undefined || value === null) {
        if (!valueless) errs.add(`${here}.value`, `The ${here}.value field is required for this operator.`);
      } else if (typeof value !== 'string') errs.add(`${here}.value`, `The ${here}.value field must be a string.`);
      else if (charCount(value) > 1000) errs.add(`${here}.value`, `The ${here}.value field must not be greater than 1000 characters.`);
      group.conditions.push({ field: field as string, operator: operator as string, value: typeof value === 'string' ? value : null });
    });
    out.push(group);
  });
  return out;
}

function nameTaken(team: TeamData, name: string, except?: string): boolean {
  const wanted = name.toLowerCase();
  for (const s of team.segments.values()) if (s.id !== except && s.name.toLowerCase() === wanted) return true;
  return false;
}

function listSegments(ctx: RouteContext): ApiResponse {
  const { team, query } = ctx;
  const errs = new FieldErrors();
  const p = pageQuery(errs, query);
  let listId: string | undefined;
  if (query.list_id !== undefined && query.list_id !== '') {
    if (!isUuid(query.list_id)) errs.add('list_id', 'The list_id field must be a valid UUID.');
    else if (!team.lists.has(query.list_id)) errs.add('list_id', 'The selected list_id is invalid.');
    else listId = query.list_id;
  }
  errs.throwIfAny();
  const keep = listId === undefined ? undefined : (s: Segment) => s.list_id === listId;
  const total = countOf(team.segments.values(), team.segments.size, keep);
  const page = newestFirst(team.segments.values(), total, p, keep);
  return ok('Segments retrieved successfully.', {
    segments: page.map((s) => renderSegment(team, s)),
    pagination: pagination(total, p),
  });
}

function createSegment(ctx: RouteContext): ApiResponse {
  const { team } = ctx;
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = nameField(errs, body, 'name', true);
  if (name !== undefined && nameTaken(team, name)) errs.add('name', 'The name has already been taken.');
  const listId = listRef(errs, team, body, 'list_id', true);
  let groups: Groups | undefined;
  if (body.conditions === undefined || body.conditions === null) errs.add('conditions', 'The conditions field is required.');
  else groups = readConditions(errs, body.conditions);
  errs.throwIfAny();
  const segment: Segment = {
    id: newId(team),
    name: name as string,
    list_id: listId ?? null,
    condition_groups: groups as Groups,
    cached_contacts_count: null,
    created_at: ctx.now,
  };
  segment.cached_contacts_count = countSegment(team, segment);
  team.segments.set(segment.id, segment);
  return created('Segment created successfully.', renderSegment(team, segment));
}

function findSegment(ctx: RouteContext, malformed: 'invalid' | 'missing' = 'invalid'): Segment {
  return findByUuid(ctx.team.segments, ctx.params, 'segmentId', 'Segment', malformed);
}

function showSegment(ctx: RouteContext): ApiResponse {
  return ok('Segment retrieved successfully.', renderSegment(ctx.team, findSegment(ctx, 'missing')));
}

function updateSegment(ctx: RouteContext): ApiResponse {
  const { team } = ctx;
  const segment = findSegment(ctx);
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = nameField(errs, body, 'name', false);
  if (name !== undefined && nameTaken(team, name, segment.id)) errs.add('name', 'The name has already been taken.');
  const listId = listRef(errs, team, body, 'list_id', true);
  let groups: Groups | undefined;
  if ('conditions' in body) groups = readConditions(errs, body.conditions);
  errs.throwIfAny();
  if (name !== undefined) segment.name = name;
  if (listId !== undefined) segment.list_id = listId;
  if (groups !== undefined) segment.condition_groups = groups;
  if (listId !== undefined || groups !== undefined) segment.cached_contacts_count = countSegment(team, segment);
  return ok('Segment updated successfully.', renderSegment(team, segment));
}

function deleteSegment(ctx: RouteContext): ApiResponse {
  ctx.team.segments.delete(findSegment(ctx, 'missing').id);
  return noContent();
}

const write = { scope: 'audience:write', sandboxBlocked: true } as const;

export const segmentRoutes: Route[] = [
  { method: 'GET', path: '/audience/segments', scope: 'audience:read', handler: listSegments },
  { method: 'POST', path: '/audience/segments', ...write, body: true, handler: createSegment },
  { method: 'GET', path: '/audience/segments/:segmentId', scope: 'audience:read', handler: showSegment },
  { method: 'PATCH', path: '/audience/segments/:segmentId', ...write, body: true, handler: updateSegment },
  { method: 'DELETE', path: '/audience/segments/:segmentId', ...write, handler: deleteSegment },
];
