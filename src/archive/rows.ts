import type { EmailEvent } from '../api/emails.js';
import { instantMs } from '../time-units.js';

// An API event as a row of the events table. The typed columns are for
// queries; `raw` is the event exactly as served, so fields the spec does not
// show (target_link_url, user_agent, ...) are kept and every read gives back
// what the API gave.

export type EventRow = [
  event_id: string, type: string, timestamp: string, timestamp_ms: number,
  request_id: string | null, rcpt_to: string | null, raw_rcpt_to: string | null, recipient_domain: string | null,
  mailbox_provider: string | null, mailbox_provider_region: string | null, subject: string | null, friendly_from: string | null,
  queue_time: number | null, bounce_class: number | null, error_code: string | null, reason: string | null, raw: string,
];

export const EVENT_COLUMNS = [
  'event_id', 'type', 'timestamp', 'timestamp_ms', 'request_id', 'rcpt_to', 'raw_rcpt_to', 'recipient_domain',
  'mailbox_provider', 'mailbox_provider_region', 'subject', 'friendly_from', 'queue_time', 'bounce_class', 'error_code',
  'reason', 'raw',
] as const;

const text = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : String(v));

/** Integers stay integers; campaign-style string codes ("10") become numbers; anything else is left to raw. */
/** A number, or a numeric string as the service sometimes sends one; anything else is no value (raw keeps it as sent). */
function number(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
}

/**
 * A whole number a 32-bit integer column holds (bounce_class: "integer" in
 * spec 2.1); anything else is no value rather than a page that cannot be
 * committed (raw keeps it as sent).
 */
function integer(v: unknown): number | null {
  const n = number(v);
  return n !== null && Number.isInteger(n) && Math.abs(n) <= 2_147_483_647 ? n : null;
}

/** The row of an event, or why it cannot be stored (no id, no readable time). `raw`: its JSON, when the caller has it already. */
export function eventRow(e: EmailEvent, raw?: string): EventRow | string {
  if (typeof e.event_id !== 'string' || e.event_id === '') return 'no event_id';
  const ms = typeof e.timestamp === 'string' ? instantMs(e.timestamp) : NaN;
  if (Number.isNaN(ms)) return `event ${e.event_id} has no readable timestamp`;
  return [
    e.event_id, text(e.type) ?? '', e.timestamp as string, ms,
    text(e.request_id), text(e.rcpt_to), text(e.raw_rcpt_to), text(e.recipient_domain),
    text(e.mailbox_provider), text(e.mailbox_provider_region), text(e.subject), text(e.friendly_from),
    number(e.queue_time), integer(e.bounce_class), text(e.error_code), text(e.reason), raw ?? JSON.stringify(e),
  ];
}
