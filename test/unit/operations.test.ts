import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/api/operations.js';

describe('operation descriptors', () => {
  it('build the path from the template, encoding each id', () => {
    expect(OPERATIONS.scheduleCampaign.path('a b/c')).toBe('/campaigns/a%20b%2Fc/schedule');
    expect(OPERATIONS.listWebhooks.path()).toBe('/webhooks');
    expect(() => OPERATIONS.showContact.path()).toThrow('takes 1 path parameter');
  });

  it('name themselves as the spec does, and refuse sandbox keys exactly on the writes the specs refuse them (base section 5, rest 4.26–4.51)', () => {
    expect(OPERATIONS.detachLists.name).toBe('DELETE /audience/contacts/lists/bulk');
    // the base spec's operations: service-api-rest.md's have their own rules (below)
    const BASE = ['listEmailEvents', 'showEmail', 'listCampaigns', 'showCampaign', 'listCampaignEvents', 'scheduleCampaign', 'unscheduleCampaign', 'updateTopic',
      'showContact', 'updateProperty', 'showSegment', 'attachLists', 'detachLists', 'listWebhooks', 'updateWebhook'] as const;
    const refused = BASE.map((k) => OPERATIONS[k]).filter((o) => o.sandboxRefused).map((o) => o.name);
    expect(refused.sort()).toEqual([
      'DELETE /audience/contacts/lists/bulk',
      'PATCH /audience/properties/{propertyId}',
      'PATCH /audience/topics/{topicId}',
      'POST /audience/contacts/lists/bulk',
      'POST /campaigns/{campaignId}/schedule',
      'POST /campaigns/{campaignId}/unschedule',
      // service-api-rest 4.26–4.51: every audience write is refused for sandbox keys
      'DELETE /audience/contacts/{contactId}',
      'DELETE /audience/contacts/{contactId}/lists/{listId}',
      'DELETE /audience/contacts/{contactId}/topics/{topicId}',
      'DELETE /audience/lists/bulk',
      'DELETE /audience/lists/{listId}',
      'DELETE /audience/properties/{propertyId}',
      'DELETE /audience/segments/{segmentId}',
      'DELETE /audience/topics/{topicId}',
      'PATCH /audience/contacts/{contactId}',
      'PATCH /audience/lists/{listId}',
      'PATCH /audience/segments/{segmentId}',
      'POST /audience/contacts',
      'POST /audience/contacts/bulk',
      'POST /audience/contacts/{contactId}/lists/{listId}',
      'POST /audience/contacts/{contactId}/topics/{topicId}',
      'POST /audience/lists',
      'POST /audience/properties',
      'POST /audience/segments',
      'POST /audience/topics',
    ].sort());
    expect(OPERATIONS.listCampaigns.scope).toBe('campaigns:read');
    expect(OPERATIONS.updateTopic.scope).toBe('audience:write');
  });

  it('refuse sandbox keys on the domain, webhook and template writes of service-api-rest.md (4.9 to 4.20), never on reads', () => {
    const writes = ['createDomain', 'deleteDomain', 'verifyDomain', 'createWebhook', 'deleteWebhook', 'createTemplate', 'updateTemplate', 'deleteTemplate'] as const;
    const reads = ['listDomains', 'showDomain', 'showWebhook', 'listTemplates', 'showTemplate', 'templateMergeTags', 'templateHtml'] as const;
    expect(writes.filter((k) => !OPERATIONS[k].sandboxRefused)).toEqual([]);
    expect(reads.filter((k) => OPERATIONS[k].sandboxRefused)).toEqual([]);
    expect(OPERATIONS.verifyDomain.path('mail.example.com')).toBe('/domains/mail.example.com/verify');
    expect(OPERATIONS.templateHtml.name).toBe('GET /templates/html');
  });
});
