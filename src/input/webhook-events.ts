import { UsageError } from '../errors.js';
import { editDistance } from './suggest.js';
// Webhook event names (spec 6.3). The API takes the prefixed form; short names
// ("delivery") and the legacy misspelt prefix "engagament." are accepted by the
// service but some of its documentation insists on canonical names, so the CLI
// converts them itself and says so.

export const WEBHOOK_EVENTS = [
  'message.injection',
  'message.delivery',
  'message.bounce',
  'message.delay',
  'message.out_of_band',
  'message.spam_complaint',
  'message.policy_rejection',
  'engagement.click',
  'engagement.open',
  'engagement.initial_open',
  'engagement.amp_click',
  'engagement.amp_open',
  'engagement.amp_initial_open',
  'generation.generation_failure',
  'generation.generation_rejection',
  'unsubscribe.list_unsubscribe',
  'unsubscribe.link_unsubscribe',
  'relay.relay_injection',
  'relay.relay_rejection',
  'relay.relay_delivery',
  'relay.relay_tempfail',
  'relay.relay_permfail',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const LEGACY_PREFIX = 'engagament.';

/** "delivery" → "message.delivery": every short name belongs to exactly one prefix. */
const BY_SHORT_NAME: ReadonlyMap<string, WebhookEvent> = new Map(WEBHOOK_EVENTS.map((e) => [e.slice(e.indexOf('.') + 1), e]));

/** The canonical name of a canonical, short or legacy spelling (case-insensitive); undefined when unknown. */
export function canonicalWebhookEvent(name: string): WebhookEvent | undefined {
  let n = name.trim().toLowerCase();
  if (n.startsWith(LEGACY_PREFIX)) n = `engagement.${n.slice(LEGACY_PREFIX.length)}`;
  if ((WEBHOOK_EVENTS as readonly string[]).includes(n)) return n as WebhookEvent;
  if (n.includes('.')) return undefined;
  return BY_SHORT_NAME.get(n);
}

export interface EventConversion {
  given: string;
  canonical: WebhookEvent;
}

export interface ResolvedEvents {
  /** Canonical names in the order given, without duplicates. */
  events: WebhookEvent[];
  /** Names that were not already canonical, for the notice on stderr. */
  conversions: EventConversion[];
  /** Names that match no event. */
  unknown: string[];
}

/** Resolves the names of --events; the caller decides what unknown names mean. */
export function resolveWebhookEvents(names: readonly string[]): ResolvedEvents {
  const events: WebhookEvent[] = [];
  const conversions: EventConversion[] = [];
  const unknown: string[] = [];
  for (const given of names) {
    const canonical = canonicalWebhookEvent(given);
    if (canonical === undefined) {
      if (!unknown.includes(given)) unknown.push(given);
      continue;
    }
    if (given !== canonical && !conversions.some((c) => c.given === given)) conversions.push({ given, canonical });
    if (!events.includes(canonical)) events.push(canonical);
  }
  return { events, conversions, unknown };
}

/** The closest canonical name to a mistyped one ("delivry" → "message.delivery"), if any is close. */
export function suggestWebhookEvent(name: string): WebhookEvent | undefined {
  const n = name.trim().toLowerCase();
  const limit = Math.max(1, Math.floor(n.length / 4));
  let best: { event: WebhookEvent; d: number } | undefined;
  for (const event of WEBHOOK_EVENTS) {
    const short = event.slice(event.indexOf('.') + 1);
    const d = Math.min(editDistance(n, event, limit), editDistance(n, short, limit));
    if (!best || d < best.d) best = { event, d };
  }
  return best && best.d <= limit ? best.event : undefined;
}

/** The canonical names of --events, or a usage error naming the unknown ones. */
export function parseWebhookEvents(items: string[]): { events: string[]; conversions: EventConversion[] } {
  const { events, conversions, unknown } = resolveWebhookEvents(items);
  if (unknown.length > 0) {
    const suggestion = unknown.length === 1 ? suggestWebhookEvent(unknown[0]!) : undefined;
    throw new UsageError(
      `--events: unknown event name${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
      {
        details: [
          `valid names: ${WEBHOOK_EVENTS.join(', ')}`,
          'short names (delivery, click, relay_injection) and the legacy prefix engagament. are accepted too',
        ],
      },
    );
  }
  return { events, conversions };
}
