import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { parseTimeToCheck } from '../../input/time.js';
import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import { command, flag } from '../define.js';
import { campaignIdArg, DEFAULT_MIN_LEAD, EXAMPLE_ID as ID, preflightFlags } from './shared.js';

interface Options {
  id: string;
  at?: string;
  minLeadMs: number;
  health: boolean;
}

async function run(opts: Options, ctx: Context): Promise<void> {
  const { runPreflight } = await import('./preflight.js');
  const { failedChecks, printChecks } = await import('../../report/preflight.js');
  ctx.output({ fields: ['name', 'ok', 'detail'] });
  // A time too close or in the past is a failed check (exit 8), not a usage error: it is what is being checked.
  const at = opts.at === undefined ? undefined : parseTimeToCheck(opts.at, '--at', ctx.now());
  const checks = await runPreflight(ctx, { id: opts.id, atMs: at, minLeadMs: opts.minLeadMs, health: opts.health });
  await printChecks(ctx.output(), opts.id, checks);
  if (!checks.every((c) => c.ok)) throw failedChecks(opts.id, checks);
}

export default command({
  name: 'check',
  summary: 'pre-flight: would scheduling succeed, and is it wise? one row per check; exit 8 when one fails',
  args: { campaignId: campaignIdArg },
  flags: {
    at: flag.string('the send time to check: ISO 8601 or +30m, +2h, +1d', { value: 'time' }).defaultShown("the campaign's scheduled time, if any"),
    minLead: preflightFlags.minLead.default(DEFAULT_MIN_LEAD),
    health: preflightFlags.health,
  },
  examples: [
    `mailctl campaign check ${ID}`,
    `mailctl campaign check ${ID} --at +2h --health --json`,
    `mailctl campaign check ${ID} --health && mailctl campaign schedule ${ID} --at +1h`,
  ],
  operation: OPERATIONS.showCampaign,
  operationNote: `and ${OPERATIONS.listEmailEvents.name} with --health`,
  moreOperations: [OPERATIONS.listEmailEvents],
  exitCodes: [ExitCode.CheckFailed],
  formats: ['markdown'],
  check: (o): Options => ({ id: o.campaignId, at: o.at, minLeadMs: parseDuration(o.minLead, '--min-lead'), health: o.health }),
  run,
});
