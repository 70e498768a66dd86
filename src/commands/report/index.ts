import { OPERATIONS } from '../../api/operations.js';
import { ExitCode, UsageError } from '../../errors.js';
import { uuid } from '../../input/values.js';
import { parseCompare, WINDOW_FROM_HELP, WINDOW_TO_HELP } from '../../input/window.js';
import { BREAKDOWNS } from '../../report/aggregate.js';
import { DEFAULT_JUDGED, SIGNALS } from '../../report/thresholds.js';
import { dbFlag } from '../archive-db.js';
import { command, flag } from '../define.js';
import type { ReportOptions } from '../../report/run.js';

const FAIL_ON = ['warning', 'critical', 'rising'] as const;

export const spec = command({
  name: 'report',
  summary: "how healthy the sending is: counts, rates and verdicts over a window, judged against the service's thresholds",
  group: 'reading',
  flags: {
    from: flag.string(WINDOW_FROM_HELP, { value: 'time' }).defaultShown('7d'),
    to: flag.string(WINDOW_TO_HELP, { value: 'time' }).defaultShown('now'),
    campaign: flag.string("only this campaign's events (GET /campaigns/{id}/events)", { value: 'campaign_id', parse: uuid }),
    db: dbFlag('read the local archive of `events sync` instead of the API: no key, no network').defaultShown("the profile's archive"),
    by: flag.enum(BREAKDOWNS, 'rows of the breakdown', 'breakdown').default('day'),
    judge: flag.enumList(SIGNALS, 'signals to judge', 'signals').defaultShown(DEFAULT_JUDGED.join(',')),
    compare: flag.string('also the change of each rate against an earlier window: previous (the same length just before) or FROM..TO', {
      value: 'window',
      parse: parseCompare,
    }),
    failOn: flag.enumList(FAIL_ON, 'exit 8 when a judged signal reaches this level, or (rising, with --compare) when a judged rate rose by half or more', 'levels'),
    html: flag.string('also write the report as one self-contained HTML file (inline SVG charts, nothing fetched)', { value: 'file' }),
  },
  examples: [
    'mailctl report --fail-on critical -o markdown >> "$GITHUB_STEP_SUMMARY"',
    'mailctl report --compare previous --fail-on critical,rising --json --html report.html > report.json',
    'mailctl report --db events.sqlite --from 2026-10-01 --to 2026-10-31 --by day',
  ],
  operation: OPERATIONS.listEmailEvents,
  operationNote: `or ${OPERATIONS.listCampaignEvents.name} with --campaign`,
  moreOperations: [OPERATIONS.listCampaignEvents],
  exitCodes: [ExitCode.CheckFailed],
  judges: (o: ReportOptions) => o.failOn !== undefined || Boolean(o.failOnRising),
  formats: ['markdown'],
  check(o): ReportOptions {
    if (o.campaign && o.db !== undefined) throw new UsageError('--campaign cannot be combined with --db: the archive holds account-wide events only');
    const levels = o.failOn ?? [];
    if (levels.includes('rising') && o.compare === undefined) {
      throw new UsageError('--fail-on rising needs --compare: give --compare previous, or an earlier window FROM..TO');
    }
    // warning includes critical: the stricter level of the list decides
    const failOn = levels.includes('warning') ? 'warning' : levels.includes('critical') ? 'critical' : undefined;
    return { ...o, judge: o.judge ?? [...DEFAULT_JUDGED], failOn, failOnRising: levels.includes('rising') };
  },
  async run(opts, ctx) {
    const { runReport } = await import('../../report/run.js');
    await runReport(opts, ctx);
  },
});
