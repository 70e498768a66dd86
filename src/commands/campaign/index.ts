import type { Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { CAMPAIGN_EVENT_TYPES, CAMPAIGN_STATES } from '../../api/vocabulary.js';
import { OPERATIONS } from '../../api/operations.js';

const ID = 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f';

export function register(program: Command): void {
  const campaign = program.command('campaign').description('list, inspect, schedule and unschedule campaigns, and read their events');

  withHelp(
    campaign
      .command('list')
      .description('list the campaigns of the team with delivery, open, click and bounce rates')
      .option('--status <state>', `only campaigns in this state: ${CAMPAIGN_STATES.join(', ')}`)
      .option('--page <n>', 'page to show, 1-10000 (default: 1; with --all/--limit, the page to start from)')
      .option('--per-page <n>', 'campaigns per page, 1-100 (default: 20; 100 with --all/--limit)')
      .option('--all', 'follow every page up to the last one, streaming rows as they arrive')
      .option('--limit <n>', 'stop after this many campaigns (follows pages), 1-1000000'),
    {
      api: OPERATIONS.listCampaigns.name,
      examples: ['mailctl campaign list', 'mailctl campaign list --status scheduled --all --json', 'mailctl campaign list --status sent --limit 50 -o csv > sent.csv'],
    },
  ).action(verb(() => import('./list.js')));

  withHelp(
    campaign
      .command('show')
      .argument('<campaign_id>', 'campaign id (UUID)')
      .description('show every field of a campaign, its stats and computed rates (the HTML only with --html/--html-out)')
      .option('--html', 'print only the campaign\'s rendered HTML to stdout')
      .option('--html-out <file>', 'also write the rendered HTML to this file (overwritten)'),
    {
      api: OPERATIONS.showCampaign.name,
      examples: [`mailctl campaign show ${ID}`, `mailctl campaign show ${ID} --json | jq .stats`, `mailctl campaign show ${ID} --html > preview.html`],
    },
  ).action(verb(() => import('./show.js')));

  withHelp(
    campaign
      .command('events')
      .argument('<campaign_id>', 'campaign id (UUID)')
      .description('list the delivery and engagement events of a campaign')
      .option('--type <type>', `only events of this type: ${CAMPAIGN_EVENT_TYPES.join(', ')}`)
      .option('--email <address>', 'only events of this recipient')
      .option('--since <time>', 'events at or after: ISO date (start of that UTC day) or date-time, or relative: 7d, 24h, 30m, today, yesterday')
      .option('--until <time>', 'events at or before: ISO date (through the end of that UTC day) or date-time, or relative')
      .option('--per-page <n>', 'events per request, 1-100, sent as `limit` (default: 25; 100 with --all/--limit)')
      .option('--cursor <cursor>', 'continue from the cursor a previous page printed')
      .option('--all', 'follow the cursor to the last page, streaming rows as they arrive')
      .option('--limit <n>', 'stop after this many events (follows pages), 1-1000000'),
    {
      api: OPERATIONS.listCampaignEvents.name,
      examples: [
        `mailctl campaign events ${ID} --type click --since 24h`,
        `mailctl campaign events ${ID} --all --ndjson > events.ndjson`,
        `mailctl campaign events ${ID} --email ann@example.com --since 2026-11-01 --until 2026-11-30`,
      ],
    },
  ).action(verb(() => import('./events.js')));

  withHelp(
    campaign
      .command('schedule')
      .argument('<campaign_id>', 'campaign id (UUID)')
      .description('schedule a draft campaign, or move a scheduled one to a new time')
      .option('--at <time>', '(required) send time in the future: ISO 8601 with offset (kept as given), without offset (UTC), or +30m, +2h, +1d')
      .option('--check', 'run the pre-flight checks of `campaign check` first; when one fails, send nothing (exit 8)')
      .option('--dry-run', 'validate and print the request that would be sent, without sending it'),
    {
      api: OPERATIONS.scheduleCampaign.name,
      examples: [
        `mailctl campaign schedule ${ID} --at 2026-12-01T09:00:00+01:00`,
        `mailctl campaign schedule ${ID} --at +2h --check`,
        `mailctl campaign schedule ${ID} --at 2026-12-01T08:00:00Z --dry-run`,
      ],
    },
  ).action(verb(() => import('./schedule.js')));

  withHelp(
    campaign
      .command('check')
      .argument('<campaign_id>', 'campaign id (UUID)')
      .description('pre-flight: would scheduling succeed, and is it wise? one row per check; exit 8 when one fails')
      .option('--at <time>', 'the send time to check: ISO 8601 or +30m, +2h, +1d (default: the campaign\'s scheduled time, if any)')
      .option('--min-lead <duration>', 'how far ahead the send time must be, e.g. 10m, 1h (default: 10m)')
      .option('--health', 'also judge the account\'s last 7 days (`mailctl report`): fails on a critical bounce or complaint rate'),
    {
      api: `${OPERATIONS.showCampaign.name} (and ${OPERATIONS.listEmailEvents.name} with --health)`,
      examples: [
        `mailctl campaign check ${ID}`,
        `mailctl campaign check ${ID} --at +2h --health --json`,
        `mailctl campaign check ${ID} --health && mailctl campaign schedule ${ID} --at +1h`,
      ],
    },
  ).action(verb(() => import('./check.js')));

  withHelp(
    campaign
      .command('unschedule')
      .argument('<campaign_id>', 'campaign id (UUID)')
      .description('cancel the scheduled send of a campaign; it returns to draft')
      .option('--if-scheduled', 'succeed without change (exit 0, notice on stderr) when the campaign is not scheduled')
      .option('--dry-run', 'validate and print the request that would be sent, without sending it'),
    {
      api: OPERATIONS.unscheduleCampaign.name,
      examples: [`mailctl campaign unschedule ${ID}`, `mailctl campaign unschedule ${ID} --if-scheduled --json`],
    },
  ).action(verb(() => import('./unschedule.js')));
}
