import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { OPERATIONS } from '../../api/operations.js';
import { command, flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { campaignIdArg, EXAMPLE_ID as ID } from './shared.js';

interface Options {
  id: string;
  ifScheduled: boolean;
  dryRun: boolean;
}

async function run(opts: Options, ctx: Context): Promise<void> {
  const { isNotScheduled, unscheduleCampaign, unscheduleRequest } = await import('../../api/campaigns.js');
  const { checkWriteFields, printCampaign, printResult } = await import('../../output/campaign-write.js');
  checkWriteFields(ctx.output());
  refuseSandboxKey(ctx, 'unschedule campaigns', OPERATIONS.unscheduleCampaign);
  if (opts.dryRun) {
    await printDryRun(ctx, unscheduleRequest(opts.id));
    return;
  }
  let result;
  try {
    result = await unscheduleCampaign(await ctx.api(), opts.id);
  } catch (error) {
    // The answer was lost (or was a 5xx), or the retry of a lost attempt was refused
    // as "not scheduled", which that attempt may have caused: say how to find out.
    if (error instanceof CliError && error.outcomeUnknown && !(opts.ifScheduled && isNotScheduled(error))) {
      throw error.withHint(
        `check with \`mailctl campaign show ${opts.id}\`: a draft means it was unscheduled; --if-scheduled makes re-running safe`,
      );
    }
    // Only this one refusal becomes a no-op: a missing campaign, a bad key or a
    // server error still fails, so a re-run CI job never hides a real problem.
    if (!opts.ifScheduled || !isNotScheduled(error)) throw error;
    if (error.outcomeUnknown) {
      // A retry refused as "not scheduled" after an attempt whose answer was lost: that
      // attempt is what unscheduled it (the campaign was scheduled when this run began, or the
      // first attempt would have been refused the same way, with an answer).
      ctx.notice(`campaign ${opts.id} was unscheduled (by this run's first attempt, whose answer was lost)`);
      await printResult(ctx.output(), { id: opts.id, unscheduled: true, after_lost_answer: true, message: error.message });
      return;
    }
    ctx.notice(`campaign ${opts.id} is not scheduled, nothing to do (--if-scheduled): ${error.message}`);
    await printResult(ctx.output(), { id: opts.id, unscheduled: false, message: error.message });
    return;
  }
  if (result.campaign) {
    if (result.message) ctx.notice(result.message);
    await printCampaign(ctx.output(), result.campaign);
    return;
  }
  // Spec 4.7: success without `data` when the campaign cannot be re-read after the write.
  ctx.warn(`campaign ${opts.id} was unscheduled, but the API could not return it afterwards (it was probably deleted meanwhile)`);
  await printResult(ctx.output(), { id: opts.id, unscheduled: true, deleted: true, message: result.message ?? null });
}

export default command({
  name: 'unschedule',
  summary: 'cancel the scheduled send of a campaign; it returns to draft',
  args: { campaignId: campaignIdArg },
  flags: {
    ifScheduled: flag.boolean('succeed without change (exit 0, notice on stderr) when the campaign is not scheduled'),
    dryRun: dryRunFlag,
  },
  examples: [`mailctl campaign unschedule ${ID}`, `mailctl campaign unschedule ${ID} --if-scheduled --json`],
  operation: OPERATIONS.unscheduleCampaign,
  check: (o): Options => ({ id: o.campaignId, ifScheduled: o.ifScheduled, dryRun: o.dryRun }),
  run,
});
