import type { CampaignEvent, CampaignEventsQuery } from '../../api/campaigns.js';
import { OPERATIONS } from '../../api/operations.js';
import { CAMPAIGN_EVENT_FIELDS, CAMPAIGN_EVENT_TYPES, MAX_CAMPAIGN_EVENTS_PER_PAGE } from '../../api/vocabulary.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseSince, type ParsedTime } from '../../input/time.js';
import { email } from '../../input/values.js';
import { checkFields } from '../../output/fields.js';
import type { ListSpec } from '../../output/types.js';
import { command, flag, type Parsed } from '../define.js';
import { nextPageHint, runListing } from '../listing.js';
import { cursorFlags } from '../runners/list.js';
import { campaignIdArg, EXAMPLE_ID as ID } from './shared.js';

const DAY_MS = 86_400_000;

const FLAGS = {
  type: flag.enum(CAMPAIGN_EVENT_TYPES, 'only events of this type', 'type'),
  email: flag.string('only events of this recipient', { value: 'address', parse: email }),
  since: flag.string('events at or after: ISO date (start of that UTC day) or date-time, or relative: 7d, 24h, 30m, today, yesterday', { value: 'time' }),
  until: flag.string('events at or before: ISO date (through the end of that UTC day) or date-time, or relative', { value: 'time' }),
  ...cursorFlags('events', { max: MAX_CAMPAIGN_EVENTS_PER_PAGE, default: 25, sentAs: 'limit' }),
};

type Options = Parsed<typeof FLAGS, { campaignId: typeof campaignIdArg }>;

/** What a recipient's event adds: the bounce, the link clicked, the client that opened. */
function detail(e: CampaignEvent): string | null {
  if (e.event_type === 'bounce') return [e.bounce_class, e.reason].filter((v) => v !== null && v !== undefined && v !== '').join(' ') || null;
  if (e.event_type === 'click') return e.target_link_url ?? e.user_agent ?? null;
  return e.user_agent ?? e.reason ?? null;
}

const CAMPAIGN_EVENT_LIST: ListSpec<CampaignEvent> = {
  columns: [
    { key: 'timestamp', header: 'TIME', value: (e) => e.timestamp, kind: 'time' },
    { key: 'event_type', header: 'TYPE', value: (e) => e.event_type, kind: 'status' },
    { key: 'email', header: 'EMAIL', value: (e) => e.email, whole: true },
    { key: 'detail', header: 'DETAIL', value: detail, maxWidth: 60, minWidth: 12 },
    // Given up first on a narrow terminal; shown whole when it fits (people copy it).
    { key: 'event_id', header: 'EVENT ID', value: (e) => e.event_id, whole: true, priority: 1 },
  ],
  fields: CAMPAIGN_EVENT_FIELDS,
};

/** The value sent for --since/--until: ISO as written (date and time joined by "T"), a relative one as UTC. */
function wire(t: ParsedTime): string {
  return t.text.replace(' ', 'T');
}

/** The last instant a bound covers: a date-only --until is the whole UTC day (spec 4.5). */
function endOf(t: ParsedTime): number {
  return t.dateOnly ? t.ms + DAY_MS - 1 : t.ms;
}

/** The user's listing as flags, for the next-page command (relative bounds as the times they resolved to). */
function listArgs(opts: Options, query: CampaignEventsQuery): string[] {
  const args: string[] = [];
  if (query.eventType) args.push('--type', query.eventType);
  if (query.email) args.push('--email', query.email);
  if (query.startDate) args.push('--since', query.startDate);
  if (query.endDate) args.push('--until', query.endDate);
  if (opts.perPage !== undefined) args.push('--per-page', String(opts.perPage));
  return args;
}

async function run(opts: Options, ctx: Context): Promise<void> {
  const { listCampaignEvents } = await import('../../api/campaigns.js');
  const { cursorPages } = await import('../../api/paginate.js');
  const out = ctx.output();
  checkFields(out.fields, CAMPAIGN_EVENT_LIST.columns, CAMPAIGN_EVENT_LIST.fields);
  const now = ctx.now();
  const since = opts.since !== undefined ? parseSince(opts.since, '--since', now) : undefined;
  const until = opts.until !== undefined ? parseSince(opts.until, '--until', now) : undefined;
  if (since && until && since.ms > endOf(until)) {
    throw new UsageError(`--since (${since.text}) is after --until (${until.text}): no event can match`);
  }
  const follow = Boolean(opts.all) || opts.limit !== undefined;
  // Relative bounds are resolved once, so every page of one run asks for the same window.
  const query: CampaignEventsQuery = {
    eventType: opts.type,
    email: opts.email,
    startDate: since && wire(since),
    endDate: until && wire(until),
    limit: opts.perPage ?? (follow ? MAX_CAMPAIGN_EVENTS_PER_PAGE : undefined),
  };
  const api = await ctx.api();
  let requests = 0;
  let matched = 0;
  // A filtered page may be empty while next_cursor is not null (spec 4.5): that is
  // never the end. Without --all/--limit the first page that has rows is shown,
  // so a sparse filter does not print nothing while matches exist further on.
  const pages = cursorPages(
    async (cursor) => {
      requests++;
      const page = await listCampaignEvents(api, opts.campaignId, { ...query, cursor });
      matched += page.events.length;
      return { items: page.events, nextCursor: page.nextCursor };
    },
    opts.cursor,
    {
      all: follow ? opts.all : true,
      limit: opts.limit,
      // a sparse filter can scan many empty pages: show that work is being done
      onEmptyRun: (scanned) => ctx.notice(`still scanning: ${scanned} pages read, ${matched} matching events so far`),
    },
    OPERATIONS.listCampaignEvents.name,
  );
  const { last, count } = await runListing(ctx, {
    spec: CAMPAIGN_EVENT_LIST,
    pages,
    spinner: 'fetching campaign events',
    progress: (_page, rows) => `fetching campaign events: ${rows} so far (${requests} requests)`,
    stopAfter: (page) => !follow && page.items.length > 0,
    exportOf: follow ? { noun: 'campaign events' } : undefined,
  });
  const next = last?.nextCursor ?? null;
  if (!follow && next !== null) {
    nextPageHint(ctx, `Showed ${count} events`, ['campaign', 'events', opts.campaignId], listArgs(opts, query), ['--cursor', next]);
  }
  if (count === 0 && out.format === 'table' && out.isTTY) ctx.notice('no matching events');
}

export default command({
  name: 'events',
  summary: 'list the delivery and engagement events of a campaign',
  args: { campaignId: campaignIdArg },
  flags: FLAGS,
  examples: [
    `mailctl campaign events ${ID} --type click --since 24h`,
    `mailctl campaign events ${ID} --all --ndjson > events.ndjson`,
    `mailctl campaign events ${ID} --email ann@example.com --since 2026-11-01 --until 2026-11-30`,
  ],
  operation: OPERATIONS.listCampaignEvents,
  run,
});
