import type { CampaignEvent, CampaignEventsQuery } from '../../api/campaigns.js';
import { OPERATIONS } from '../../api/operations.js';
import { CAMPAIGN_EVENT_FIELDS, CAMPAIGN_EVENT_TYPES, MAX_CAMPAIGN_EVENTS_PER_PAGE } from '../../api/vocabulary.js';
import type { Context } from '../../context.js';
import { resolveWindow, wireBound } from '../../input/window.js';
import { displayZone } from '../../input/zone.js';
import { email } from '../../input/values.js';
import type { ListSpec } from '../../output/types.js';
import { command, flag, type Parsed } from '../define.js';
import { nextPageCommand, nextPageHint, runListing } from '../listing.js';
import { cursorFlags, restOf } from '../runners/list.js';
import { campaignIdArg, EXAMPLE_ID as ID } from './shared.js';
import { counted } from '../../counts.js';

const FLAGS = {
  type: flag.enum(CAMPAIGN_EVENT_TYPES, 'only events of this type', 'type'),
  email: flag.string('only events of this recipient', { value: 'address', parse: email }),
  since: flag.string('events at or after: YYYY-MM-DD, today or yesterday (days of the local zone; UTC with --utc), 7d, 24h, 30m (exactly that long before now), or an ISO date-time', { value: 'time' }),
  until: flag.string('events at or before: the same forms as --since (a day through its end)', { value: 'time' }),
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
  const out = ctx.output(CAMPAIGN_EVENT_LIST);
  const now = ctx.now();
  // no default window: without --since the API lists the campaign's events from the first
  const zone = displayZone(ctx.globals.utc);
  const w = resolveWindow({ from: opts.since, to: opts.until }, now, { defaultDays: Infinity, zone, flags: { from: '--since', to: '--until' } });
  const follow = Boolean(opts.all) || opts.limit !== undefined;
  // Relative bounds are resolved once, so every page of one run asks for the same window.
  const query: CampaignEventsQuery = {
    eventType: opts.type,
    email: opts.email,
    startDate: wireBound(w.fromArg, w.fromMs, zone),
    endDate: wireBound(w.toArg, w.toMs, zone),
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
      onEmptyRun: (scanned) => ctx.notice(`still scanning: ${counted(scanned, 'page')} read, ${counted(matched, 'matching event')} so far`),
    },
    OPERATIONS.listCampaignEvents.name,
  );
  const { last, count } = await runListing(ctx, {
    spec: CAMPAIGN_EVENT_LIST,
    pages,
    spinner: 'fetching campaign events',
    progress: (_page, rows) => `fetching campaign events: ${rows} so far (${requests} requests)`,
    resume: (page, written) =>
      page.nextCursor ? nextPageCommand(ctx, ['campaign', 'events', opts.campaignId], [...listArgs(opts, query), ...(follow ? restOf(opts, written) : [])], ['--cursor', page.nextCursor]) : undefined,
    stopAfter: (page) => !follow && page.items.length > 0,
    exportOf: follow ? { noun: 'campaign events' } : undefined,
  });
  const next = last?.nextCursor ?? null;
  const words = ['campaign', 'events', opts.campaignId];
  if (!follow && next !== null) {
    nextPageHint(ctx, `Showed ${counted(count, 'event')}`, words, listArgs(opts, query), ['--cursor', next]);
  } else if (follow && last?.stoppedAtLimit) {
    // cli.md: every list says when more exist; the API gives no total for campaign events,
    // and only a limit that fell on a page boundary has a cursor for the rows after it.
    const more = next !== null ? ` The next ${opts.limit}:\n  ${nextPageCommand(ctx, words, [...listArgs(opts, query), '--limit', String(opts.limit)], ['--cursor', next])}` : '';
    ctx.notice(`Stopped at --limit ${opts.limit}.${more}`);
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
