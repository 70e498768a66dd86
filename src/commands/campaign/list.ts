import type { Campaign } from '../../api/campaigns.js';
import { OPERATIONS } from '../../api/operations.js';
import { CAMPAIGN_FIELDS, CAMPAIGN_STATES, MAX_CAMPAIGN_PAGE, MAX_CAMPAIGNS_PER_PAGE } from '../../api/vocabulary.js';
import type { ListSpec } from '../../output/types.js';
import { command, flag } from '../define.js';
import { pageFlags, runList } from '../runners/list.js';
import { campaignRates } from '../../report/campaign-rates.js';

/** The time that matters for a campaign: when it was sent, else when it is (or was) scheduled. */
function when(c: Campaign): string | null {
  return c.sent_at ?? c.scheduled_at ?? null;
}

const CAMPAIGN_LIST: ListSpec<Campaign> = {
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

export default command({
  name: 'list',
  summary: 'list the campaigns of the team with delivery, open, click and bounce rates',
  flags: {
    status: flag.enum(CAMPAIGN_STATES, 'only campaigns in this state', 'state'),
    ...pageFlags('campaigns', { max: MAX_CAMPAIGNS_PER_PAGE, default: 20, maxPage: MAX_CAMPAIGN_PAGE }),
  },
  examples: ['mailctl campaign list', 'mailctl campaign list --status scheduled --all --json', 'mailctl campaign list --status sent --limit 50 -o csv > sent.csv'],
  operation: OPERATIONS.listCampaigns,
  async run(opts, ctx) {
    const { listCampaigns } = await import('../../api/campaigns.js');
    const args = [...(opts.status ? ['--status', opts.status] : []), ...(opts.perPage !== undefined ? ['--per-page', String(opts.perPage)] : [])];
    await runList(ctx, {
      command: ['campaign', 'list'],
      args,
      noun: 'campaigns',
      empty: opts.status ? `no campaigns in state ${opts.status}` : 'no campaigns',
      spec: CAMPAIGN_LIST,
      operation: OPERATIONS.listCampaigns,
      all: opts.all,
      limit: opts.limit,
      paging: {
        style: 'page',
        page: opts.page,
        perPage: opts.perPage,
        maxPerPage: MAX_CAMPAIGNS_PER_PAGE,
        // campaigns created or deleted mid-export shift page numbers: listed once each, and checked against total
        idOf: (c) => c.id,
        fetch: async (api, page, perPage) => {
          const result = await listCampaigns(api, { page, perPage, status: opts.status });
          return { items: result.campaigns, page: result.page, lastPage: result.lastPage, total: result.total };
        },
      },
    });
  },
});
