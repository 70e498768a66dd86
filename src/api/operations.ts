import type { HttpMethod } from './client.js';

// One descriptor per operation of the spec: method, path template, the path
// for given ids, the scope it needs and whether sandbox keys are refused.
// The resource modules build their requests from it, the commands' help,
// sandbox check, --dry-run and error messages name it, so no operation is
// typed twice. It is kept free of zod (and of anything else) because the help
// text of every command reads it before any heavy module may load.

export interface Operation {
  readonly method: HttpMethod;
  /** The spec's path: `/campaigns/{campaignId}/schedule`. */
  readonly template: string;
  /** `POST /campaigns/{campaignId}/schedule`: how help, errors and notices name it. */
  readonly name: string;
  /** The key scope the spec requires (section 5), when it names one. */
  readonly scope?: string;
  /** Sandbox keys are refused here (spec section 5): refuse before sending. */
  readonly sandboxRefused: boolean;
  /**
   * Sent again, the service does it again (a second resource, a second email): the request is
   * retried only when nothing can have been applied (requestRetry).
   */
  readonly once: boolean;
  /** The request path with each `{param}` replaced, in order, by the given value (URL-encoded). */
  path(...params: string[]): string;
}

interface Rules {
  sandboxRefused?: boolean;
  once?: boolean;
}
/** A write that sandbox keys may not make (spec section 5). */
const WRITE: Rules = { sandboxRefused: true };
/** A write the service applies again when it comes again (a second resource, a campaign mailed twice). */
const CREATE: Rules = { sandboxRefused: true, once: true };
/** An email sent (sandbox keys may send, to the team's own addresses): sent again, it is sent again. */
const SEND: Rules = { once: true };

function operation(method: HttpMethod, template: string, scope?: string, { sandboxRefused = false, once = false }: Rules = {}): Operation {
  const params = template.match(/\{[^}]+\}/g) ?? [];
  return {
    method,
    template,
    name: `${method} ${template}`,
    scope,
    sandboxRefused,
    once,
    path(...values) {
      if (values.length !== params.length) throw new Error(`${method} ${template} takes ${params.length} path parameter(s)`);
      let i = 0;
      return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++]!));
    },
  };
}

