import type { Command } from 'commander';
import * as z from 'zod';
import { getCampaign, scheduleCampaign, scheduleRequest } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { parseFutureTime } from '../../input/time.js';
import { parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { campaignIdArgs, localText, utcText } from './shared.js';
import { checkWriteFields, printCampaign, printResult } from './write-result.js';

const schema = z.object({
  args: campaignIdArgs,
  // checked here, not by commander, so that a missing id is reported first
  at: z.string({ error: 'is required: a future time such as +2h or 2026-12-01T09:00:00+01:00' }),
  dryRun: z.boolean().optional(),
  check: z.boolean().optional(),
});

export interface Options {
  id: string;
  at: string;
  dryRun: boolean;
  check: boolean;
}

export function parse(input: RawInput, cmd: Command): Options {
  const o = parseInput(schema, input, cmd);
  return { id: o.args[0], at: o.at, dryRun: Boolean(o.dryRun), check: Boolean(o.check) };
}

/** --check: the checks of `campaign check` first; when one fails they are the output, and nothing is sent. */
async function preflight(ctx: Context, id: string, atMs: number): Promise<void> {
  const { DEFAULT_MIN_LEAD_MS, failedChecks, printChecks, runPreflight } = await import('./preflight.js');
  const checks = await runPreflight(ctx, { id, atMs, minLeadMs: DEFAULT_MIN_LEAD_MS, health: false });
  if (checks.every((c) => c.ok)) {
    ctx.notice(`pre-flight: ${checks.length} checks passed`);
    return;
  }
  await printChecks(ctx, checks);
  throw failedChecks(id, checks);
}

/**
 * The time the campaign is scheduled for now, if it is: a reschedule then says
 * what it replaced. Costs one GET, so it is spent only when a person reads
 * stderr (a TTY, not --quiet): scripts and CI send exactly the one POST. When
 * the read fails (a key without campaigns:read) the schedule goes ahead without it.
 */
async function previousTime(api: ApiClient, id: string, ctx: Context): Promise<string | undefined> {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet) return undefined;
  try {
    const c = await getCampaign(api, id);
    return c.status === 'scheduled' && c.scheduled_at ? c.scheduled_at : undefined;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return undefined;
  }
}

export async function run(opts: Options, ctx: Context): Promise<void> {
  checkWriteFields(ctx);
  // Checked against this run's clock, before anything is sent: a past time is exit 2.
  const at = parseFutureTime(opts.at, '--at', ctx.now());
  // ISO values go out as the user wrote them (offset kept; none means UTC, spec 4.6),
  // with "T" between date and time; relative ones as a UTC instant.
  const scheduledAt = at.text.replace(' ', 'T');
  if (opts.check) await preflight(ctx, opts.id, at.ms);
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
  const previous = await previousTime(api, opts.id, ctx);
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
    const was = Date.parse(previous);
    ctx.notice(`Rescheduled: was ${Number.isNaN(was) ? previous : `${utcText(was)} (local ${localText(was)})`}, now ${when}.`);
  }
  if (result.campaign) {
    if (result.message) ctx.notice(result.message);
    await printCampaign(ctx, result.campaign);
    return;
  }
  // Spec 4.6: success without `data` when the campaign cannot be re-read after the
  // write, e.g. a colleague deleted it meanwhile. The schedule itself succeeded.
  ctx.warn(
    `campaign ${opts.id} was scheduled for ${when}, but the API could not return it afterwards` +
      ' (it was probably deleted meanwhile): check with `mailctl campaign show`',
  );
  await printResult(ctx, { id: opts.id, scheduled_at: scheduledAt, deleted: true, message: result.message ?? null }, ms);
}
