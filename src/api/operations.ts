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
  /** The request path with each `{param}` replaced, in order, by the given value (URL-encoded). */
  path(...params: string[]): string;
}

function operation(method: HttpMethod, template: string, scope?: string, sandboxRefused = false): Operation {
  const params = template.match(/\{[^}]+\}/g) ?? [];
  return {
    method,
    template,
    name: `${method} ${template}`,
    scope,
    sandboxRefused,
    path(...values) {
      if (values.length !== params.length) throw new Error(`${method} ${template} takes ${params.length} path parameter(s)`);
      let i = 0;
      return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++]!));
    },
  };
}

export const OPERATIONS = {
  listEmailEvents: operation('GET', '/emails/events'),
  showEmail: operation('GET', '/emails/{requestId}'),
  listCampaigns: operation('GET', '/campaigns', 'campaigns:read'),
  showCampaign: operation('GET', '/campaigns/{campaignId}', 'campaigns:read'),
  listCampaignEvents: operation('GET', '/campaigns/{campaignId}/events', 'campaigns:read'),
  scheduleCampaign: operation('POST', '/campaigns/{campaignId}/schedule', 'campaigns:write', true),
  unscheduleCampaign: operation('POST', '/campaigns/{campaignId}/unschedule', 'campaigns:write', true),
  updateTopic: operation('PATCH', '/audience/topics/{topicId}', 'audience:write', true),
  showContact: operation('GET', '/audience/contacts/{contactId}', 'audience:read'),
  updateProperty: operation('PATCH', '/audience/properties/{propertyId}', 'audience:write', true),
  showSegment: operation('GET', '/audience/segments/{segmentId}', 'audience:read'),
  attachLists: operation('POST', '/audience/contacts/lists/bulk', 'audience:write', true),
  detachLists: operation('DELETE', '/audience/contacts/lists/bulk', 'audience:write', true),
  listWebhooks: operation('GET', '/webhooks'),
  updateWebhook: operation('PUT', '/webhooks/{webhookId}'),
  // service-api-rest.md: sending, projects, campaign send, and what doctor reads
  health: operation('GET', '/health'),
  authCheck: operation('GET', '/auth/check'),
  sendEmail: operation('POST', '/emails', 'emails:send'),
  scheduleEmail: operation('POST', '/emails/scheduled', 'emails:send'),
  listSentEmails: operation('GET', '/emails', 'emails:read'),
  showScheduledEmail: operation('GET', '/emails/scheduled/{transmissionId}'),
  cancelScheduledEmail: operation('DELETE', '/emails/scheduled/{transmissionId}'),
  listProjects: operation('GET', '/projects', 'projects:read'),
  sendCampaign: operation('POST', '/campaigns/{campaignId}/send', 'campaigns:write', true),
  listDomains: operation('GET', '/domains', 'domains:read'),
} as const;
