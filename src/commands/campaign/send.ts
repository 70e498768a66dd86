import { OPERATIONS } from '../../api/operations.js';
import type { CampaignWriteResult } from '../../api/campaigns.js';
import { CliError, ExitCode } from '../../errors.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite, yesFlag } from '../runners/write.js';
import { refuseUnasked } from '../runners/confirm.js';
import { campaignIdArg, EXAMPLE_ID as ID } from './shared.js';

// `campaign send ID` (service-api-rest.md 4.24): a draft goes out at once, to every recipient,
// and cannot be stopped once preparing. So it is asked on a terminal (--yes otherwise), and
// the request is never repeated once it may have been accepted (api/campaigns.ts).

export default command({
  name: 'send',
  summary: 'send a draft campaign now, to all its recipients; asks first (--yes when not on a terminal)',
  description: 'Sending is asynchronous: the campaign goes to preparing, then sending and sent.\nIt cannot be stopped once preparing, and mailctl never repeats the request once it\nmay have been accepted.',
  args: { campaignId: campaignIdArg },
  flags: {
    check: flag.boolean('run the pre-flight checks of `campaign check` first; when one fails, send nothing (exit 8)'),
    yes: yesFlag,
    dryRun: dryRunFlag,
  },
  examples: [`mailctl campaign send ${ID}`, `mailctl campaign send ${ID} --check --yes`, `mailctl campaign send ${ID} --dry-run`],
  operation: OPERATIONS.sendCampaign,
  exitCodes: [ExitCode.CheckFailed],
  judges: (o) => o.check,
  async run(opts, ctx) {
    const { sendCampaign, sendCampaignRequest } = await import('../../api/campaigns.js');
    const { checkWriteFields, printCampaign, printResult } = await import('../../output/campaign-write.js');
    const id = opts.campaignId;
    checkWriteFields(ctx.output());
    const confirm = { command: 'campaign send', what: `send campaign ${id} to all its recipients now`, done: 'sent', yes: opts.yes };
    // The checks only read, so a dry run runs them too (as schedule's); a missing --yes is found before they do.
    if (opts.check && !opts.dryRun) refuseUnasked(ctx, confirm);
    if (opts.check) await (await import('./preflight.js')).requirePreflight(ctx, id, { sendNow: true });
    await runWrite<CampaignWriteResult>(ctx, {
      operation: OPERATIONS.sendCampaign,
      action: 'send campaigns',
      request: sendCampaignRequest(id),
      dryRun: opts.dryRun,
      confirm,
      async send(api) {
        try {
          return await sendCampaign(api, id);
        } catch (error) {
          if (error instanceof CliError && error.outcomeUnknown) {
            throw error.withHint(`mailctl did not send it again; check with \`mailctl campaign show ${id}\`: preparing, sending or sent means it went out`);
          }
          throw error;
        }
      },
      async print(result) {
        if (result.message) ctx.notice(result.message);
        if (result.campaign) return printCampaign(ctx.output(), result.campaign);
        // 202 without `data` (spec 4.24): the campaign could not be re-read after the send.
        ctx.warn(`campaign ${id} was sent, but the API could not return it afterwards (it was probably deleted meanwhile)`);
        await printResult(ctx.output(), { id, status: 'preparing', message: result.message ?? null });
      },
    });
  },
});
