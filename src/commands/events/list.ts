import type { Command } from 'commander';
import * as z from 'zod';
import { defaultSleep } from '../../api/client.js';
import type { ApiClient } from '../../api/client.js';
import {
  DEFAULT_WINDOW_DAYS, EMAIL_EVENT_TYPES, MAX_EVENTS_PER_PAGE, listEmailEvents, type EmailEvent, type EventsPage, type EventsQuery,
} from '../../api/emails.js';
import { cursorPages } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { resolveDayRange, type DayRange } from '../../input/day-range.js';
import { parseDuration } from '../../duration.js';
import { checkFields } from '../../output/fields.js';
import { createListWriter } from '../../output/list.js';
import { email, intFlag, listFlag, oneOf, parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';
import type { DbFlag } from '../archive-db.js';
import { eventListSpec } from './columns.js';
import { nextPageCommand, nextPageHint, runListing } from '../listing.js';
import { follow } from './follow.js';
import { OPERATIONS } from '../../api/operations.js';

export interface ListOptions {
  events?: string[];
  recipients?: string[];
  from?: string;
  to?: string;
  transmission?: string;
  bounceClasses?: number[];
  perPage?: number;
  cursor?: string;
  all: boolean;
  limit?: number;
  follow: boolean;
  pollIntervalMs: number;
  /** --db [PATH]: read the local archive instead of the API (true: the default archive). */
  db?: DbFlag;
}

const DEFAULT_POLL_MS = 2000;
/** Big enough for any export, small enough to stay an exact integer. */
const MAX_LIMIT = 1_000_000_000;

const schema = z.object({
  events: listFlag(oneOf(EMAIL_EVENT_TYPES)).optional(),
  recipient: listFlag(email).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  transmission: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .regex(/^[^\s,]+$/, { error: 'must be one transmission id (the request_id of an event)' })
    .optional(),
  bounceClass: listFlag(intFlag(1, 999)).optional(),
  perPage: intFlag(1, MAX_EVENTS_PER_PAGE).optional(),
  cursor: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  all: z.boolean().optional(),
  limit: intFlag(1, MAX_LIMIT).optional(),
  follow: z.boolean().optional(),
  pollInterval: z.string().optional(),
  db: z.union([z.string().trim().min(1, { error: 'must be a file path (or leave the value out for the default archive)' }), z.literal(true)]).optional(),
});

export function parse(input: RawInput, cmd: Command): ListOptions {
  const o = parseInput(schema, input, cmd);
  if (o.follow) {
    for (const [given, flag] of [[o.all, '--all'], [o.cursor, '--cursor'], [o.to, '--to']] as const) {
      if (given) throw new UsageError(`--follow cannot be combined with ${flag}: it starts at the newest events and runs until Ctrl-C`);
    }
  }
  if (o.db !== undefined) {
    for (const [given, flag, why] of [
      [o.follow, '--follow', 'the archive grows only with `mailctl events sync`'],
      [o.cursor, '--cursor', 'cursors page the API; use --limit or --all'],
      [o.perPage, '--per-page', 'pages are an API matter; use --limit or --all'],
    ] as const) {
      if (given !== undefined && given !== false) throw new UsageError(`--db cannot be combined with ${flag}: ${why}`);
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
    all: o.all ?? false,
    limit: o.limit,
    follow: o.follow ?? false,
    pollIntervalMs: o.pollInterval === undefined ? DEFAULT_POLL_MS : parseDuration(o.pollInterval, '--poll-interval'),
  };
}

/** The user's listing as flags, with relative days written as the days they meant. */
function listArgs(opts: ListOptions, range: DayRange): string[] {
  const args: string[] = [];
  if (opts.events) args.push('--events', opts.events.join(','));
  if (opts.recipients) args.push('--recipient', opts.recipients.join(','));
  if (range.from) args.push('--from', range.from);
  if (range.to) args.push('--to', range.to);
  if (opts.transmission) args.push('--transmission', opts.transmission);
  if (opts.bounceClasses) args.push('--bounce-class', opts.bounceClasses.join(','));
  if (opts.perPage !== undefined) args.push('--per-page', String(opts.perPage));
  if (opts.all) args.push('--all');
  if (opts.limit !== undefined) args.push('--limit', String(opts.limit));
  return args;
}

function describeRange(page: EventsPage): string {
  const { from, to } = page;
  return from && to ? ` between ${from} and ${to}` : '';
}

/** Before a long export on a sandbox key: say when its day budget cannot cover the pages still to read. */
function warnDayBudget(ctx: Context, api: ApiClient, total: number | undefined, read: number, limit: number | undefined, perPage: number): void {
  if (total === undefined) return;
  const wanted = Math.min(total, limit ?? Infinity) - read;
  if (wanted <= 0) return;
  const message = api.dayBudgetWarning(Math.ceil(wanted / perPage), 'this export');
  if (message) ctx.warn(message);
}

export async function run(opts: ListOptions, ctx: Context): Promise<void> {
  if (opts.db !== undefined) return (await import('./list-db.js')).runFromArchive(opts, ctx);
  const out = ctx.output();
  checkFields(out.fields, eventListSpec.columns, eventListSpec.fields);
  const range = resolveDayRange({ from: opts.from, to: opts.to }, ctx.now(), DEFAULT_WINDOW_DAYS);
  const api = await ctx.api();
  const filters: EventsQuery = {
    events: opts.events,
    recipients: opts.recipients,
    from: range.from,
    to: range.to,
    transmissions: opts.transmission,
    bounce_classes: opts.bounceClasses,
  };
  if (opts.follow) return followEvents(opts, ctx, api, filters, range);

  const paging = opts.all || opts.limit !== undefined;
  // With --all/--limit the next request is sent while this page is written (the export is bound by
  // whichever of network and output is slower, not their sum), and with --limit each request asks
  // only for the rows still wanted, so no page beyond the limit is fetched.
  const pageSize = paging ? (opts.perPage ?? MAX_EVENTS_PER_PAGE) : opts.perPage;
  let first = true;
  const pages = cursorPages(
    async (cursor, perPage) => {
      const page = await listEmailEvents(api, { ...filters, cursor, per_page: perPage });
      if (first && paging) warnDayBudget(ctx, api, page.totalCount, page.items.length, opts.limit, pageSize ?? MAX_EVENTS_PER_PAGE);
      first = false;
      // total: the paging engine stops a server that sends far more rows than it counts
      return { ...page, total: page.totalCount };
    },
    opts.cursor,
    {
      all: paging,
      limit: opts.limit,
      pageSize,
      prefetch: true,
      // a server handing out fresh cursors over the same rows: each event is printed once
      idOf: (e: EmailEvent) => (typeof e.event_id === 'string' ? e.event_id : undefined),
    },
    OPERATIONS.listEmailEvents.name,
  );
  // A terminal table that must not wait for the end: print rows as they come.
  const { last, count } = await runListing(ctx, { spec: eventListSpec, pages, streamTable: paging });
  if (!last) return;
  const total = last.totalCount;
  const next = last.nextCursor;
  const words = ['events', 'list'];
  const args = listArgs(opts, range);
  if (!paging && next !== null) {
    const of = total === undefined ? '' : ` of ${total}`;
    nextPageHint(ctx, `Showed ${count}${of} events${describeRange(last)}`, words, args, ['--cursor', next]);
  } else if (paging && last.stoppedAtLimit) {
    const of = total === undefined ? '' : ` (${total} match)`;
    ctx.notice(`Stopped at --limit ${opts.limit}${of}.${next !== null ? ` The next ${opts.limit}:\n  ${nextPageCommand(ctx, words, args, ['--cursor', next])}` : ''}`);
  } else if (count === 0) {
    ctx.notice(`No events${describeRange(last)} match.`);
  }
}

/** --follow: the newest page, then only new events until Ctrl-C (or --limit). */
async function followEvents(opts: ListOptions, ctx: Context, api: ApiClient, filters: EventsQuery, range: DayRange): Promise<void> {
  const out = ctx.output();
  const writer = createListWriter(out, eventListSpec, { streamTable: true });
  try {
    ctx.notice('Watching for new events (Ctrl-C to stop)…');
    await follow({
      fetchPage: (q) => listEmailEvents(api, { ...filters, from: q.from ?? filters.from, cursor: q.cursor, per_page: q.perPage }),
      firstPerPage: opts.perPage,
      from: range.from,
      intervalMs: opts.pollIntervalMs,
      limit: opts.limit,
      write: (events) => writer.write(events),
      warn: (message) => ctx.warn(message),
      sleep: defaultSleep,
      signal: ctx.signal,
    });
    // Stopped by Ctrl-C or SIGTERM: that is how --follow ends, but not a success (130 / 143).
    if (ctx.signal.aborted) throw ctx.signal.reason;
  } finally {
    await writer.end();
  }
}
