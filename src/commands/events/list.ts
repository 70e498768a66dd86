import type { Command } from 'commander';
import * as z from 'zod';
import { defaultSleep } from '../../api/client.js';
import {
  DEFAULT_WINDOW_DAYS, EMAIL_EVENT_TYPES, MAX_EVENTS_PER_PAGE, listEmailEvents, type EmailEvent, type EventsQuery,
} from '../../api/emails.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { resolveDayRange, type DayRange } from '../../input/day-range.js';
import { parseDuration } from '../../input/duration.js';
import { checkFields, selectColumns } from '../../output/fields.js';
import { createListWriter, type ListWriter } from '../../output/list.js';
import { email, intFlag, listFlag, oneOf, parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';
import type { DbFlag } from '../archive-db.js';
import { eventListSpec } from './columns.js';
import { commandLine, globalArgs } from './command-line.js';
import { follow } from './follow.js';
import { eventPages, type PageOut } from './pages.js';
import { createStreamingTable } from './stream-table.js';

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
/** Widths a streaming terminal table starts from, whatever its first rows hold ("generation_rejection", "Microsoft Outlook"). */
const STREAM_MIN_WIDTHS = { type: 20, rcpt_to: 28, subject: 24, mailbox_provider: 17, detail: 24 };
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

function describeRange(out: PageOut): string {
  const { from, to } = out.page;
  return from && to ? ` between ${from} and ${to}` : '';
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
  const paging = opts.all || opts.limit !== undefined;
  // A terminal table that must not wait for the end: print rows as they come.
  const writer: ListWriter<EmailEvent> =
    out.format === 'table' && out.isTTY && (paging || opts.follow)
      ? createStreamingTable(out, selectColumns(out.fields, eventListSpec.columns), STREAM_MIN_WIDTHS)
      : createListWriter(out, eventListSpec);

  try {
    if (opts.follow) {
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
      return;
    }

    let last: PageOut | undefined;
    const pages = eventPages((cursor, perPage) => listEmailEvents(api, { ...filters, cursor, per_page: perPage }), {
      firstCursor: opts.cursor,
      perPage: paging ? (opts.perPage ?? MAX_EVENTS_PER_PAGE) : opts.perPage,
      follow: paging,
      limit: opts.limit,
    });
    for await (const page of pages) {
      await writer.write(page.page.events);
      last = page;
    }
    // The rows come before the notice about them (a terminal table is drawn at end()).
    await writer.end();
    if (!last) return;
    const shown = writer.count;
    const total = last.page.totalCount;
    const next = last.page.nextCursor;
    const nextCommand = () => commandLine(['events', 'list'], [...listArgs(opts, range), ...globalArgs(ctx.globals), '--cursor', next!]);
    if (!paging && next !== null) {
      const of = total === undefined ? '' : ` of ${total}`;
      ctx.notice(`Showed ${shown}${of} events${describeRange(last)}. Next page:\n  ${nextCommand()}\n(or add --all for every page, --limit N for the first N)`);
    } else if (paging && last.stoppedAtLimit) {
      const of = total === undefined ? '' : ` (${total} match)`;
      ctx.notice(`Stopped at --limit ${opts.limit}${of}.${next !== null ? ` The next ${opts.limit}:\n  ${nextCommand()}` : ''}`);
    } else if (shown === 0) {
      ctx.notice(`No events${describeRange(last)} match.`);
    }
  } finally {
    await writer.end();
  }
}
