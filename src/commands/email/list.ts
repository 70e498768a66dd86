import type { ApiClient } from '../../api/client.js';
import type { CursorPage } from '../../api/paginate.js';
import type { SentEmail } from '../../api/sending.js';
import { OPERATIONS } from '../../api/operations.js';
import { DEFAULT_WINDOW_DAYS, MAX_SENT_EMAILS_PER_PAGE, SENT_EMAIL_FIELDS } from '../../api/vocabulary.js';
import { inWindow, resolveWindow, retentionWarning, type TimeWindow, WINDOW_FROM_HELP, WINDOW_TO_HELP } from '../../input/window.js';
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

/**
 * A window finer than the covering UTC days keeps only the emails inside it (docs/events.md,
 * "Time windows"); total_count then counts the covering days, so the page has no total of its
 * own. A page left empty while the cursor goes on is followed, so one page means the first page
 * with rows, as in `events list`; a cursor met twice is handed on for the paging engine to refuse.
 */
function windowed(
  range: TimeWindow,
  fetchPage: (api: ApiClient, cursor: string | undefined, perPage: number | undefined) => Promise<CursorPage<SentEmail>>,
): (api: ApiClient, cursor: string | undefined, perPage: number | undefined) => Promise<CursorPage<SentEmail>> {
  const seen = new Set<string>();
  return async (api, cursor, perPage) => {
    for (;;) {
      const page = await fetchPage(api, cursor, perPage);
      const items = page.items.filter((e) => inWindow(range, e.timestamp));
      const next = page.nextCursor;
      if (items.length > 0 || next === null || seen.has(next)) return { items, nextCursor: next };
      seen.add(next);
      cursor = next;
    }
  };
}

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
    const range = resolveWindow({ from: opts.from, to: opts.to }, now, { defaultDays: DEFAULT_WINDOW_DAYS, zone: displayZone(ctx.globals.utc) });
    if (opts.from !== undefined) {
      // GET /emails keeps 10 days of history (service-api-rest.md 4.4)
      const old = retentionWarning(range.fromMs, now, { flag: '--from', text: opts.from }, { days: DEFAULT_WINDOW_DAYS, what: 'sent emails' });
      if (old) ctx.warn(old);
    }
    // the covering UTC days (the API takes whole dates)
    const { from, to } = range;
    const args: string[] = [];
    if (opts.recipient) args.push('--recipient', opts.recipient);
    // the window as the user meant it (a local day, an instant), not the covering UTC dates
    if (range.fromArg) args.push('--from', range.fromArg);
    if (range.toArg) args.push('--to', range.toArg);
    if (opts.perPage !== undefined) args.push('--per-page', String(opts.perPage));
    const fetchPage = (api: ApiClient, cursor: string | undefined, perPage: number | undefined) =>
      listSentEmails(api, { recipients: opts.recipient, from, to, per_page: perPage, cursor });
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
        fetch: range.cut ? windowed(range, fetchPage) : fetchPage,
      },
    });
  },
});
