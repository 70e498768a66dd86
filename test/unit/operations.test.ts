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
    const refused = Object.values(OPERATIONS).filter((o) => o.sandboxRefused).map((o) => o.name);
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
});
