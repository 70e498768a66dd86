import type { Context } from '../../context.js';
import { CliError, UsageError } from '../../errors.js';
import { parseFutureTime } from '../../input/time.js';
import { instantMs } from '../../time-units.js';
import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import { command, flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { localText, utcText } from '../../output/instant-text.js';
import { parseDuration } from '../../duration.js';
import { campaignIdArg, DEFAULT_MIN_LEAD, EXAMPLE_ID as ID, preflightFlags } from './shared.js';

interface Options {
  id: string;
  at: string;
  dryRun: boolean;
  check: boolean;
  /** --min-lead and --health of the --check pre-flight (campaign check's own). */
  preflight: { minLeadMs: number; health: boolean };
}

async function run(opts: Options, ctx: Context): Promise<void> {
  const { scheduleCampaign, scheduleRequest, scheduledTime } = await import('../../api/campaigns.js');
  const { checkWriteFields, printCampaign, printResult } = await import('../../output/campaign-write.js');
  checkWriteFields(ctx.output());
  // Checked against this run's clock, before anything is sent: a past time is exit 2.
  const at = parseFutureTime(opts.at, '--at', ctx.now());
  // ISO values go out as the user wrote them (offset kept; none means UTC, spec 4.6),
  // with "T" between date and time; relative ones as a UTC instant.
  const scheduledAt = at.text.replace(' ', 'T');
  if (opts.check) await (await import('./preflight.js')).requirePreflight(ctx, opts.id, { atMs: at.ms, ...opts.preflight });
  refuseSandboxKey(ctx, 'schedule campaigns', OPERATIONS.scheduleCampaign);
  // A relative time is sent to the second (parseFutureTime drops the milliseconds): show that.
  const ms = opts.at.trim().startsWith('+') ? Math.floor(at.ms / 1000) * 1000 : at.ms;
  const when = `${utcText(ms)} (local ${localText(ms)})`;
  if (opts.dryRun) {
    await printDryRun(ctx, scheduleRequest(opts.id, scheduledAt));
    ctx.notice(`would schedule campaign ${opts.id} for ${when}`);
    return;
  }
  const api = await ctx.api();
  // A reschedule says what it replaced: that costs one GET, so it is spent only when a person
  // reads stderr (a TTY, not --quiet); scripts and CI send exactly the one POST.
  const previous = ctx.io.stderrIsTTY && !ctx.globals.quiet ? await scheduledTime(api, opts.id, ctx.signal) : undefined;
  let result;
  try {
    result = await scheduleCampaign(api, opts.id, scheduledAt);
  } catch (error) {
    // The answer was lost (or was a 5xx): the campaign may be scheduled now, or not.
    if (error instanceof CliError && error.outcomeUnknown) {
      throw error.withHint(
        `check with \`mailctl campaign show ${opts.id}\` whether it is scheduled for ${utcText(ms)}; scheduling it again for the same time is harmless`,
      );
    }
    throw error;
  }
  if (previous !== undefined) {
    const was = instantMs(previous);
    ctx.notice(`Rescheduled: was ${Number.isNaN(was) ? previous : `${utcText(was)} (local ${localText(was)})`}, now ${when}.`);
  }
  if (result.campaign) {
    if (result.message) ctx.notice(result.message);
    await printCampaign(ctx.output(), result.campaign);
    return;
  }
  // Spec 4.6: success without `data` when the campaign cannot be re-read after the
  // write, e.g. a colleague deleted it meanwhile. The schedule itself succeeded.
  ctx.warn(
    `campaign ${opts.id} was scheduled for ${when}, but the API could not return it afterwards` +
      ' (it was probably deleted meanwhile): check with `mailctl campaign show`',
  );
  await printResult(ctx.output(), { id: opts.id, scheduled_at: scheduledAt, deleted: true, message: result.message ?? null }, ms);
}

export default command({
  name: 'schedule',
  summary: 'schedule a draft campaign, or move a scheduled one to a new time',
  description: [
    'The time must be in the future; it is refused before anything is sent',
    'otherwise. The output shows the resolved time in UTC and in local time.',
  ].join('\n'),
  args: { campaignId: campaignIdArg },
  flags: {
    at: flag
      .string('send time in the future: ISO 8601 with offset (kept as given), without offset (UTC), or +30m, +2h, +1d', { value: 'time' })
      .required('a future time such as +2h or 2026-12-01T09:00:00+01:00'),
    check: flag.boolean('run the pre-flight checks of `campaign check` first; when one fails, send nothing (exit 8)'),
    minLead: preflightFlags.minLead.defaultShown(`${DEFAULT_MIN_LEAD}; with --check`),
    health: preflightFlags.health,
    dryRun: dryRunFlag,
  },
  examples: [
    `mailctl campaign schedule ${ID} --at 2026-12-01T09:00:00+01:00`,
    `mailctl campaign schedule ${ID} --at +2h --check --health`,
    `mailctl campaign schedule ${ID} --at 2026-12-01T08:00:00Z --dry-run`,
  ],
  operation: OPERATIONS.scheduleCampaign,
  exitCodes: [ExitCode.CheckFailed],
  judges: (o) => o.check,
  check(o): Options {
    if (!o.check && (o.minLead !== undefined || o.health)) {
      throw new UsageError(`${o.minLead !== undefined ? '--min-lead' : '--health'}: goes with --check (the pre-flight it tunes)`);
    }
    const minLeadMs = parseDuration(o.minLead ?? DEFAULT_MIN_LEAD, '--min-lead');
    return { id: o.campaignId, at: o.at, dryRun: o.dryRun, check: o.check, preflight: { minLeadMs, health: o.health } };
  },
  run,
});
