// Spec 4.40 to 4.43 and base 4.8: topics. `default_subscription` is fixed at creation; deleting a
// topic removes its subscriptions, not the contacts.
import { ok, type ApiResponse } from '../api-error.js';
import { forgetMembership, newId } from '../data/contacts.js';
import type { Route, RouteContext } from '../router.js';
import type { Topic } from '../types.js';
import { FieldErrors, bodyObject, findByUuid, optString, requireUuidParam } from '../validate.js';
import { countOf, created, nameField, newestFirst, noContent, pageQuery, pagination, renderTopic, renderTopics } from './audience-common.js';

const VISIBILITIES = ['private', 'public'] as const;
const SUBSCRIPTIONS = ['opt_in', 'opt_out'] as const;

function oneOf<T extends string>(errs: FieldErrors, body: Record<string, unknown>, field: string, allowed: readonly T[]): T | undefined {
  if (!(field in body)) return undefined;
  const v = body[field];
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  errs.add(field, `The selected ${field} is invalid. Allowed values: ${allowed.join(', ')}.`);
  return undefined;
}

function listTopics(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const p = pageQuery(errs, ctx.query);
  errs.throwIfAny();
  const total = countOf(ctx.team.topics.values(), ctx.team.topics.size);
  const page = newestFirst(ctx.team.topics.values(), total, p);
  return ok('Topics retrieved successfully.', { topics: renderTopics(ctx.team, page), pagination: pagination(total, p) });
}

function createTopic(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = nameField(errs, body, 'name', true);
  const description = optString(errs, body, 'description', { max: 1000, nullable: true });
  const subscription = oneOf(errs, body, 'default_subscription', SUBSCRIPTIONS);
  const visibility = oneOf(errs, body, 'visibility', VISIBILITIES);
  errs.throwIfAny();
  const topic: Topic = {
    id: newId(ctx.team),
    name: name as string,
    description: description ?? null,
    default_subscription: subscription ?? 'opt_in',
    visibility: visibility ?? 'private',
    created_at: ctx.now,
  };
  ctx.team.topics.set(topic.id, topic);
  return created('Topic created successfully.', renderTopic(ctx.team, topic));
}

function showTopic(ctx: RouteContext): ApiResponse {
  const topic = findByUuid(ctx.team.topics, ctx.params, 'topicId', 'Topic', 'missing');
  return ok('Topic retrieved successfully.', renderTopic(ctx.team, topic));
}

function updateTopic(ctx: RouteContext): ApiResponse {
  requireUuidParam('topicId', ctx.params.topicId as string);
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const name = nameField(errs, body, 'name', false);
  const description = optString(errs, body, 'description', { max: 1000, nullable: true });
  const visibility = oneOf(errs, body, 'visibility', VISIBILITIES);
  if ('default_subscription' in body) {
    errs.add('default_subscription', 'The default_subscription field cannot be changed.');
  }
  errs.throwIfAny();
  const topic = findByUuid(ctx.team.topics, ctx.params, 'topicId', 'Topic');
  if (name !== undefined && name !== null) topic.name = name;
  if (description !== undefined) topic.description = description;
  if (visibility !== undefined) topic.visibility = visibility;
  return ok('Topic updated successfully.', renderTopic(ctx.team, topic));
}

function deleteTopic(ctx: RouteContext): ApiResponse {
  const topic = findByUuid(ctx.team.topics, ctx.params, 'topicId', 'Topic', 'missing');
  ctx.team.topics.delete(topic.id);
  forgetMembership(ctx.team, 'topic', topic.id);
  return noContent();
}

const write = { scope: 'audience:write', sandboxBlocked: true } as const;

export const topicRoutes: Route[] = [
  { method: 'GET', path: '/audience/topics', scope: 'audience:read', handler: listTopics },
  { method: 'POST', path: '/audience/topics', ...write, body: true, handler: createTopic },
  { method: 'GET', path: '/audience/topics/:topicId', scope: 'audience:read', handler: showTopic },
  { method: 'PATCH', path: '/audience/topics/:topicId', ...write, body: true, handler: updateTopic },
  { method: 'DELETE', path: '/audience/topics/:topicId', ...write, handler: deleteTopic },
];
