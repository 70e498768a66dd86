import type { EmailEvent } from '../../api/emails.js';
import { EMAIL_EVENT_FIELDS } from '../../api/vocabulary.js';
import type { Column, ListSpec } from '../../output/types.js';

/**
 * What matters beyond the type: why a bounce bounced, how long a delivery
 * queued (ms, as the service reports queue_time), where a click went.
 */
export function eventDetail(e: EmailEvent): string {
  if (e.bounce_class !== undefined && e.bounce_class !== null) {
    return e.reason ? `class ${e.bounce_class}: ${e.reason}` : `class ${e.bounce_class}`;
  }
  if (typeof e.queue_time === 'number') return `queued ${e.queue_time} ms`;
  if (typeof e.target_link_url === 'string') return e.target_link_url;
  if (typeof e.reason === 'string') return e.reason;
  return '';
}

const time: Column<EmailEvent> = { key: 'timestamp', header: 'TIME', value: (e) => e.timestamp, kind: 'time' };
// expectWidth: what a streaming table reserves before it has seen the longer values; a longer
// type or recipient later pushes the rest of its line right (whole columns are never cut).
const type: Column<EmailEvent> = { key: 'type', header: 'TYPE', value: (e) => e.type, kind: 'status', expectWidth: 11 };
/** An address cut short is a different address: never cut. */
const recipient: Column<EmailEvent> = { key: 'rcpt_to', header: 'RECIPIENT', value: (e) => e.rcpt_to, whole: true, expectWidth: 24 };
const detail: Column<EmailEvent> = { key: 'detail', header: 'DETAIL', value: eventDetail, maxWidth: 60, minWidth: 10, priority: 3, expectWidth: 24 };

export const eventListSpec: ListSpec<EmailEvent> = {
  fields: EMAIL_EVENT_FIELDS,
  columns: [
    time,
    type,
    recipient,
    // The bounce reason (detail) keeps its room longest: provider, then subject give way first.
    { key: 'subject', header: 'SUBJECT', value: (e) => e.subject, maxWidth: 40, minWidth: 16, priority: 2, expectWidth: 24 },
    { key: 'mailbox_provider', header: 'PROVIDER', value: (e) => e.mailbox_provider, maxWidth: 20, minWidth: 12, priority: 1, expectWidth: 17 },
    detail,
  ],
};

/** The timeline of `email show`: the subject and sender are in the header above it. */
export const timelineColumns: Column<EmailEvent>[] = [time, type, recipient, detail];
