import { type Command, Option } from 'commander';
import { OPERATIONS } from '../../api/operations.js';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

const BREAKDOWNS = ['day', 'hour', 'type', 'domain', 'provider', 'bounce-class'];

export function register(program: Command): void {
  withHelp(
    program
      .command('report')
      .description('how healthy the sending is: counts, rates and verdicts over a window, judged against the service\'s thresholds')
      .option('--from <time>', 'start of the window: YYYY-MM-DD (start of that UTC day), ISO date-time, or relative: 7d, 24h, 30m, today, yesterday (default: 7d)')
      .option('--to <time>', 'end of the window, inclusive: YYYY-MM-DD (through the end of that UTC day), ISO date-time, or relative (default: now)')
      .option('--campaign <campaign_id>', 'only this campaign\'s events (GET /campaigns/{id}/events)')
      .option('--db <file>', 'read an archive written by `events sync` (SQLite) instead of the API')
      .addOption(new Option('--by <breakdown>', 'rows of the breakdown').choices(BREAKDOWNS).default('day'))
      .option('--judge <signals>', 'signals to judge, comma-separated: bounce, complaint, open, click (default: bounce,complaint)')
      .addOption(new Option('--fail-on <level>', 'exit 8 when a judged signal reaches this level (for CI gates)').choices(['warning', 'critical']))
      .option('--html <file>', 'also write the report as one self-contained HTML file (inline SVG charts, nothing fetched)'),
    {
      api: `${OPERATIONS.listEmailEvents.name} (or ${OPERATIONS.listCampaignEvents.name} with --campaign)`,
      examples: [
        'mailctl report',
        'mailctl report --fail-on critical --json --html report.html > report.json',
        'mailctl report --db events.sqlite --from 2026-10-01 --to 2026-10-31 --by day',
      ],
    },
  ).action(verb(() => import('./run.js')));
}
