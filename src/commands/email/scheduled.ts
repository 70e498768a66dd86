import type { EmailDetail, EmailEvent } from '../../api/emails.js';
import { OPERATIONS } from '../../api/operations.js';
import { EMAIL_DETAIL_FIELDS } from '../../api/vocabulary.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';
import { transmissionId } from '../../input/values.js';
import { emailSections } from './show.js';

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
    const [{ oldestFirst }, { timelineColumns }] = await Promise.all([import('../../api/follow.js'), import('../events/columns.js')]);
    await runShow<EmailDetail>(ctx, {
      spinner: 'fetching the scheduled email',
      fields: EMAIL_DETAIL_FIELDS,
      fetch: (api) => getScheduledEmail(api, opts.requestId),
      sections: (d) => emailSections(d, oldestFirst(d.events as EmailEvent[]), timelineColumns, false),
    });
  },
});
