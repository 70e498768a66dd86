import type { Command } from 'commander';
import * as z from 'zod';
import { CAMPAIGN_FIELDS, listCampaigns, MAX_CAMPAIGNS_PER_PAGE, type Campaign } from '../../api/campaigns.js';
import { numberedPages } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { checkFields } from '../../output/fields.js';
import { createListWriter } from '../../output/list.js';
import type { ListSpec } from '../../output/types.js';
import { intFlag, oneOf, parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';
import { campaignRates, shellArg } from './shared.js';
import { CAMPAIGN_STATES } from './values.js';

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

/** The command line that shows the next page, with the user's own filters. */
function nextCommand(opts: Options, page: number): string {
  const parts = ['mailctl campaign list'];
  if (opts.status) parts.push(`--status ${shellArg(opts.status)}`);
  if (opts.perPage !== undefined) parts.push(`--per-page ${opts.perPage}`);
  parts.push(`--page ${page}`);
  return parts.join(' ');
}

export async function run(opts: Options, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, CAMPAIGN_LIST.columns, CAMPAIGN_LIST.fields);
  const api = await ctx.api();
  const follow = Boolean(opts.all) || opts.limit !== undefined;
  const perPage = opts.perPage ?? (follow ? MAX_CAMPAIGNS_PER_PAGE : undefined);
  const firstPage = opts.page ?? 1;
  const writer = createListWriter(out, CAMPAIGN_LIST);
  // A TTY table waits for every row, so a spinner can run meanwhile; streamed formats would garble it.
  const spinner = follow && out.format === 'table' && out.isTTY ? await ctx.spinner('fetching campaigns') : undefined;
  let last: { page: number; lastPage: number; total?: number } | undefined;
  try {
    const pages = numberedPages(
      async (page) => {
        // The first request carries `page` only when the user chose one: the API's default is 1.
        const result = await listCampaigns(api, {
          page: page === 1 && opts.page === undefined ? undefined : page,
          perPage,
          status: opts.status,
        });
        return { items: result.campaigns, page: result.page, lastPage: result.lastPage, total: result.total };
      },
      firstPage,
      { all: opts.all, limit: opts.limit },
      'GET /campaigns',
    );
    for await (const page of pages) {
      last = page;
      await writer.write(page.items);
      spinner?.update(`fetching campaigns: ${writer.count} so far, page ${page.page} of ${page.lastPage}`);
    }
  } finally {
    spinner?.stop();
    await writer.end();
  }
  if (!follow && last && last.page < last.lastPage) {
    const total = last.total !== undefined ? ` (${last.total} in total)` : '';
    ctx.notice(`page ${last.page} of ${last.lastPage}${total}; next page: ${nextCommand(opts, last.page + 1)}, or --all for every page`);
  }
  if (writer.count === 0 && last && last.page > last.lastPage) {
    ctx.notice(`page ${last.page} is past the last page (${last.lastPage})`);
  } else if (writer.count === 0 && out.format === 'table' && out.isTTY) {
    ctx.notice(opts.status ? `no campaigns in state ${opts.status}` : 'no campaigns');
  }
}
