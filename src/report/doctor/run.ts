import type { Context } from '../../context.js';
import { CheckFailedError, CliError } from '../../errors.js';
import { checklistEntries, entrySpec, writeChecklist } from '../../output/checklist.js';
import { checkFields } from '../../output/fields.js';
import { resolveSettings } from '../../config/resolve.js';
import type { DbFlag } from '../../archive/db-flag.js';
import type { Check } from './check.js';
import { configCheck, keyCheck, profileCheck } from './local.js';
import { baseUrlCheck, connectionChecks, proxyCheck, proxyDecision } from './reach.js';
import { DOCTOR_REQUESTS, remoteChecks, type RemoteFindings } from './remote.js';
import { serviceCheck } from './service.js';

export interface DoctorOptions {
  /** --db [PATH]: also check the local event archive (true: the default archive). */
  db?: DbFlag;
}

/** Short, so that doctor answers within seconds when the network is down. */
const REQUEST_TIMEOUT_MS = 5_000;

async function gather(ctx: Context, found: RemoteFindings): Promise<Check[]> {
  const checks: Check[] = [configCheck(ctx)];
  // a config file that cannot be read is the finding: every setting comes from it
  if (checks[0]!.status === 'fail') return checks;
  let settings;
  try {
    settings = ctx.settings();
  } catch (error) {
    // A bad setting (say, base_url in the profile) is itself the finding.
    // One set in the environment is fixed there: config set would not change what the run reads.
    const fromEnv = /^MAILCTL_[A-Z_]+/.exec((error as Error).message)?.[0];
    const fix = fromEnv ? `fix or unset ${fromEnv}` : 'mailctl config list  (then mailctl config set KEY VALUE)';
    return [...checks, { name: 'profile', status: 'fail', detail: (error as Error).message, fix }];
  }
  checks.push(profileCheck(settings, ctx.configData()));
  const key = await keyCheck(ctx, settings);
  checks.push(key.check);
  const base = baseUrlCheck(settings.baseUrl.value, ctx.io.env);
  checks.push(base);
  if (base.status === 'fail') return checks;
  const url = new URL(settings.baseUrl.value!);
  const decision = proxyDecision(url, ctx.io.env);
  const proxy = await proxyCheck(url, decision);
  checks.push(proxy);
  if (proxy.status === 'fail') return checks;
  let reachable = true;
  if (!(decision instanceof Error) && decision.kind !== 'proxy') {
    const direct = await connectionChecks(url, ctx.io.env);
    checks.push(...direct.checks);
    reachable = direct.reachable;
  }
  // No request is worth spending toward a host that cannot be reached. Without a usable key,
  // only GET /health, which needs none: whether the service is up still tells where to look.
  if (!reachable) return checks;
  if (key.check.status === 'fail') {
    checks.push(await serviceCheck(await ctx.api('', { timeoutMs: REQUEST_TIMEOUT_MS, retries: 0 })));
    return checks;
  }
  let api;
  try {
    api = await ctx.api(undefined, { timeoutMs: REQUEST_TIMEOUT_MS, retries: 0 });
  } catch (error) {
    // A key the transport refuses before sending (control characters in it): a finding, not a crash.
    const hint = error instanceof CliError && error.hint ? error.hint : 'mailctl auth login';
    return [...checks, { name: 'auth', status: 'fail', detail: `${(error as Error).message}`, fix: hint }];
  }
  checks.push(...(await remoteChecks(api, settings.profile.value, ctx.now, found)));
  return checks;
}

/** The heading's profile, even when the config file cannot be read (the config row says why). */
function profileName(ctx: Context): string {
  try {
    return ctx.profileName();
  } catch {
    return ctx.globals.profile ?? ctx.io.env.MAILCTL_PROFILE ?? 'default';
  }
}

/** Every check as a row (or `{"ok", "checks"}` with --json); exit 8 when any is not a pass. */
export async function runDoctor(opts: DoctorOptions, ctx: Context): Promise<void> {
  // A bad flag is a usage error before anything runs; a bad config file, profile setting or
  // environment variable is what doctor is for: its own row (gather), and the output still prints.
  resolveSettings(ctx.globals, {}, { profiles: {} });
  const out = ctx.tolerateBadSettings().output();
  const spec = entrySpec(`doctor — profile ${profileName(ctx)}`, { requests_budget: DOCTOR_REQUESTS });
  checkFields(out.fields, spec.columns, spec.fields); // a usage error before any check runs or any request is sent
  const found: RemoteFindings = {};
  const checks = await gather(ctx, found);
  if (opts.db !== undefined) checks.push(await (await import('./archive.js')).archiveCheck(ctx, opts.db, found.team));
  const ok = await writeChecklist(out, spec, checklistEntries(checks));
  const bad = checks.filter((c) => c.status !== 'pass');
  if (!ok) throw new CheckFailedError(`${bad.length} of ${checks.length} checks did not pass: ${bad.map((c) => c.name).join(', ')}`);
}
