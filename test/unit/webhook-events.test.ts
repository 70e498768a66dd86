import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS as EMULATOR_EVENTS } from '../../src/emulator/routes/webhooks.js';
import {
  canonicalWebhookEvent,
  resolveWebhookEvents,
  suggestWebhookEvent,
  WEBHOOK_EVENTS,
} from '../../src/input/webhook-events.js';

// Spec 6.3, written out here so a change to the list in the source is noticed.
const SPEC_6_3 = [
  'message.injection', 'message.delivery', 'message.bounce', 'message.delay', 'message.out_of_band',
  'message.spam_complaint', 'message.policy_rejection',
  'engagement.click', 'engagement.open', 'engagement.initial_open', 'engagement.amp_click', 'engagement.amp_open',
  'engagement.amp_initial_open',
  'generation.generation_failure', 'generation.generation_rejection',
  'unsubscribe.list_unsubscribe', 'unsubscribe.link_unsubscribe',
  'relay.relay_injection', 'relay.relay_rejection', 'relay.relay_delivery', 'relay.relay_tempfail', 'relay.relay_permfail',
];

describe('webhook event names', () => {
  it('lists exactly the canonical names of spec 6.3, as the emulator does', () => {
    expect([...WEBHOOK_EVENTS]).toEqual(SPEC_6_3);
    expect([...WEBHOOK_EVENTS].sort()).toEqual([...EMULATOR_EVENTS].sort());
  });

  it('keeps canonical names as they are', () => {
    for (const name of SPEC_6_3) expect(canonicalWebhookEvent(name)).toBe(name);
  });

  it('maps every short name to the one canonical name that ends with it', () => {
    const shorts = SPEC_6_3.map((n) => n.slice(n.indexOf('.') + 1));
    expect(new Set(shorts).size).toBe(shorts.length); // unique, so the mapping is unambiguous
    for (const name of SPEC_6_3) expect(canonicalWebhookEvent(name.slice(name.indexOf('.') + 1))).toBe(name);
    expect(canonicalWebhookEvent('delivery')).toBe('message.delivery');
    expect(canonicalWebhookEvent('click')).toBe('engagement.click');
    expect(canonicalWebhookEvent('relay_injection')).toBe('relay.relay_injection');
    expect(canonicalWebhookEvent('injection')).toBe('message.injection');
    expect(canonicalWebhookEvent('list_unsubscribe')).toBe('unsubscribe.list_unsubscribe');
  });

  it('turns the legacy engagament. prefix into engagement.', () => {
    expect(canonicalWebhookEvent('engagament.click')).toBe('engagement.click');
    expect(canonicalWebhookEvent('engagament.amp_initial_open')).toBe('engagement.amp_initial_open');
  });

  it('ignores case and surrounding blanks', () => {
    expect(canonicalWebhookEvent(' Message.Delivery ')).toBe('message.delivery');
    expect(canonicalWebhookEvent('CLICK')).toBe('engagement.click');
  });

  it('refuses unknown names, wrong prefixes and the legacy prefix on non-engagement events', () => {
    for (const bad of ['', 'deliveries', 'message.click', 'engagement.delivery', 'engagament.delivery', 'relay.injection', 'message.', '.delivery', 'message']) {
      expect(canonicalWebhookEvent(bad), bad).toBeUndefined();
    }
  });

  it('resolves a list: canonical, in order, de-duplicated, with the conversions and the unknown names', () => {
    expect(resolveWebhookEvents(['delivery', 'engagament.click', 'message.bounce', 'message.delivery', 'nope', 'nope'])).toEqual({
      events: ['message.delivery', 'engagement.click', 'message.bounce'],
      conversions: [
        { given: 'delivery', canonical: 'message.delivery' },
        { given: 'engagament.click', canonical: 'engagement.click' },
      ],
      unknown: ['nope'],
    });
    expect(resolveWebhookEvents(['message.bounce']).conversions).toEqual([]);
  });

  it('suggests the closest name for a typo, and nothing for a far-off word', () => {
    expect(suggestWebhookEvent('delivry')).toBe('message.delivery');
    expect(suggestWebhookEvent('engagement.clik')).toBe('engagement.click');
    expect(suggestWebhookEvent('relay_permfial')).toBe('relay.relay_permfail');
    expect(suggestWebhookEvent('weather')).toBeUndefined();
  });
});
