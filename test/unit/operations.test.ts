import { describe, expect, it } from 'vitest';
import { OPERATIONS, requestRetryAt } from '../../src/api/operations.js';

describe('operation descriptors', () => {
  it('build the path from the template, encoding each id', () => {
    expect(OPERATIONS.scheduleCampaign.path('a b/c')).toBe('/campaigns/a%20b%2Fc/schedule');
    expect(OPERATIONS.listWebhooks.path()).toBe('/webhooks');
    expect(() => OPERATIONS.showContact.path()).toThrow('takes 1 path parameter');
  });

  it('name themselves as the spec does, and refuse sandbox keys exactly on the writes the specs refuse them (base section 5, rest 4.24–4.51)', () => {
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
    ]);
    // service-api-rest: campaign send and every audience write are refused for sandbox keys; sending email is not (5.3: recipients replaced)
    expect(OPERATIONS.sendCampaign.sandboxRefused).toBe(true);
    expect(OPERATIONS.sendEmail.sandboxRefused).toBe(false);
    const audienceWrites = Object.values(OPERATIONS).filter((o) => o.template.startsWith('/audience/') && o.method !== 'GET');
    expect(audienceWrites.length).toBeGreaterThan(15);
    for (const o of audienceWrites) expect(o.sandboxRefused, o.name).toBe(true);
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

  // a request built by hand (mailctl api): its operation's rule, and the careful one for a POST nobody knows
  const retryAt: Array<[string, string, boolean]> = [
    ['POST', '/emails', true],
    ['POST', '/emails/', true],
    ['POST', '/emails/scheduled', true],
    ['POST', '/campaigns/c1/send', true],
    ['POST', '/audience/topics', true],
    ['POST', '/not-an-operation', true],
    ['POST', '/campaigns/c1/schedule', false],
    ['POST', '/audience/contacts/lists/bulk', false],
    ['PATCH', '/audience/topics/t1', false],
    ['DELETE', '/not-an-operation', false],
    ['GET', '/emails', false],
  ];
  for (const [method, path, careful] of retryAt) {
    it(`${method} ${path} is retried ${careful ? 'only when nothing was applied' : 'as any request'}`, () => {
      expect(requestRetryAt(method as 'GET', path)).toEqual(careful ? { retry: 'unapplied-only' } : {});
    });
  }
});
