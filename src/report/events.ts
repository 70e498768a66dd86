import { instantMs } from '../time-units.js';
import type { StreamEvent } from './aggregate.js';

// The two event shapes the API lists (spec 2.1 account-wide, 2.4 per campaign),
// reduced to what the report counts. Events without a readable time are not
// countable in a window: the caller counts them as skipped.

/** The fields of an account-wide email event the report reads (spec 2.1). */
export interface AccountEventIn {
  type?: unknown;
  timestamp?: unknown;
  request_id?: unknown;
  rcpt_to?: unknown;
  recipient_domain?: unknown;
  mailbox_provider?: unknown;
  bounce_class?: unknown;
}

/** The fields of a campaign event the report reads (spec 2.4). */
export interface CampaignEventIn {
  event_type?: unknown;
  email?: unknown;
  timestamp?: unknown;
  bounce_class?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** bounce_class is an integer account-wide and a string on campaign events (service-notes). */
function bounceClass(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

function timeOf(v: unknown): number | undefined {
  const ms = typeof v === 'string' ? instantMs(v) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

export function fromAccountEvent(e: AccountEventIn): StreamEvent | undefined {
  const ms = timeOf(e.timestamp);
  const type = str(e.type);
  if (ms === undefined || type === undefined) return undefined;
  return {
    ms,
    type,
    // Only clicks are counted per email: no key string for the other 90 % of events.
    emailKey: type === 'click' ? `${str(e.request_id) ?? ''}\u0000${str(e.rcpt_to) ?? ''}` : '',
    bounceClass: bounceClass(e.bounce_class),
    domain: str(e.recipient_domain),
    provider: str(e.mailbox_provider),
  };
}

export function fromCampaignEvent(e: CampaignEventIn): StreamEvent | undefined {
  const ms = timeOf(e.timestamp);
  const type = str(e.event_type);
  if (ms === undefined || type === undefined) return undefined;
  const email = (str(e.email) ?? '').toLowerCase();
  const at = email.lastIndexOf('@');
  return {
    ms,
    type,
    // One campaign email per recipient: the address identifies it.
    emailKey: email,
    bounceClass: bounceClass(e.bounce_class),
    domain: at >= 0 ? email.slice(at + 1) : undefined,
  };
}
