import type { Command } from 'commander';
import * as z from 'zod';
import { CAMPAIGN_FIELDS, listCampaigns, MAX_CAMPAIGNS_PER_PAGE, type Campaign } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';
import { numberedPages } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { checkFields } from '../../output/fields.js';
import type { ListSpec } from '../../output/types.js';
import { intFlag, oneOf, parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';
import { nextPageHint, runListing } from '../listing.js';
import { campaignRates } from './shared.js';
import { CAMPAIGN_STATES } from '../../api/vocabulary.js';
import { OPERATIONS } from '../../api/operations.js';

const schema = z.object({
  args: z.tuple([]),
  status: oneOf(CAMPAIGN_STATES).optional(),
  page: intFlag(1, 10_000).optional(),
  perPage: intFlag(1, 100).optional(),
  all: z.boolean().optional(),
  limit: intFlag(1, 1_000_000).optional(),
});

export type Options = z.output<typeof schema>;

export function parse(input: RawInput, cmd: Command): Options {
  return parseInput(schema, input, cmd);
}

/** The time that matters for a campaign: when it was sent, else when it is (or was) scheduled. */
function when(c: Campaign): string | null {
  return c.sent_at ?? c.scheduled_at ?? null;
}

export const CAMPAIGN_LIST: ListSpec<Campaign> = {
  columns: [
    // The id is what people copy into the next command: never cut. The name takes what is left;
    // on a narrow terminal the counts and rates are given up, least useful (priority 1) first.
    { key: 'id', header: 'ID', value: (c) => c.id, whole: true },
    { key: 'name', header: 'NAME', value: (c) => c.name, maxWidth: 32, minWidth: 16 },
    { key: 'status', header: 'STATUS', value: (c) => c.status, kind: 'status' },
    { key: 'when', header: 'SENT/SCHEDULED', value: when, kind: 'time', priority: 7 },
    { key: 'total_recipients', header: 'RECIPIENTS', value: (c) => c.total_recipients, kind: 'number', priority: 2 },
    { key: 'sent_count', header: 'SENT', value: (c) => c.sent_count, kind: 'number', priority: 1 },
    { key: 'delivery_rate', header: 'DELIVERED', value: (c) => campaignRates(c).delivery_rate, kind: 'percent', priority: 6 },
    { key: 'open_rate', header: 'OPENED', value: (c) => campaignRates(c).open_rate, kind: 'percent', priority: 5 },
    { key: 'click_rate', header: 'CLICKED', value: (c) => campaignRates(c).click_rate, kind: 'percent', priority: 4 },
    { key: 'bounce_rate', header: 'BOUNCED', value: (c) => campaignRates(c).bounce_rate, kind: 'percent', priority: 3 },
  ],
  fields: CAMPAIGN_FIELDS,
};

/** The user's listing as flags, for the next-page command. */
function listArgs(opts: Options): string[] {
  const args: string[] = [];
  if (opts.status) args.push('--status', opts.status);
  if (opts.perPage !== undefined) args.push('--per-page', String(opts.perPage));
  return args;
}

/** Before a long export on a sandbox key: say when its day budget cannot cover the pages left. */
async function* warnFirst<P extends { page: number; lastPage: number; items: unknown[] }>(
  ctx: Context,
  api: ApiClient,
  pages: AsyncIterable<P>,
  limit: number | undefined,
  perPage: number | undefined,
): AsyncGenerator<P> {
  let first = true;
  for await (const page of pages) {
    if (first) {
      const byLimit = limit === undefined || !perPage ? Infinity : Math.ceil((limit - page.items.length) / perPage);
      const message = api.dayBudgetWarning(Math.min(page.lastPage - page.page, byLimit), 'this export');
      if (message) ctx.warn(message);
      first = false;
    }
    yield page;
  }
}

export async function run(opts: Options, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, CAMPAIGN_LIST.columns, CAMPAIGN_LIST.fields);
  const api = await ctx.api();
  const follow = Boolean(opts.all) || opts.limit !== undefined;
  const perPage = opts.perPage ?? (follow ? MAX_CAMPAIGNS_PER_PAGE : undefined);
  const pages = numberedPages(
    async (page) => {
      // The first request carries `page` only when the user chose one: the API's default is 1.
      const result = await listCampaigns(api, { page: page === 1 && opts.page === undefined ? undefined : page, perPage, status: opts.status });
      return { items: result.campaigns, page: result.page, lastPage: result.lastPage, total: result.total };
    },
    opts.page ?? 1,
    // campaigns created or deleted mid-export shift page numbers: listed once each, and checked against total
    { all: opts.all, limit: opts.limit, idOf: (c: Campaign) => c.id },
    OPERATIONS.listCampaigns.name,
  );
  const { last, count } = await runListing(ctx, {
    spec: CAMPAIGN_LIST,
    pages: follow ? warnFirst(ctx, api, pages, opts.limit, perPage) : pages,
    spinner: follow ? 'fetching campaigns' : undefined,
    progress: (page, rows) => `fetching campaigns: ${rows} so far, page ${page.page} of ${page.lastPage}`,
    exportOf: follow ? { noun: 'campaigns', total: (page) => page.total } : undefined,
  });
  if (!follow && last && last.page < last.lastPage) {
    const total = last.total !== undefined ? ` (${last.total} in total)` : '';
    nextPageHint(ctx, `Showed page ${last.page} of ${last.lastPage}${total}`, ['campaign', 'list'], listArgs(opts), ['--page', String(last.page + 1)]);
  }
  if (count === 0 && last && last.page > last.lastPage) {
    ctx.notice(`page ${last.page} is past the last page (${last.lastPage})`);
  } else if (count === 0 && out.format === 'table' && out.isTTY) {
    ctx.notice(opts.status ? `no campaigns in state ${opts.status}` : 'no campaigns');
  }
}
