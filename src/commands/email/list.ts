import type { SentEmail } from '../../api/sending.js';
import { OPERATIONS } from '../../api/operations.js';
import { DEFAULT_WINDOW_DAYS, MAX_SENT_EMAILS_PER_PAGE, SENT_EMAIL_FIELDS } from '../../api/vocabulary.js';
import { resolveWindow, WINDOW_FROM_HELP, WINDOW_TO_HELP } from '../../input/window.js';
import { displayZone } from '../../input/zone.js';
import type { ListSpec } from '../../output/types.js';
import { command, flag } from '../define.js';
import { cursorFlags, runList } from '../runners/list.js';
import { address } from '../../input/send-values.js';

// `email list` (service-api-rest.md 4.4): the sent emails of the last 10 days by default,
// cursor pages.

const SENT_EMAIL_LIST: ListSpec<SentEmail> = {
  columns: [
    { key: 'timestamp', header: 'TIME', value: (e) => e.timestamp, kind: 'time' },
    { key: 'request_id', header: 'REQUEST ID', value: (e) => (e.request_id as string | null) ?? null, whole: true },
    { key: 'rcpt_to', header: 'TO', value: (e) => (e.rcpt_to as string | null) ?? null, whole: true },
    { key: 'subject', header: 'SUBJECT', value: (e) => (e.subject as string | null) ?? null, maxWidth: 50, minWidth: 10 },
    { key: 'friendly_from', header: 'FROM', value: (e) => (e.friendly_from as string | null) ?? null, priority: 1 },
  ],
  fields: SENT_EMAIL_FIELDS,
};

export default command({
  name: 'list',
  summary: 'list the emails sent in the last 10 days (or --from/--to), newest first',
  flags: {
    recipient: flag.string('only emails sent to this address', { value: 'address', parse: address }),
    from: flag.string(`emails sent from: ${WINDOW_FROM_HELP}`, { value: 'time' }).defaultShown('10 days ago'),
    to: flag.string(`emails sent to: ${WINDOW_TO_HELP}`, { value: 'time' }),
    ...cursorFlags('emails', { max: MAX_SENT_EMAILS_PER_PAGE, default: 25 }),
  },
  examples: ['mailctl email list', 'mailctl email list --recipient ann@example.com', 'mailctl email list --from 7d --all --ndjson > sent.ndjson'],
  operation: OPERATIONS.listSentEmails,
  async run(opts, ctx) {
    const { listSentEmails } = await import('../../api/sending.js');
    const now = ctx.now();
    // Relative days are resolved once, so every page of one run asks for the same window.
    // the covering UTC days (the API takes whole dates)
    const { from, to } = resolveWindow({ from: opts.from, to: opts.to }, now, { defaultDays: DEFAULT_WINDOW_DAYS, zone: displayZone(ctx.globals.utc) });
    const args: string[] = [];
    if (opts.recipient) args.push('--recipient', opts.recipient);
    if (from) args.push('--from', from);
    if (to) args.push('--to', to);
    if (opts.perPage !== undefined) args.push('--per-page', String(opts.perPage));
    await runList(ctx, {
      command: ['email', 'list'],
      args,
      noun: 'emails',
      empty: 'no sent emails in this window',
      spec: SENT_EMAIL_LIST,
      operation: OPERATIONS.listSentEmails,
      all: opts.all,
      limit: opts.limit,
      paging: {
        style: 'cursor',
        cursor: opts.cursor,
        perPage: opts.perPage,
        maxPerPage: MAX_SENT_EMAILS_PER_PAGE,
        fetch: (api, cursor, perPage) => listSentEmails(api, { recipients: opts.recipient, from, to, per_page: perPage, cursor }),
      },
    });
  },
});
