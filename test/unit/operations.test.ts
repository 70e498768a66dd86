import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/api/operations.js';

describe('operation descriptors', () => {
  it('build the path from the template, encoding each id', () => {
    expect(OPERATIONS.scheduleCampaign.path('a b/c')).toBe('/campaigns/a%20b%2Fc/schedule');
    expect(OPERATIONS.listWebhooks.path()).toBe('/webhooks');
    expect(() => OPERATIONS.showContact.path()).toThrow('takes 1 path parameter');
  });

  it('name themselves as the spec does, and refuse sandbox keys exactly on the writes both specs list (base section 5, rest 5.3)', () => {
    expect(OPERATIONS.detachLists.name).toBe('DELETE /audience/contacts/lists/bulk');
    const refused = Object.values(OPERATIONS).filter((o) => o.sandboxRefused).map((o) => o.name);
    expect(refused.sort()).toEqual([
      'DELETE /audience/contacts/lists/bulk',
      'PATCH /audience/properties/{propertyId}',
      'PATCH /audience/topics/{topicId}',
      'POST /audience/contacts/lists/bulk',
      'POST /campaigns/{campaignId}/schedule',
      'POST /campaigns/{campaignId}/send',
      'POST /campaigns/{campaignId}/unschedule',
    ]);
    // sending is allowed to sandbox keys (rest 5.3: recipients replaced), never refused up front
    expect(OPERATIONS.sendEmail.sandboxRefused).toBe(false);
    expect(OPERATIONS.listCampaigns.scope).toBe('campaigns:read');
    expect(OPERATIONS.updateTopic.scope).toBe('audience:write');
  });
});
