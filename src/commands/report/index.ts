import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'report',
  summary: "how healthy the sending is: counts, rates and verdicts over a window, judged against the service's thresholds",
  group: 'reading',
  options: [
    {
      flags: '--from <time>',
      description: 'start of the window: YYYY-MM-DD (start of that UTC day), ISO date-time, or relative: 7d, 24h, 30m, today, yesterday',
      default: '7d',
    },
    { flags: '--to <time>', description: 'end of the window, inclusive: YYYY-MM-DD (through the end of that UTC day), ISO date-time, or relative', default: 'now' },
    { flags: '--campaign <campaign_id>', description: "only this campaign's events (GET /campaigns/{id}/events)" },
    { flags: '--db <file>', description: 'read an archive written by `events sync` (SQLite) instead of the API' },
    { flags: '--by <breakdown>', description: 'rows of the breakdown', choices: ['day', 'hour', 'type', 'domain', 'provider', 'bounce-class'], default: 'day', applyDefault: true },
    { flags: '--judge <signals>', description: 'signals to judge', values: ['bounce', 'complaint', 'open', 'click'], list: true, default: 'bounce,complaint' },
    { flags: '--fail-on <level>', description: 'exit 8 when a judged signal reaches this level (for CI gates)', choices: ['warning', 'critical'] },
    { flags: '--html <file>', description: 'also write the report as one self-contained HTML file (inline SVG charts, nothing fetched)' },
  ],
  examples: [
    'mailctl report',
    'mailctl report --fail-on critical --json --html report.html > report.json',
    'mailctl report --db events.sqlite --from 2026-10-01 --to 2026-10-31 --by day',
  ],
  operation: OPERATIONS.listEmailEvents,
  operationNote: `or ${OPERATIONS.listCampaignEvents.name} with --campaign`,
  exitCodes: [ExitCode.CheckFailed],
  load: () => import('./run.js'),
};
