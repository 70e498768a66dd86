import { OPERATIONS } from '../../api/operations.js';
import { ExitCode, UsageError } from '../../errors.js';
import { uuid } from '../../input/values.js';
import { BREAKDOWNS } from '../../report/aggregate.js';
import { DEFAULT_JUDGED, SIGNALS } from '../../report/thresholds.js';
import { dbFlag } from '../archive-db.js';
import { command, flag } from '../define.js';
import type { ReportOptions } from './run.js';

export const spec = command({
  name: 'report',
  summary: "how healthy the sending is: counts, rates and verdicts over a window, judged against the service's thresholds",
  group: 'reading',
  flags: {
    from: flag
      .string('start of the window: YYYY-MM-DD (start of that UTC day), ISO date-time, or relative: 7d, 24h, 30m, today, yesterday', { value: 'time' })
      .defaultShown('7d'),
    to: flag.string('end of the window, inclusive: YYYY-MM-DD (through the end of that UTC day), ISO date-time, or relative', { value: 'time' }).defaultShown('now'),
    campaign: flag.string("only this campaign's events (GET /campaigns/{id}/events)", { value: 'campaign_id', parse: uuid }),
    db: dbFlag('read the local archive of `events sync` instead of the API: no key, no network').defaultShown("the profile's archive"),
    by: flag.enum(BREAKDOWNS, 'rows of the breakdown', 'breakdown').default('day'),
    judge: flag.enumList(SIGNALS, 'signals to judge', 'signals').defaultShown(DEFAULT_JUDGED.join(',')),
    failOn: flag.enum(['warning', 'critical'] as const, 'exit 8 when a judged signal reaches this level (for CI gates)', 'level'),
    html: flag.string('also write the report as one self-contained HTML file (inline SVG charts, nothing fetched)', { value: 'file' }),
  },
  examples: [
    'mailctl report --fail-on critical -o markdown >> "$GITHUB_STEP_SUMMARY"',
    'mailctl report --fail-on critical --json --html report.html > report.json',
    'mailctl report --db events.sqlite --from 2026-10-01 --to 2026-10-31 --by day',
  ],
  operation: OPERATIONS.listEmailEvents,
  operationNote: `or ${OPERATIONS.listCampaignEvents.name} with --campaign`,
  exitCodes: [ExitCode.CheckFailed],
  formats: ['markdown'],
  check(o): ReportOptions {
    if (o.campaign && o.db !== undefined) throw new UsageError('--campaign cannot be combined with --db: the archive holds account-wide events only');
    return { ...o, judge: o.judge ?? [...DEFAULT_JUDGED] };
  },
  async run(opts, ctx) {
    const { runReport } = await import('./run.js');
    await runReport(opts, ctx);
  },
});
