// The email detail of spec 2.3 (GET /emails/{requestId}) and the scheduled email of 2.4
// (GET /emails/scheduled/{id}), which has the same shape: one transmission of the event log,
// with every recipient of an email sent through the API.
import { isoUtc } from '../time.js';
import type { EventLog } from './event-log.js';

/**
 * `state` of a transmission (spec 3.1): `pending` until its first event, then from its events.
 * The scheduled-email view (2.4) calls a pending one `submitted`; the email detail (base 2.3)
 * knows only states derived from events (scheduled, delivered, bounced, failed in the vendor's
 * description), so there a transmission without events yet is `scheduled`: not yet delivered.
 */
function stateOf(log: EventLog, events: number[], pending: string): string {
  if (events.length === 0) return pending;
  return log.transmissionStateOf(events);
}

export function emailDetail(
  log: EventLog,
  t: number,
  range: { fromMs: number; toMs: number } | undefined,
  pending: 'submitted' | 'scheduled' = 'submitted',
): Record<string, unknown> {
  const all = log.eventsOfTransmission(t);
  const info = log.txInfo.get(t);
  const state = stateOf(log, all, pending);
  const inRange = range ? all.filter((i) => (log.ts[i] as number) >= range.fromMs && (log.ts[i] as number) <= range.toMs) : all;
  const recipients = info ? [...info.recipients] : [log.recipientOfTx(t)];
  let scheduledAt: number | null = null;
  if (info?.scheduledAt !== undefined) scheduledAt = info.scheduledAt;
  else if (state === 'scheduled' && all.length > 0) scheduledAt = log.ts[all.at(-1) as number] as number;
  return {
    transmission_id: log.transmissionId(t),
    state,
    scheduled_at: scheduledAt === null ? null : isoUtc(scheduledAt),
    from: log.senderOfTx(t),
    from_name: log.senderNameOfTx(t),
    subject: log.subjectOfTx(t),
    recipients,
    num_recipients: recipients.length,
    events: inRange.map((i) => log.render(i)),
  };
}
