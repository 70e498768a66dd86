// Spec 4.36 to 4.39: one contact's list membership and topic subscriptions. Adding answers 201
// when new and 200 when the pair existed (`message` only); removing answers 204 whether or not it
// existed. A contact, list or topic that is not the team's, or a malformed id, is a 404.
import type { ApiResponse } from '../api-error.js';
import { ownListIds, ownTopicIds } from '../data/contacts.js';
import type { Route, RouteContext } from '../router.js';
import type { Contact } from '../types.js';
import { findByUuid } from '../validate.js';
import { messageOnly, noContent } from './audience-common.js';

type Kind = 'list' | 'topic';

// A malformed id is not found either: these operations document 404 and no 422.
function pair(ctx: RouteContext, kind: Kind): { contact: Contact; id: string } {
  const param = kind === 'list' ? 'listId' : 'topicId';
  const contact = findByUuid(ctx.team.contacts, ctx.params, 'contactId', 'Contact', 'missing');
  const target =
    kind === 'list'
      ? findByUuid(ctx.team.lists, ctx.params, param, 'List', 'missing')
      : findByUuid(ctx.team.topics, ctx.params, param, 'Topic', 'missing');
  return { contact, id: target.id };
}

function add(kind: Kind) {
  return (ctx: RouteContext): ApiResponse => {
    const { contact, id } = pair(ctx, kind);
    const has = kind === 'list' ? contact.listIds.has(id) : contact.topicIds.has(id);
    if (has) {
      return messageOnly(200, kind === 'list' ? 'Contact is already in the list.' : 'Contact is already subscribed to the topic.');
    }
    (kind === 'list' ? ownListIds(contact) : ownTopicIds(contact)).add(id);
    return messageOnly(201, kind === 'list' ? 'Contact added to the list.' : 'Contact subscribed to the topic.');
  };
}

function remove(kind: Kind) {
  return (ctx: RouteContext): ApiResponse => {
    const { contact, id } = pair(ctx, kind);
    const has = kind === 'list' ? contact.listIds.has(id) : contact.topicIds.has(id);
    if (has) (kind === 'list' ? ownListIds(contact) : ownTopicIds(contact)).delete(id);
    return noContent();
  };
}

const write = { scope: 'audience:write', sandboxBlocked: true } as const;

export const contactLinkRoutes: Route[] = [
  { method: 'POST', path: '/audience/contacts/:contactId/lists/:listId', ...write, handler: add('list') },
  { method: 'DELETE', path: '/audience/contacts/:contactId/lists/:listId', ...write, handler: remove('list') },
  { method: 'POST', path: '/audience/contacts/:contactId/topics/:topicId', ...write, handler: add('topic') },
  { method: 'DELETE', path: '/audience/contacts/:contactId/topics/:topicId', ...write, handler: remove('topic') },
];
