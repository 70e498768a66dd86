// A sent email of GET /emails (spec 2.2): the injection event of one recipient, with what the
// send carried (tracking options, metadata as rcpt_meta, size). Seeded mail, which carries no
// such record, reports the service's defaults.
import { hashString, mix32 } from '../prng.js';
import type { EventLog } from './event-log.js';

export function sentEmail(log: EventLog, i: number): Record<string, unknown> {
  const e = log.render(i);
  const t = log.tx[i] as number;
  const info = log.txInfo.get(t);
  const from = log.senderOfTx(t);
  const h = mix32(hashString(String(e.event_id)));
  return {
    event_id: e.event_id,
    type: e.type,
    timestamp: e.timestamp,
    request_id: e.request_id,
    message_id: `${String(e.request_id)}.${(h % 100_000).toString(36)}@${from.slice(from.indexOf('@') + 1)}`,
    subject: e.subject,
    friendly_from: e.friendly_from,
    sending_domain: from.slice(from.indexOf('@') + 1),
    rcpt_to: e.rcpt_to,
    raw_rcpt_to: e.raw_rcpt_to,
    recipient_domain: e.recipient_domain,
    mailbox_provider: e.mailbox_provider,
    mailbox_provider_region: e.mailbox_provider_region,
    sending_ip: `192.0.2.${1 + (h % 254)}`,
    click_tracking: info?.options?.click_tracking ?? true,
    open_tracking: info?.options?.open_tracking ?? true,
    transactional: info?.options?.transactional ?? true,
    msg_size: info?.msgSize ?? 2_000 + (h % 40_000),
    injection_time: e.timestamp,
    rcpt_meta: info?.metadata ? { ...info.metadata } : null,
  };
}
