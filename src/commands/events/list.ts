import { instantMs } from '../../time-units.js';
import type { ApiClient } from '../../api/client.js';
import type { EmailEvent, EventsPage, EventsQuery } from '../../api/emails.js';
import { OPERATIONS } from '../../api/operations.js';
import { DEFAULT_WINDOW_DAYS, EMAIL_EVENT_TYPES, MAX_EVENTS_PER_PAGE } from '../../api/vocabulary.js';
import { colourAllowed, type Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { UsageError, ValueError } from '../../errors.js';
import { displayZone } from '../../input/zone.js';
import { email, nonEmpty } from '../../input/values.js';
import { describeWindow, inWindow, resolveWindow, retentionWarning, WINDOW_FROM_HELP, WINDOW_TO_HELP, type EventWindow } from '../../input/window.js';
import type { DbFlag } from '../../archive/db-flag.js';
import { dbFlag } from '../archive-db.js';
import { command, flag, type Parsed } from '../define.js';
import { nextPageCommand, nextPageHint, runListing } from '../listing.js';
import { eventListSpec } from './columns.js';
import type { ArchiveListing } from './list-db.js';
import { counted } from '../../counts.js';

/** The archive's filters, and what only the API listing has. */
interface ListOptions extends Omit<ArchiveListing, 'db'> {
  perPage?: number;
  cursor?: string;
  follow: boolean;
  pollIntervalMs: number;
  /** --db [PATH]: read the local archive instead of the API (true: the default archive). */
  db?: DbFlag;
}

const DEFAULT_POLL = '2s';
/** Big enough for any export, small enough to stay an exact integer. */
const MAX_LIMIT = 1_000_000_000;

function transmissionId(raw: string): string {
  const value = raw.trim();
  if (value === '') throw new ValueError('must not be empty');
  if (!/^[^\s,]+$/.test(value)) throw new ValueError('must be one transmission id (the request_id of an event)');
  return value;
}

const FLAGS = {
  events: flag.enumList(EMAIL_EVENT_TYPES, 'only these event types, repeatable', 'types'),
  recipient: flag.list('only events of this recipient (repeatable or comma-separated)', { value: 'email', parse: email }),
  from: flag.string(WINDOW_FROM_HELP, { value: 'time' }).defaultShown('10 days ago'),
  to: flag.string(WINDOW_TO_HELP, { value: 'time' }).defaultShown('now'),
  transmission: flag.string('only events of this sent email (its request_id)', { value: 'id', parse: transmissionId }),
  bounceClass: flag.integerList('only bounces of these classification codes, repeatable or comma-separated', [1, 999]),
  perPage: flag.integer('events per request', [1, MAX_EVENTS_PER_PAGE]).defaultShown('25 for one page, 100 with --all/--limit'),
  cursor: flag.string('start at this page (the next_cursor of an earlier listing)', { value: 'cursor', parse: nonEmpty }),
  all: flag.boolean('follow every page, writing each as it arrives'),
  limit: flag.integer('stop after N events (fetches no page it does not need)', [1, MAX_LIMIT]),
  follow: flag.boolean('after the newest page, keep printing new events as they arrive until Ctrl-C').alias('f'),
  pollInterval: flag.string('time between polls of --follow', { value: 'duration' }).default(DEFAULT_POLL).hidden(),
  db: dbFlag('read the local archive of `events sync` instead of the API: no key, no network').defaultShown("the profile's archive"),
};

function check(o: Parsed<typeof FLAGS, Record<never, never>>): ListOptions {
  if (o.follow) {
    for (const [given, name] of [[o.all, '--all'], [o.cursor, '--cursor'], [o.to, '--to']] as const) {
      if (given) throw new UsageError(`--follow cannot be combined with ${name}: it starts at the newest events and runs until Ctrl-C`);
    }
  }
  if (o.db !== undefined) {
    for (const [given, name, why] of [
      [o.follow, '--follow', 'the archive grows only with `mailctl events sync`'],
      [o.cursor, '--cursor', 'cursors page the API; use --limit or --all'],
      [o.perPage, '--per-page', 'pages are an API matter; use --limit or --all'],
    ] as const) {
      if (given !== undefined && given !== false) throw new UsageError(`--db cannot be combined with ${name}: ${why}`);
    }
  }
  return {
    db: o.db,
    events: o.events,
    recipients: o.recipient,
    from: o.from,
    to: o.to,
    transmission: o.transmission,
    bounceClasses: o.bounceClass,
    perPage: o.perPage,
    cursor: o.cursor,
    all: o.all,
    limit: o.limit,
    follow: o.follow,
    pollIntervalMs: parseDuration(o.pollInterval, '--poll-interval'),
  };
}

/** The user's listing as flags, with relative days and times written as the days and instants they meant. */
function listArgs(opts: ListOptions, range: EventWindow): string[] {
  const args: string[] = [];
  if (opts.events) args.push('--events', opts.events.join(','));
  if (opts.recipients) args.push('--recipient', opts.recipients.join(','));
  if (range.fromArg) args.push('--from', range.fromArg);
  if (range.toArg) args.push('--to', range.toArg);
  if (opts.transmission) args.push('--transmission', opts.transmission);
  if (opts.bounceClasses) args.push('--bounce-class', opts.bounceClasses.join(','));
  if (opts.perPage !== undefined) args.push('--per-page', String(opts.perPage));
  if (opts.all) args.push('--all');
  if (opts.limit !== undefined) args.push('--limit', String(opts.limit));
  return args;
}

function describeRange(page: EventsPage, range: EventWindow): string {
  if (range.cut) return ` between ${describeWindow(range).replace(' to ', ' and ')}`;
  const { from, to } = page;
  return from && to ? ` between ${from} and ${to}` : '';
}

/**
 * The API takes whole days: a window finer than a day is asked for as its
 * covering days, and each page keeps only the events inside it (the paging
 * engine then counts --limit on what is kept). Events come newest first
 * (email-service-api.md 4.1), so a page that reaches back past the window's start is the last one:
 * the pages after it hold only older events, not worth a request or a hint.
 */
function windowed(range: EventWindow, fetch: (q: EventsQuery) => Promise<EventsPage>): (q: EventsQuery) => Promise<EventsPage> {
  if (!range.cut) return fetch;
  return async (q) => {
    const page = await fetch(q);
    const oldest = page.items.at(-1)?.timestamp;
    const past = typeof oldest === 'string' && instantMs(oldest) < range.fromMs;
    return { ...page, items: page.items.filter((e) => inWindow(range, e.timestamp)), nextCursor: past ? null : page.nextCursor };
  };
}

/** Before a long export on a sandbox key: say when its day budget cannot cover the pages still to read. */
function warnDayBudget(ctx: Context, api: ApiClient, total: number | undefined, read: number, limit: number | undefined, perPage: number): void {
  if (total === undefined) return;
  const wanted = Math.min(total, limit ?? Infinity) - read;
  if (wanted <= 0) return;
  const message = api.dayBudgetWarning(Math.ceil(wanted / perPage), 'this export');
  if (message) ctx.warn(message);
}

async function run(opts: ListOptions, ctx: Context): Promise<void> {
  if (opts.db !== undefined) return (await import('./list-db.js')).runFromArchive({ ...opts, db: opts.db }, ctx);
  const { checkRecipientsFit, listEmailEvents } = await import('../../api/emails.js');
  const { cursorPages } = await import('../../api/paginate.js');
  ctx.output(eventListSpec); // --fields checked before anything is sent
  const range = resolveWindow({ from: opts.from, to: opts.to }, ctx.now(), { defaultDays: DEFAULT_WINDOW_DAYS, zone: displayZone(ctx.globals.utc) });
  if (opts.from !== undefined) {
    const old = retentionWarning(range.fromMs, ctx.now(), { flag: '--from', text: opts.from });
    if (old) ctx.warn(old);
  }
  const api = await ctx.api();
  const exact = range.cut;
  if (exact && ctx.globals.verbose) {
    ctx.notice(`> window ${describeWindow(range)}: the API takes whole days, so asking for ${range.from ?? 'the default start'} to ${range.to ?? 'today'} and keeping only the events inside the window`);
  }
  const fetch = windowed(range, (q) => listEmailEvents(api, q));
  const filters: EventsQuery = {
    events: opts.events,
    recipients: opts.recipients,
    from: range.from,
    to: range.to,
    transmissions: opts.transmission,
    bounce_classes: opts.bounceClasses,
  };
  checkRecipientsFit(api, filters);
  if (opts.follow) return followEvents(opts, ctx, fetch, filters, range);

  const paging = opts.all || opts.limit !== undefined;
  // With --all/--limit the next request is sent while this page is written (the export is bound by
  // whichever of network and output is slower, not their sum); every request asks for the largest
  // page (or --per-page), as cli.md says, and no page beyond the limit is fetched.
  // An exact window can empty a page whose cursor goes on: one page then means the first page with rows.
  const pageSize = paging ? (opts.perPage ?? MAX_EVENTS_PER_PAGE) : opts.perPage;
  let first = true;
  const pages = cursorPages(
    async (cursor, perPage) => {
      const page = await fetch({ ...filters, cursor, per_page: perPage });
      if (first && paging && page.nextCursor !== null) warnDayBudget(ctx, api, page.totalCount, page.items.length, opts.limit, pageSize ?? MAX_EVENTS_PER_PAGE);
      first = false;
      // total: the paging engine stops a server that sends far more rows than it counts
      return { ...page, total: page.totalCount };
    },
    opts.cursor,
    {
      all: paging || exact,
      limit: opts.limit,
      pageSize,
      prefetch: paging,
      // a server handing out fresh cursors over the same rows: each event is printed once
      idOf: (e: EmailEvent) => (typeof e.event_id === 'string' ? e.event_id : undefined),
    },
    OPERATIONS.listEmailEvents.name,
  );
  // A terminal table that must not wait for the end: print rows as they come.
  const { last, count } = await runListing(ctx, {
    spec: eventListSpec,
    pages,
    streamTable: paging,
    stopAfter: paging ? undefined : (page) => page.items.length > 0,
    // total_count is for the covering days: no ETA from it for an exact window
    exportOf: paging ? { noun: 'events', total: (page) => (exact ? undefined : page.totalCount), limit: opts.limit } : undefined,
    resume: (page, written) =>
      page.nextCursor ? nextPageCommand(ctx, ['events', 'list'], listArgs({ ...opts, limit: opts.limit === undefined ? undefined : opts.limit - written }, range), ['--cursor', page.nextCursor]) : undefined,
  });
  if (!last) return;
  // total_count counts the covering days: more than an exact window holds
  const total = exact ? undefined : last.totalCount;
  const next = last.nextCursor;
  const words = ['events', 'list'];
  const args = listArgs(opts, range);
  if (!paging && next !== null) {
    const of = total === undefined ? '' : ` of ${total}`;
    nextPageHint(ctx, `Showed ${of ? `${count}${of} events` : counted(count, 'event')}${describeRange(last, range)}`, words, args, ['--cursor', next]);
  } else if (paging && last.stoppedAtLimit) {
    const of = total === undefined ? '' : ` (${total} match)`;
    ctx.notice(`Stopped at --limit ${opts.limit}${of}.${next !== null ? ` The next ${opts.limit}:\n  ${nextPageCommand(ctx, words, args, ['--cursor', next])}` : ''}`);
  } else if (count === 0) {
    ctx.notice(`No events${describeRange(last, range)} match.`);
  }
}

/** --follow: the newest page, then only new events until Ctrl-C (or --limit). */
async function followEvents(
  opts: ListOptions,
  ctx: Context,
  fetch: (q: EventsQuery) => Promise<EventsPage>,
  filters: EventsQuery,
  range: EventWindow,
): Promise<void> {
  const { statusLine, clockTime } = await import('../../output/status-line.js');
  const { followPages } = await import('../../api/follow.js');
  const { defaultSleep } = await import('../../api/sleep.js');
  // a sign of life between events, on a terminal only (stderr: never in the data)
  const status = statusLine(ctx.io.stderr, ctx.io.stderrIsTTY && !ctx.globals.quiet, colourAllowed(true, ctx.io.env, ctx.globals));
  ctx.holdSpinner(true); // polls are the normal state here: the status line says it, no spinner
  const batches = followPages({
    fetchPage: (q) => fetch({ ...filters, from: q.from ?? filters.from, cursor: q.cursor, per_page: q.perPage }),
    firstPerPage: opts.perPage,
    from: range.from,
    intervalMs: opts.pollIntervalMs,
    limit: opts.limit,
    warn: (message) => {
      status.clear();
      ctx.warn(message);
    },
    onPolled: () => status.show(`last polled ${clockTime(ctx.now(), Boolean(ctx.globals.utc))} (Ctrl-C to stop)`),
    sleep: defaultSleep,
    signal: ctx.signal,
  });
  async function* pages() {
    for await (const items of batches) {
      status.clear(); // the rows go where the status line was
      yield { items };
    }
  }
  try {
    ctx.notice('Watching for new events (Ctrl-C to stop)…');
    // no pager: the listing never ends on its own
    await runListing(ctx, { spec: eventListSpec, pages: pages(), streamTable: true, pager: false });
    // Stopped by Ctrl-C or SIGTERM: that is how --follow ends, but not a success (130 / 143).
    if (ctx.signal.aborted) throw ctx.signal.reason;
  } finally {
    status.clear();
  }
}

export default command({
  name: 'list',
  summary: 'list email events, newest first; --all exports every page, --follow watches for new ones',
  description: [
    'Without --all or --limit one page is printed, and when more exist the',
    'command line of the next page goes to stderr. --all and --limit use',
    'the largest page size unless --per-page is given, and write each page',
    'as it arrives (NDJSON lines stay whole when interrupted).',
  ].join('\n'),
  flags: FLAGS,
  examples: [
    'mailctl events list --events bounce,spam_complaint --from 7d',
    'mailctl events list --from 2026-03-01 --to 2026-03-10 --all --ndjson > events.ndjson',
    'mailctl events list --db --recipient ana@example.com --from 60d --all',
  ],
  operation: OPERATIONS.listEmailEvents,
  check,
  run,
});
