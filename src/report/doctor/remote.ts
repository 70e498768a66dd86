import type { ApiClient, ApiResponse } from '../../api/client.js';
import { OPERATIONS } from '../../api/operations.js';
import { listWebhooks, type Webhook } from '../../api/webhooks.js';
import { ApiError, CliError } from '../../errors.js';
import { fail, pass, loginCommand, warn, type Check } from './check.js';
import { domainsCheck, quotaCheck, serviceCheck } from './service.js';

// The checks that spend API requests: exactly four, all cheap reads that a
// sandbox key may make. 1: GET /health (the service is up; no key). 2: GET
// /auth/check (the key is valid, its team; the server's clock; the rate-limit
// budget). 3: GET /domains (sending domains not verified). 4: GET /webhooks
// (failing receivers).

export const DOCTOR_REQUESTS = 4;
/** Beyond this the server's clock and ours disagree enough to matter (relative windows, schedule --at). */
const SKEW_WARN_S = 30;
const SKEW_FAIL_S = 300;

function header(res: ApiResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function explainRefusal(error: unknown, profile: string, what: string): Check {
  if (error instanceof ApiError && error.status === 401) {
    return fail('auth', `${what} answered 401: ${error.message} (the key is wrong, revoked or of another service)`, `${loginCommand(profile)}  with a current key`);
  }
  if (error instanceof ApiError && error.status === 403) {
    const scope = error.code === 'insufficient_scope' ? ': the key lacks the scope' : error.code === 'sandbox_restricted' ? ': sandbox keys cannot do this' : '';
    return fail('auth', `${what} answered 403 (${error.code ?? 'forbidden'})${scope}: ${error.message}`, 'create a key with the scopes you need (campaigns:read, webhooks:read, ...) and run `mailctl auth login`');
  }
  const message = error instanceof CliError ? `${error.message}${error.hint ? `; ${error.hint}` : ''}` : (error as Error).message;
  return fail('auth', `${what} failed: ${message}`, 'fix the failures above (connection, proxy, tls), then run `mailctl doctor` again');
}

/** What the requests found that a later check needs: the key's team (the archive row compares it). */
export interface RemoteFindings {
  team?: number;
}

export async function remoteChecks(api: ApiClient, profile: string, now: () => number, found: RemoteFindings = {}): Promise<Check[]> {
  const checks = [await serviceCheck(api)];
  const probe = OPERATIONS.authCheck;
  const what = probe.name;
  let res: ApiResponse<{ data?: { team_id?: unknown } }>;
  const sent = now();
  try {
    res = await api.request({ method: probe.method, path: probe.path() });
  } catch (error) {
    return [...checks, explainRefusal(error, profile, what)];
  }
  const received = now();
  const team = res.body.data?.team_id;
  if (typeof team === 'number') found.team = team;
  const valid = `the key is valid${team !== undefined && team !== null ? ` for team ${String(team)}` : ''}`;
  // From when the request went, not from when doctor asked: the client may first wait for the rate limit.
  const went = res.sentAt ?? sent;
  checks.push(pass('auth', `${valid}: ${what} answered ${res.status} in ${received - went} ms${api.via ? ` ${api.via}` : ''}`), clockCheck(res, (went + received) / 2), rateLimitCheck(res));
  checks.push(await domainsCheck(api), quotaCheck([res]), await webhookCheck(api));
  return checks;
}

function clockCheck(res: ApiResponse, localMs: number): Check {
  const date = header(res, 'date');
  const server = date ? Date.parse(date) : NaN;
  if (Number.isNaN(server)) return pass('clock', 'the server sent no Date header: skew unknown');
  // Date has whole seconds: a second either way is not skew.
  const skew = Math.round((localMs - server) / 1000);
  const found = skew === 0 ? 'in step with the server (within 1 s)' : `${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} the server`;
  if (Math.abs(skew) < SKEW_WARN_S) return pass('clock', found);
  const fix = 'turn on time synchronisation (Linux: sudo timedatectl set-ntp true; macOS: System Settings > General > Date & Time)';
  return Math.abs(skew) >= SKEW_FAIL_S ? fail('clock', `this machine's clock is ${found}: relative times and schedule --at are off by as much`, fix) : warn('clock', `this machine's clock is ${found}`, fix);
}

function rateLimitCheck(res: ApiResponse): Check {
  const limit = header(res, 'x-ratelimit-limit');
  const remaining = header(res, 'x-ratelimit-remaining');
  const reset = Number(header(res, 'x-ratelimit-reset'));
  const dayLimit = header(res, 'x-sandbox-ratelimit-day-limit');
  const dayLeft = header(res, 'x-sandbox-ratelimit-day-remaining');
  const minuteLimit = header(res, 'x-sandbox-ratelimit-minute-limit');
  const minuteLeft = header(res, 'x-sandbox-ratelimit-minute-remaining');
  const parts: string[] = [];
  if (limit !== undefined) parts.push(`${remaining ?? '?'} of ${limit} requests left this second`);
  if (minuteLimit !== undefined) parts.push(`sandbox: ${minuteLeft ?? '?'} of ${minuteLimit} this minute`);
  if (dayLimit !== undefined) parts.push(`${dayLeft ?? '?'} of ${dayLimit} today`);
  if (parts.length === 0) return pass('rate_limit', 'the server sent no X-RateLimit headers');
  const found = parts.join('; ');
  if (dayLeft !== undefined && Number(dayLeft) <= 0) return fail('rate_limit', `${found}: the sandbox key's daily budget is spent`, 'wait until tomorrow (UTC), or use a live key');
  if (dayLeft !== undefined && Number(dayLeft) < 10) return warn('rate_limit', `${found}: the sandbox key's daily budget is nearly spent`, 'use a live key for exports and syncs');
  if (remaining !== undefined && Number(remaining) <= 0) {
    const when = Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString()}` : '';
    return warn('rate_limit', `${found}: the team's budget is spent${when}`, 'another job is using the team\'s requests: wait, or run fewer jobs at once');
  }
  return pass('rate_limit', found);
}

async function webhookCheck(api: ApiClient): Promise<Check> {
  let hooks: Webhook[];
  try {
    hooks = await listWebhooks(api);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return warn('webhooks', `${OPERATIONS.listWebhooks.name} answered 403 (${error.code ?? 'forbidden'}): cannot see the webhooks`, 'use a key with webhooks:read to check them');
    return warn('webhooks', `${OPERATIONS.listWebhooks.name} failed: ${(error as Error).message}`, 'mailctl webhook list');
  }
  const enabled = hooks.filter((h) => h.enabled);
  const failing = enabled.filter((h) => h.last_status === 'failure');
  if (failing.length === 0) return pass('webhooks', `${hooks.length} webhooks, ${enabled.length} enabled, none failing`);
  const described = failing.map((h) => `"${h.name}" (${h.id}) ${h.url}: last succeeded ${h.last_successful_at ?? 'never'}`);
  return fail('webhooks', `${failing.length} enabled webhook${failing.length === 1 ? '' : 's'} failing: ${described.join('; ')}`, `check the receiver, then watch it with \`mailctl webhook list\`; rehearse with \`mailctl webhook listen\``);
}