export const OPERATIONS = {
  authCheck: operation('GET', '/auth/check'),
  listEmailEvents: operation('GET', '/emails/events'),
  showEmail: operation('GET', '/emails/{requestId}'),
  listCampaigns: operation('GET', '/campaigns', 'campaigns:read'),
  showCampaign: operation('GET', '/campaigns/{campaignId}', 'campaigns:read'),
  listCampaignEvents: operation('GET', '/campaigns/{campaignId}/events', 'campaigns:read'),
  scheduleCampaign: operation('POST', '/campaigns/{campaignId}/schedule', 'campaigns:write', WRITE),
  unscheduleCampaign: operation('POST', '/campaigns/{campaignId}/unschedule', 'campaigns:write', WRITE),
  updateTopic: operation('PATCH', '/audience/topics/{topicId}', 'audience:write', WRITE),
  showContact: operation('GET', '/audience/contacts/{contactId}', 'audience:read'),
  updateProperty: operation('PATCH', '/audience/properties/{propertyId}', 'audience:write', WRITE),
  showSegment: operation('GET', '/audience/segments/{segmentId}', 'audience:read'),
  attachLists: operation('POST', '/audience/contacts/lists/bulk', 'audience:write', WRITE),
  detachLists: operation('DELETE', '/audience/contacts/lists/bulk', 'audience:write', WRITE),
  // Spec 4.25–4.51: the audience administration operations.
  listLists: operation('GET', '/audience/lists', 'audience:read'),
  createList: operation('POST', '/audience/lists', 'audience:write', CREATE),
  showList: operation('GET', '/audience/lists/{listId}', 'audience:read'),
  updateList: operation('PATCH', '/audience/lists/{listId}', 'audience:write', WRITE),
  deleteList: operation('DELETE', '/audience/lists/{listId}', 'audience:write', WRITE),
  deleteLists: operation('DELETE', '/audience/lists/bulk', 'audience:write', WRITE),
  listContacts: operation('GET', '/audience/contacts', 'audience:read'),
  createContact: operation('POST', '/audience/contacts', 'audience:write', CREATE),
  importContacts: operation('POST', '/audience/contacts/bulk', 'audience:write', WRITE),
  updateContact: operation('PATCH', '/audience/contacts/{contactId}', 'audience:write', WRITE),
  deleteContact: operation('DELETE', '/audience/contacts/{contactId}', 'audience:write', WRITE),
  addToList: operation('POST', '/audience/contacts/{contactId}/lists/{listId}', 'audience:write', WRITE),
  removeFromList: operation('DELETE', '/audience/contacts/{contactId}/lists/{listId}', 'audience:write', WRITE),
  subscribeTopic: operation('POST', '/audience/contacts/{contactId}/topics/{topicId}', 'audience:write', WRITE),
  unsubscribeTopic: operation('DELETE', '/audience/contacts/{contactId}/topics/{topicId}', 'audience:write', WRITE),
  listTopics: operation('GET', '/audience/topics', 'audience:read'),
  createTopic: operation('POST', '/audience/topics', 'audience:write', CREATE),
  showTopic: operation('GET', '/audience/topics/{topicId}', 'audience:read'),
  deleteTopic: operation('DELETE', '/audience/topics/{topicId}', 'audience:write', WRITE),
  listProperties: operation('GET', '/audience/properties', 'audience:read'),
  createProperty: operation('POST', '/audience/properties', 'audience:write', CREATE),
  showProperty: operation('GET', '/audience/properties/{propertyId}', 'audience:read'),
  deleteProperty: operation('DELETE', '/audience/properties/{propertyId}', 'audience:write', WRITE),
  listSegments: operation('GET', '/audience/segments', 'audience:read'),
  createSegment: operation('POST', '/audience/segments', 'audience:write', CREATE),
  updateSegment: operation('PATCH', '/audience/segments/{segmentId}', 'audience:write', WRITE),
  deleteSegment: operation('DELETE', '/audience/segments/{segmentId}', 'audience:write', WRITE),
  listWebhooks: operation('GET', '/webhooks'),
  updateWebhook: operation('PUT', '/webhooks/{webhookId}'),
  // service-api-rest.md 4.8 to 4.22: domains, webhook administration, templates
  listDomains: operation('GET', '/domains', 'domains:read'),
  createDomain: operation('POST', '/domains', 'domains:write', CREATE),
  showDomain: operation('GET', '/domains/{domain}', 'domains:read'),
  deleteDomain: operation('DELETE', '/domains/{domain}', 'domains:write', WRITE),
  verifyDomain: operation('POST', '/domains/{domain}/verify', 'domains:write', WRITE),
  createWebhook: operation('POST', '/webhooks', 'webhooks:write', CREATE),
  showWebhook: operation('GET', '/webhooks/{webhookId}', 'webhooks:read'),
  deleteWebhook: operation('DELETE', '/webhooks/{webhookId}', 'webhooks:write', WRITE),
  listTemplates: operation('GET', '/templates', 'templates:read'),
  createTemplate: operation('POST', '/templates', 'templates:write', CREATE),
  showTemplate: operation('GET', '/templates/{slug}', 'templates:read'),
  updateTemplate: operation('PUT', '/templates/{slug}', 'templates:write', WRITE),
  deleteTemplate: operation('DELETE', '/templates/{slug}', 'templates:write', WRITE),
  templateMergeTags: operation('GET', '/templates/{slug}/merge-tags', 'templates:read'),
  templateHtml: operation('GET', '/templates/html', 'templates:read'),
  // service-api-rest.md: sending, projects, campaign send, and what doctor reads
  health: operation('GET', '/health'),
  sendEmail: operation('POST', '/emails', 'emails:send', SEND),
  scheduleEmail: operation('POST', '/emails/scheduled', 'emails:send', SEND),
  listSentEmails: operation('GET', '/emails', 'emails:read'),
  showScheduledEmail: operation('GET', '/emails/scheduled/{transmissionId}'),
  cancelScheduledEmail: operation('DELETE', '/emails/scheduled/{transmissionId}'),
  listProjects: operation('GET', '/projects', 'projects:read'),
  sendCampaign: operation('POST', '/campaigns/{campaignId}/send', 'campaigns:write', CREATE),
} as const;

/**
 * The retry rule of a request of `op` (RequestSpec.retry): an operation the service would apply
 * twice is retried only on answers that prove nothing was applied.
 */
export function requestRetry(op: Operation): { retry?: 'unapplied-only' } {
  return op.once ? { retry: 'unapplied-only' } : {};
}

/** The operations whose path template matches a concrete request path (`/campaigns/abc/send`). */
function operationsAt(method: HttpMethod, path: string): Operation[] {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.values(OPERATIONS).filter(
    (op) => op.method === method && new RegExp(`^${op.template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(clean),
  );
}

/**
 * The retry rule of a request built by hand (`mailctl api`): that of its operation, and, for a
 * POST that names none the CLI knows, the careful one, since a POST may create or send.
 */
export function requestRetryAt(method: HttpMethod, path: string): { retry?: 'unapplied-only' } {
  const ops = operationsAt(method, path);
  return ops.some((op) => op.once) || (method === 'POST' && ops.length === 0) ? { retry: 'unapplied-only' } : {};
}
