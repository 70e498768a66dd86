import type { EmailDetail, EmailEvent } from '../../api/emails.js';
import { OPERATIONS } from '../../api/operations.js';
import { EMAIL_DETAIL_FIELDS } from '../../api/vocabulary.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';
import { transmissionId } from '../../input/values.js';
import { recipients, sender } from './show.js';

// `email scheduled REQUEST_ID` (service-api-rest.md 4.6): a scheduled email, and once it
// has gone out, its events.

export default command({
  name: 'scheduled',
  summary: 'show a scheduled email: state, time, sender, subject, recipients and, once sent, its events',
  args: { requestId: arg('the request_id `email send --at` printed', { parse: transmissionId }) },
  examples: ['mailctl email scheduled 4829301758203345', 'mailctl email scheduled 4829301758203345 --json'],
  operation: OPERATIONS.showScheduledEmail,
  async run(opts, ctx) {
    const { getScheduledEmail } = await import('../../api/sending.js');
    const { oldestFirst, timelineColumns } = await import('../events/columns.js');
    await runShow<EmailDetail>(ctx, {
      spinner: 'fetching the scheduled email',
      fields: EMAIL_DETAIL_FIELDS,
      fetch: (api) => getScheduledEmail(api, opts.requestId),
      sections: (d) => {
        const events = oldestFirst(d.events as EmailEvent[]);
        return [
          {
            fields: [
              { key: 'transmission_id', label: 'Transmission', value: d.transmission_id },
              { key: 'state', label: 'State', value: d.state, kind: 'status' },
              { key: 'scheduled_at', label: 'Scheduled', value: d.scheduled_at, kind: 'time' },
              { key: 'from', label: 'From', value: sender(d) },
              { key: 'subject', label: 'Subject', value: d.subject },
              { key: 'recipients', label: 'Recipients', value: recipients(d) },
            ],
          },
          ...(events.length ? [{ title: `Events (${events.length}, oldest first)`, table: { columns: timelineColumns, rows: events } }] : []),
        ];
      },
    });
  },
});
