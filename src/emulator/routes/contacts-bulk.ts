// Spec 4.33: create up to 1000 contacts in one call. Addresses are trimmed, lower-cased and
// de-duplicated first; an address the team already has is counted in `already_existed` and left
// as it is (spec 11 item 18: [OAS] creates only). New contacts start `subscribed` (docs).
//
// `contact import` sends a million addresses this way, so the work per request is proportional
// to the request (one index lookup per address) and the contacts of one request share their
// list set, topic set and properties (data/contacts.ts).
import type { ApiResponse } from '../api-error.js';
import { addContact, contactByEmail, defaultTopicIds, sharedIds, sharedProperties } from '../data/contacts.js';
import type { Route, RouteContext } from '../router.js';
import { charCount, FieldErrors, bodyObject } from '../validate.js';
import { created, isMailbox, listRef, propertiesField } from './audience-common.js';

const MAX_EMAILS = 1000;

function readEmails(errs: FieldErrors, v: unknown): string[] {
  if (v === undefined || v === null) {
    errs.add('emails', 'The emails field is required.');
    return [];
  }
  if (!Array.isArray(v)) {
    errs.add('emails', 'The emails field must be an array.');
    return [];
  }
  if (v.length < 1) errs.add('emails', 'The emails field must have at least 1 item.');
  if (v.length > MAX_EMAILS) {
    errs.add('emails', `The emails field must not have more than ${MAX_EMAILS} items.`);
    return [];
  }
  const out: string[] = [];
  for (let i = 0; i < v.length; i++) {
    const raw: unknown = v[i];
    if (typeof raw !== 'string') {
      errs.add(`emails.${i}`, `The emails.${i} field must be a string.`);
      continue;
    }
    const email = raw.trim().toLowerCase();
    if (charCount(email) > 255) errs.add(`emails.${i}`, `The emails.${i} field must not be greater than 255 characters.`);
    else if (!isMailbox(email)) errs.add(`emails.${i}`, `The emails.${i} field must be a valid email address.`);
    else out.push(email);
  }
  return out;
}

function bulkCreate(ctx: RouteContext): ApiResponse {
  const { team } = ctx;
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const emails = readEmails(errs, body.emails);
  const listId = listRef(errs, team, body, 'list_id', true);
  const props = propertiesField(errs, team, body, false);
  errs.throwIfAny();

  const listIds = sharedIds(listId ? [listId] : []);
  const topicIds = sharedIds(defaultTopicIds(team));
  const properties = sharedProperties(props as Record<string, string> | null | undefined);
  let createdCount = 0;
  let existed = 0;
  for (const email of new Set(emails)) {
    if (contactByEmail(team, email)) {
      existed++;
      continue;
    }
    addContact(team, { email, status: 'subscribed', properties, listIds, topicIds, now: ctx.now });
    createdCount++;
  }
  return created('Contacts created successfully.', { created: createdCount, already_existed: existed });
}

export const contactBulkRoutes: Route[] = [
  {
    method: 'POST', path: '/audience/contacts/bulk', scope: 'audience:write',
    sandboxBlocked: true, body: true, handler: bulkCreate,
  },
];
