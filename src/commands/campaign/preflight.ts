import { getCampaign } from '../../api/campaigns.js';
import { isSandboxKey } from '../../config/resolve.js';
import { instantMs } from '../../time-units.js';
import type { Context } from '../../context.js';
import { campaignChecks, DEFAULT_MIN_LEAD_MS, failedChecks, healthOf, printChecks, type Check, type PreflightOptions } from '../../report/preflight.js';

// What the pre-flight checks (src/report/preflight.ts) need of a run: the campaign read
// from the API, the key, the clock, and with --health the account's report.

/** Every check, with --health the account's last 7 days judged by the report. */
export async function runPreflight(ctx: Context, opts: PreflightOptions): Promise<Check[]> {
  const api = await ctx.api();
  const campaign = await getCampaign(api, opts.id);
  const atMs = opts.sendNow ? undefined : opts.atMs ?? (campaign.status === 'scheduled' && campaign.scheduled_at ? instantMs(campaign.scheduled_at) : undefined);
  const sandbox = isSandboxKey(ctx.settings().apiKey.value ?? '');
  const checks = campaignChecks(campaign, sandbox, ctx.now(), { ...opts, atMs: Number.isNaN(atMs) ? undefined : atMs });
  if (opts.health) checks.push(await healthCheck(ctx));
  return checks;
}

async function healthCheck(ctx: Context): Promise<Check> {
  const { computeReport, reportWindow } = await import('../../report/run.js');
  return healthOf(await computeReport({ by: 'day', judge: ['bounce', 'complaint'] }, ctx, reportWindow({}, ctx)));
}

/** --check of schedule and send: the checks first; when one fails they are the output, and nothing is sent. */
export async function requirePreflight(ctx: Context, id: string, opts: { atMs?: number; sendNow?: boolean; minLeadMs?: number; health?: boolean }): Promise<void> {
  const checks = await runPreflight(ctx, { id, minLeadMs: DEFAULT_MIN_LEAD_MS, health: false, ...opts });
  if (checks.every((c) => c.ok)) {
    ctx.notice(`pre-flight: ${checks.length} checks passed`);
    return;
  }
  await printChecks(ctx.output(), id, checks);
  throw failedChecks(id, checks);
}
