import type { ApiClient, ApiResponse } from '../../api/client.js';
import { OPERATIONS } from '../../api/operations.js';
import { ApiError, CliError } from '../../errors.js';
import { pass, warn, type Check } from './check.js';

// Doctor's rows about the service itself (service-api-rest.md 4.1, 4.8, 6.4): is it up
// (GET /health, no key needed), which sending domains are not verified (GET /domains), and
// the free-tier quota left when an answer carries the X-Daily-* / X-Monthly-* headers.

const why = (error: unknown) => (error instanceof CliError ? error.message : (error as Error).message);

export async function serviceCheck(api: ApiClient): Promise<Check> {
  const op = OPERATIONS.health;
  try {
    const res = await api.request<{ data?: { status?: unknown } }>({ method: op.method, path: op.path(), anonymous: true });
    const status = typeof res.body.data?.status === 'string' ? res.body.data.status : 'unknown';
    return status === 'ok' ? pass('service', `${op.name}: ok`) : warn('service', `${op.name}: status ${status}`, 'the service reports a problem: try again later');
  } catch (error) {
    return warn('service', `${op.name} failed: ${why(error)}`, 'the service may be down: try again later');
  }
}

interface DomainRow {
  domain?: unknown;
  status?: unknown;
  can_send?: unknown;
  dkim_status?: unknown;
}

export async function domainsCheck(api: ApiClient): Promise<Check> {
  const op = OPERATIONS.listDomains;
  let domains: DomainRow[];
  try {
    const res = await api.request<{ data?: { domains?: unknown } }>({ method: op.method, path: op.path() });
    const list = res.body.data?.domains;
    if (!Array.isArray(list)) return warn('domains', `${op.name} answered without data.domains`, 'check --base-url');
    domains = list as DomainRow[];
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return warn('domains', `${op.name} answered 403 (${error.code ?? 'forbidden'}): cannot see the domains`, 'use a key with domains:read to check them');
    return warn('domains', `${op.name} failed: ${why(error)}`, 'mailctl api GET /domains');
  }
  const verified = (d: DomainRow) => d.can_send === true && d.dkim_status === 'valid';
  const others = domains.filter((d) => !verified(d)).map((d) => `${String(d.domain)} (${d.can_send === true ? `DKIM ${String(d.dkim_status ?? 'not checked')}` : String(d.status)})`);
  const found = `${domains.length - others.length} of ${domains.length} sending domains approved and verified${others.length ? `; not verified: ${others.join(', ')}` : ''}`;
  if (domains.length === 0) return warn('domains', 'no sending domain: nothing can be sent from an address of your own', 'add one in the dashboard, then publish its DNS records');
  if (others.length === domains.length) return warn('domains', found, 'publish the DNS records of a domain and verify it (POST /domains/{domain}/verify)');
  return pass('domains', found);
}

function num(res: ApiResponse, name: string): number | undefined {
  const v = res.headers[name];
  const n = Number(Array.isArray(v) ? v[0] : v);
  return v === undefined || !Number.isFinite(n) ? undefined : n;
}

/** From the answers doctor already has: the service sends the quota headers to free-tier teams (6.4). */
export function quotaCheck(answers: ApiResponse[]): Check {
  const res = answers.find((r) => num(r, 'x-daily-limit') !== undefined || num(r, 'x-monthly-limit') !== undefined);
  if (!res) return pass('quota', 'no free-tier quota headers on these answers (a paid plan, or reported on sends only: `email send` prints what is left)');
  const daily = num(res, 'x-daily-remaining');
  const monthly = num(res, 'x-monthly-remaining');
  const at = (unix: number | undefined) => (unix === undefined ? 'unknown' : new Date(unix * 1000).toISOString());
  const found = `free tier: ${daily ?? '?'} of ${num(res, 'x-daily-limit') ?? '?'} emails left today, ${monthly ?? '?'} of ${num(res, 'x-monthly-limit') ?? '?'} this month`;
  if (monthly === 0) return warn('quota', `${found}: sending stops until ${at(num(res, 'x-monthly-reset'))}`, 'upgrade the plan, or wait for the reset');
  if (daily === 0) return warn('quota', `${found}: sending stops until ${at(num(res, 'x-daily-reset'))}`, 'wait for the daily reset (midnight UTC)');
  return pass('quota', found);
}
