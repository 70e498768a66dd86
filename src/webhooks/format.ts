import { instantMs, MS_PER_MINUTE } from '../time-units.js';

// The delivery format: what a webhook's URL receives (service-notes, "Webhook deliveries"),
// and the ONE mapping between it and an events-API event (spec 2.1). The emulator, `webhook
// listen` and `webhook forward` all use it, so a receiver tested against one sees what the
// others send. This module imports nothing: the emulator may use it (architecture.md).
//
// Differences from the events API: the event sits under `msys.<category>_event`, `type` is the
// short name, `timestamp` is Unix seconds as a string, `bounce_class` a string, and the
// transmission is `transmission_id`. Every other field passes through unchanged, both ways.
// Unix seconds drop the milliseconds of the events API, so event → delivery → event gives the
// timestamp at the whole second (delivery → event → delivery is exact).

/** An email event as the events API lists it (spec 2.1); extra fields pass through. */
export type ApiEvent = Record<string, unknown> & { type?: unknown; timestamp?: unknown };

/** The inner object of one delivered event. */
export type MsysEvent = Record<string, unknown> & { type: string; timestamp: string };

/** One element of a delivery's JSON array: `{"msys": {"message_event": {...}}}`. */
export interface DeliveryEvent {
  msys: Record<string, MsysEvent>;
}

const CATEGORIES = ['message_event', 'track_event', 'gen_event', 'unsubscribe_event', 'relay_event'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Webhook event-name prefix (spec 6.3) of each delivery category. */
const PREFIX_OF: Record<Category, string> = {
  message_event: 'message',
  track_event: 'engagement',
  gen_event: 'generation',
  unsubscribe_event: 'unsubscribe',
  relay_event: 'relay',
};

// Short type → category, for every type of spec 6.1 and the relay types of 6.3.
const CATEGORY_OF: ReadonlyMap<string, Category> = new Map<string, Category>([
  ...['injection', 'delivery', 'bounce', 'delay', 'out_of_band', 'spam_complaint', 'policy_rejection'].map((t) => [t, 'message_event'] as const),
  ...['click', 'open', 'initial_open', 'amp_click', 'amp_open', 'amp_initial_open'].map((t) => [t, 'track_event'] as const),
  ...['generation_failure', 'generation_rejection'].map((t) => [t, 'gen_event'] as const),
  ...['list_unsubscribe', 'link_unsubscribe'].map((t) => [t, 'unsubscribe_event'] as const),
  ...['relay_injection', 'relay_rejection', 'relay_delivery', 'relay_tempfail', 'relay_permfail'].map((t) => [t, 'relay_event'] as const),
]);

/** How much of a received value a message quotes: enough to recognise it, never the whole of a 5 MB field. */
const QUOTE_MAX = 200;

/** A received value for a message: at most QUOTE_MAX characters of it, with its length when cut. */
function quote(value: unknown): string {
  const text =
    typeof value === 'string' ? value : value === null || typeof value !== 'object' ? String(value) : Array.isArray(value) ? `an array of ${value.length}` : 'an object';
  const shown = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  return text.length > QUOTE_MAX ? `"${shown}" (${text.length} characters)` : `"${shown}"`;
}

/**
 * A copy of a received object with some keys renamed or converted. Built with defineProperty:
 * an assignment `out[key] = v` with the key "__proto__" (JSON.parse makes it an ordinary own
 * key) would replace the copy's prototype instead, and the copy would show the fields of that
 * value as if they were its own.
 */
function copyWith(src: Record<string, unknown>, convert: (key: string, value: unknown) => [string, unknown] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(src)) {
    const [k, v] = convert(key, value) ?? [key, value];
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export class DeliveryFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryFormatError';
  }
}

/** The canonical webhook event name (spec 6.3) of a short type: "click" → "engagement.click". */
export function webhookEventName(type: string): string | undefined {
  const c = CATEGORY_OF.get(type);
  return c === undefined ? undefined : `${PREFIX_OF[c]}.${type}`;
}

/** Does a webhook with these `event_types` (null = all) want this short type? */
export function wantsEvent(eventTypes: readonly string[] | null, type: string): boolean {
  if (eventTypes === null) return true;
  const name = webhookEventName(type);
  return name !== undefined && eventTypes.includes(name);
}

