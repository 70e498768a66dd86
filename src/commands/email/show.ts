import type { EmailDetail, EmailEvent } from '../../api/emails.js';
import { OPERATIONS } from '../../api/operations.js';
import { DEFAULT_WINDOW_DAYS, EMAIL_DETAIL_FIELDS } from '../../api/vocabulary.js';
import type { Context } from '../../context.js';
import { resolveWindow, retentionWarning, WINDOW_FROM_HELP, WINDOW_TO_HELP } from '../../input/window.js';
import { transmissionId } from '../../input/values.js';
import { displayZone } from '../../input/zone.js';
import { writeDetail, type DetailSection } from '../../output/detail.js';
import type { Column } from '../../output/types.js';
import type { DbFlag } from '../../archive/db-flag.js';
import { dbFlag } from '../archive-db.js';
import { arg, command, flag } from '../define.js';

interface ShowOptions {
  requestId: string;
  from?: string;
  to?: string;
  /** --db [PATH]: from the local archive instead of the API. */
  db?: DbFlag;
}

function sender(d: EmailDetail): string | null {
  if (!d.from) return d.from_name ?? null;
  return d.from_name ? `${d.from_name} <${d.from}>` : d.from;
}

function recipients(d: EmailDetail): string | null {
  const list = d.recipients ?? [];
  const n = d.num_recipients ?? list.length;
  if (list.length === 0) return n ? `${n} recipients` : null;
  return n > list.length ? `${list.join(', ')} (+${n - list.length} more)` : list.join(', ');
}

/** What email show and email scheduled print: the email, then its events oldest first (`always`: the table even when empty). */
export function emailSections(d: EmailDetail, events: EmailEvent[], columns: Column<EmailEvent>[], always: boolean): DetailSection[] {
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
    ...(always || events.length ? [{ title: `Events (${events.length}, oldest first)`, table: { columns, rows: events } }] : []),
  ];
}

async function run(opts: ShowOptions, ctx: Context): Promise<void> {
  const [{ oldestFirst }, { timelineColumns }] = await Promise.all([import('../../api/follow.js'), import('../events/columns.js')]);
  // writeDetail checks --fields against the answer; unknown names must fail before anything is sent.
  const out = ctx.output({ fields: EMAIL_DETAIL_FIELDS });
  // the covering UTC days: the detail's events are those of the email, not of a window to cut
  const range = resolveWindow({ from: opts.from, to: opts.to }, ctx.now(), { defaultDays: DEFAULT_WINDOW_DAYS, zone: displayZone(ctx.globals.utc) });
  let detail: EmailDetail;
  if (opts.db !== undefined) detail = await (await import('./show-db.js')).emailFromArchive({ ...opts, db: opts.db }, ctx);
  else {
    const old = opts.from === undefined ? undefined : retentionWarning(range.fromMs, ctx.now(), { flag: '--from', text: opts.from });
    if (old) ctx.warn(old);
    detail = await (await import('../../api/emails.js')).getEmail(await ctx.api(), opts.requestId, range);
  }
  const events = oldestFirst(detail.events as EmailEvent[]);
  await ctx.pageOutput(); // a long timeline or body pages like a listing
  await writeDetail(out, detail, emailSections(detail, events, timelineColumns, true));
}

export default command({
  name: 'show',
  summary: 'show a sent email: sender, subject, recipients, state and its events oldest first',
  args: { requestId: arg('transmission id of the email (the request_id of its events)', { parse: transmissionId }) },
  flags: {
    from: flag.string(`events searched from: ${WINDOW_FROM_HELP}`, { value: 'time' }).defaultShown('10 days ago'),
    to: flag.string(`events searched to: ${WINDOW_TO_HELP}`, { value: 'time' }).defaultShown('now'),
    db: dbFlag('from the local archive of `events sync` instead of the API: no key, no network (put it after the id)'),
  },
  examples: ['mailctl email show 4829301758203345', 'mailctl email show 4829301758203345 --from 30d --json', 'mailctl email show 4829301758203345 --db'],
  operation: OPERATIONS.showEmail,
  run,
});
