import type { EmailDetail, EmailEvent } from '../api/emails.js';

// `email show ID --db [PATH]`: the email detail rebuilt from the archived
// events of that request id. Events carry the subject, sender and recipient;
// the state is derived from them as the service does (a bounce or a failure
// decides it, else a delivery); the sender's display name is not in any event.

const FAILED = new Set(['policy_rejection', 'generation_failure', 'generation_rejection']);

function stateOf(types: readonly string[]): string | null {
  if (types.length === 0) return null;
  let state = 'scheduled';
  for (const t of types) {
    if (t === 'bounce') return 'bounced';
    if (FAILED.has(t)) return 'failed';
    if (t === 'delivery') state = 'delivered';
  }
  return state;
}

/** The detail of spec 2.3 from the archived event types of a request id (`types`) and its events, newest first. */
export function emailDetailOf(requestId: string, types: readonly string[], events: EmailEvent[]): EmailDetail {
  const latest = events[0];
  const recipients = [...new Set(events.map((e) => e.rcpt_to).filter((r): r is string => typeof r === 'string'))];
  return {
    transmission_id: requestId,
    state: stateOf(types),
    scheduled_at: null,
    from: latest?.friendly_from ?? null,
    from_name: null,
    subject: latest?.subject ?? null,
    recipients,
    num_recipients: recipients.length,
    events: events as EmailDetail['events'],
  };
}
