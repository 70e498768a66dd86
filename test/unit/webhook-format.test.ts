// The one delivery-format converter (src/webhooks/format.ts): every event type of spec 6.1 and
// the relay types of 6.3, both ways.
import { describe, expect, it } from 'vitest';
import { EMAIL_EVENT_TYPES } from '../../src/api/vocabulary.js';
import { WEBHOOK_EVENTS } from '../../src/input/webhook-events.js';
import {
  DeliveryFormatError, deliveryBody, fromDelivery, parseDeliveryBody, toDelivery, wantsEvent, webhookEventName,
} from '../../src/webhooks/format.js';

const RELAY_TYPES = ['relay_injection', 'relay_rejection', 'relay_delivery', 'relay_tempfail', 'relay_permfail'];

function apiEvent(type: string): Record<string, unknown> {
  return {
    event_id: `ev-${type}`,
    type,
    timestamp: '2024-01-15T09:50:05.000Z',
    request_id: '12345678',
    rcpt_to: 'invalid@nonexistent.com',
    raw_rcpt_to: 'Invalid@nonexistent.com',
    recipient_domain: 'nonexistent.com',
    mailbox_provider: 'Other',
    mailbox_provider_region: 'Global',
    subject: 'Your Order Confirmation',
    friendly_from: 'you@example.com',
    ...(type === 'delivery' ? { queue_time: 1234 } : {}),
    ...(type === 'bounce' ? { bounce_class: 10, error_code: '550', reason: 'User Unknown' } : {}),
    ...(type.includes('click') ? { target_link_url: 'https://example.com/a' } : {}),
  };
}

const CATEGORY: Record<string, string> = { message: 'message_event', engagement: 'track_event', generation: 'gen_event', unsubscribe: 'unsubscribe_event', relay: 'relay_event' };

describe('delivery format', () => {
  it.each([...EMAIL_EVENT_TYPES, ...RELAY_TYPES])('%s: to the msys shape and back', (type) => {
    const event = apiEvent(type);
    const delivered = toDelivery(event);
    const name = webhookEventName(type)!;
    expect(WEBHOOK_EVENTS).toContain(name);
    const category = CATEGORY[name.split('.')[0]!]!;
    expect(Object.keys(delivered.msys)).toEqual([category]);
    const inner = delivered.msys[category]!;
    expect(inner.type).toBe(type);
    expect(inner.timestamp).toBe('1705312205');
    expect(inner.transmission_id).toBe('12345678');
    expect(inner).not.toHaveProperty('request_id');
    if (type === 'bounce') expect(inner.bounce_class).toBe('10');
    expect(fromDelivery(JSON.parse(JSON.stringify(delivered)))).toEqual(event);
    expect(toDelivery(fromDelivery(delivered))).toEqual(delivered);
  });

  it('reads the vendor example of a bounce', () => {
    const body = [{ msys: { message_event: { type: 'bounce', timestamp: '1705312205', transmission_id: '12345678', message_id: 'abcd-1234-efgh', rcpt_to: 'invalid@nonexistent.com', bounce_class: '10', error_code: '550', reason: 'User Unknown' } } }];
    expect(parseDeliveryBody(body)).toEqual([
      { type: 'bounce', timestamp: '2024-01-15T09:50:05.000Z', request_id: '12345678', message_id: 'abcd-1234-efgh', rcpt_to: 'invalid@nonexistent.com', bounce_class: 10, error_code: '550', reason: 'User Unknown' },
    ]);
  });

  it('keeps the timestamp at the whole second (Unix seconds carry no milliseconds)', () => {
    const back = fromDelivery(toDelivery({ ...apiEvent('open'), timestamp: '2024-01-15T09:50:05.987Z' }));
    expect(back.timestamp).toBe('2024-01-15T09:50:05.000Z');
  });

  it('refuses what is not a delivery, naming the item', () => {
    expect(() => parseDeliveryBody({})).toThrow(DeliveryFormatError);
    expect(() => parseDeliveryBody([{ msys: { message_event: { type: 'click', timestamp: '1' } } }])).toThrow(/item 0: type "click" does not belong to message_event/);
    expect(() => parseDeliveryBody([{ msys: { track_event: { type: 'click', timestamp: '2024-01-01' } } }])).toThrow(/Unix seconds/);
    expect(() => toDelivery({ type: 'nope', timestamp: '2024-01-01T00:00:00Z' })).toThrow(/unknown event type/);
  });

  it('matches event types as a webhook selects them (null = all)', () => {
    expect(wantsEvent(null, 'click')).toBe(true);
    expect(wantsEvent(['engagement.click'], 'click')).toBe(true);
    expect(wantsEvent(['engagement.open'], 'click')).toBe(false);
    expect(JSON.parse(deliveryBody([apiEvent('click')]))).toHaveLength(1);
  });
});
