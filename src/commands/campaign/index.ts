import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import type { CommandSpec } from '../spec.js';
import { CAMPAIGN_EVENT_TYPES, CAMPAIGN_STATES } from '../../api/vocabulary.js';

const ID = 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f';
const CAMPAIGN_ID = { name: 'campaign_id', description: 'campaign id (UUID)' } as const;
const DRY_RUN = { flags: '--dry-run', description: 'validate and print the request that would be sent, without sending it' } as const;

export const spec: CommandSpec = {
  name: 'campaign',
  summary: 'list, inspect, schedule and unschedule campaigns, and read their events',
  group: 'reading',
  commands: [
    {
      name: 'list',
      summary: 'list the campaigns of the team with delivery, open, click and bounce rates',
      options: [
        { flags: '--status <state>', description: 'only campaigns in this state', values: CAMPAIGN_STATES },
        { flags: '--page <n>', description: 'page to show; with --all/--limit, the page to start from', range: [1, 10000], default: '1' },
        { flags: '--per-page <n>', description: 'campaigns per page', range: [1, 100], default: '20; 100 with --all/--limit' },
        { flags: '--all', description: 'follow every page up to the last one, streaming rows as they arrive' },
        { flags: '--limit <n>', description: 'stop after this many campaigns (follows pages)', range: [1, 1000000] },
      ],
      examples: ['mailctl campaign list', 'mailctl campaign list --status scheduled --all --json', 'mailctl campaign list --status sent --limit 50 -o csv > sent.csv'],
      operation: OPERATIONS.listCampaigns,
      load: () => import('./list.js'),
    },
    {
      name: 'show',
      summary: 'show every field of a campaign, its stats and computed rates (the HTML only with --html/--html-out)',
      args: [CAMPAIGN_ID],
      options: [
        { flags: '--html', description: "print only the campaign's rendered HTML to stdout" },
        { flags: '--html-out <file>', description: 'also write the rendered HTML to this file (overwritten)' },
      ],
      examples: [`mailctl campaign show ${ID}`, `mailctl campaign show ${ID} --json | jq .stats`, `mailctl campaign show ${ID} --html > preview.html`],
      operation: OPERATIONS.showCampaign,
      load: () => import('./show.js'),
    },
    {
      name: 'events',
      summary: 'list the delivery and engagement events of a campaign',
      args: [CAMPAIGN_ID],
      options: [
        { flags: '--type <type>', description: 'only events of this type', values: CAMPAIGN_EVENT_TYPES },
        { flags: '--email <address>', description: 'only events of this recipient' },
        {
          flags: '--since <time>',
          description: 'events at or after: ISO date (start of that UTC day) or date-time, or relative: 7d, 24h, 30m, today, yesterday',
        },
        { flags: '--until <time>', description: 'events at or before: ISO date (through the end of that UTC day) or date-time, or relative' },
        { flags: '--per-page <n>', description: 'events per request, sent as `limit`', range: [1, 100], default: '25; 100 with --all/--limit' },
        { flags: '--cursor <cursor>', description: 'continue from the cursor a previous page printed' },
        { flags: '--all', description: 'follow the cursor to the last page, streaming rows as they arrive' },
        { flags: '--limit <n>', description: 'stop after this many events (follows pages)', range: [1, 1000000] },
      ],
      examples: [
        `mailctl campaign events ${ID} --type click --since 24h`,
        `mailctl campaign events ${ID} --all --ndjson > events.ndjson`,
        `mailctl campaign events ${ID} --email ann@example.com --since 2026-11-01 --until 2026-11-30`,
      ],
      operation: OPERATIONS.listCampaignEvents,
      load: () => import('./events.js'),
    },
    {
      name: 'schedule',
      summary: 'schedule a draft campaign, or move a scheduled one to a new time',
      description: [
        'The time must be in the future; it is refused before anything is sent',
        'otherwise. The output shows the resolved time in UTC and in local time.',
      ].join('\n'),
      args: [CAMPAIGN_ID],
      options: [
        {
          flags: '--at <time>',
          // (required) is checked by the verb, not by commander, so that a missing id is reported first
          description: '(required) send time in the future: ISO 8601 with offset (kept as given), without offset (UTC), or +30m, +2h, +1d',
        },
        { flags: '--check', description: 'run the pre-flight checks of `campaign check` first; when one fails, send nothing (exit 8)' },
        DRY_RUN,
      ],
      examples: [
        `mailctl campaign schedule ${ID} --at 2026-12-01T09:00:00+01:00`,
        `mailctl campaign schedule ${ID} --at +2h --check`,
        `mailctl campaign schedule ${ID} --at 2026-12-01T08:00:00Z --dry-run`,
      ],
      operation: OPERATIONS.scheduleCampaign,
      exitCodes: [ExitCode.CheckFailed],
      load: () => import('./schedule.js'),
    },
    {
      name: 'check',
      summary: 'pre-flight: would scheduling succeed, and is it wise? one row per check; exit 8 when one fails',
      args: [CAMPAIGN_ID],
      options: [
        { flags: '--at <time>', description: "the send time to check: ISO 8601 or +30m, +2h, +1d", default: "the campaign's scheduled time, if any" },
        { flags: '--min-lead <duration>', description: 'how far ahead the send time must be, e.g. 10m, 1h', default: '10m' },
        { flags: '--health', description: "also judge the account's last 7 days (`mailctl report`): fails on a critical bounce or complaint rate" },
      ],
      examples: [
        `mailctl campaign check ${ID}`,
        `mailctl campaign check ${ID} --at +2h --health --json`,
        `mailctl campaign check ${ID} --health && mailctl campaign schedule ${ID} --at +1h`,
      ],
      operation: OPERATIONS.showCampaign,
      operationNote: `and ${OPERATIONS.listEmailEvents.name} with --health`,
      exitCodes: [ExitCode.CheckFailed],
      load: () => import('./check.js'),
    },
    {
      name: 'unschedule',
      summary: 'cancel the scheduled send of a campaign; it returns to draft',
      args: [CAMPAIGN_ID],
      options: [
        { flags: '--if-scheduled', description: 'succeed without change (exit 0, notice on stderr) when the campaign is not scheduled' },
        DRY_RUN,
      ],
      examples: [`mailctl campaign unschedule ${ID}`, `mailctl campaign unschedule ${ID} --if-scheduled --json`],
      operation: OPERATIONS.unscheduleCampaign,
      load: () => import('./unschedule.js'),
    },
  ],
};