/** An events-API event in the delivery format. */
export function toDelivery(event: ApiEvent): DeliveryEvent {
  const type = event.type;
  if (typeof type !== 'string') throw new DeliveryFormatError('event has no type');
  const category = CATEGORY_OF.get(type);
  if (!category) throw new DeliveryFormatError(`unknown event type ${quote(type)}`);
  const ms = typeof event.timestamp === 'string' ? instantMs(event.timestamp) : Number.NaN;
  if (Number.isNaN(ms)) throw new DeliveryFormatError(`event ${quote(event.event_id)} has no valid timestamp`);
  const out = copyWith(event, (key, value) => {
    if (key === 'request_id') return ['transmission_id', value];
    if (key === 'timestamp') return ['timestamp', String(Math.floor(ms / 1000))];
    if (key === 'bounce_class' && value !== null && value !== undefined) return ['bounce_class', String(value)];
    return undefined;
  });
  return { msys: { [category]: out as MsysEvent } };
}

/** A delivered event back in the events API's shape; throws DeliveryFormatError on anything else. */
export function fromDelivery(item: unknown): ApiEvent {
  const msys = (item as { msys?: unknown } | null)?.msys;
  if (typeof msys !== 'object' || msys === null) throw new DeliveryFormatError('not an msys object');
  const keys = Object.keys(msys);
  const category = keys[0] as Category;
  if (keys.length !== 1) throw new DeliveryFormatError(`msys has ${keys.length} keys instead of one category (${quote(keys.slice(0, 10).join(','))})`);
  if (!CATEGORIES.includes(category)) throw new DeliveryFormatError(`unknown category ${quote(category)}`);
  // own keys only: a "__proto__" key is data, and so is anything inherited
  const inner = Object.hasOwn(msys, category) ? (msys as Record<string, unknown>)[category] : undefined;
  if (typeof inner !== 'object' || inner === null) throw new DeliveryFormatError(`${category} is not an object`);
  const src = inner as Record<string, unknown>;
  const own = (key: string) => (Object.hasOwn(src, key) ? src[key] : undefined);
  const type = own('type');
  const timestamp = own('timestamp');
  if (typeof type !== 'string' || CATEGORY_OF.get(type) !== category) {
    throw new DeliveryFormatError(`type ${quote(type)} does not belong to ${category}`);
  }
  if (typeof timestamp !== 'string' || !/^\d+$/.test(timestamp)) {
    throw new DeliveryFormatError('timestamp must be Unix seconds as a string');
  }
  return copyWith(src, (key, value) => {
    if (key === 'transmission_id') return ['request_id', value];
    if (key === 'timestamp') return ['timestamp', new Date(Number(value) * 1000).toISOString()];
    if (key === 'bounce_class' && typeof value === 'string' && /^\d+$/.test(value)) return ['bounce_class', Number(value)];
    return undefined;
  }) as ApiEvent;
}

/** The events of a delivery body (a JSON array); throws DeliveryFormatError naming the first bad item. */
export function parseDeliveryBody(body: unknown): ApiEvent[] {
  if (!Array.isArray(body)) throw new DeliveryFormatError('the body is not a JSON array');
  return body.map((item, i) => {
    try {
      return fromDelivery(item);
    } catch (e) {
      throw new DeliveryFormatError(`item ${i}: ${(e as Error).message}`);
    }
  });
}

// ---- how deliveries are made (service-notes): shared by the emulator and `webhook forward` ----

/** A delivery succeeds on a 2xx answer within this time. */
export const DELIVERY_DEADLINE_MS = 30_000;

/** Delay before each of the 7 attempts: 0 s, 1 min, 5 min, 30 min, 2 h, 8 h, 24 h (about 35 hours in all). */
export const SERVICE_RETRY_DELAYS_MS: readonly number[] = [0, 1, 5, 30, 120, 480, 1440].map((min) => min * MS_PER_MINUTE);

/**
 * Events per POST. The service does not document its batch size; SparkPost, whose shape it
 * uses, sends up to a few hundred. 100 keeps a body small enough for any receiver's limits.
 */
const MAX_BATCH_EVENTS = 100;

/** Header carrying the optional hex HMAC-SHA256 of the raw body (service-notes). */
export const SIGNATURE_HEADER = 'lettr-signature';

/** One delivery body: a JSON array of msys objects. */
export function deliveryBody(events: readonly ApiEvent[]): string {
  return JSON.stringify(events.map(toDelivery));
}

/** Splits events into the POSTs the service would make. */
export function batches<T>(events: readonly T[], size = MAX_BATCH_EVENTS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < events.length; i += size) out.push(events.slice(i, i + size));
  return out;
}
