// Spec 4.8 to 4.12: sending domains, in the three views of 2.5 (list, detail, created) and the
// verification result of 2.6. Domains are addressed by name, case-insensitively; another
// team's domain is not found. DNS verification passes once the domain has existed
// DOMAIN_PROPAGATION_MS, or at once when the emulator runs with domainsVerified.
import { answer, errorWith, noContent, notFound, ok, validationFailed, type ApiResponse } from '../api-error.js';
import { DOMAIN_RE, STATUS_LABELS, isApex, newDomain, verifyDomain } from '../data/domains.js';
import type { Route, RouteContext } from '../router.js';
import type { SendingDomain } from '../sending-types.js';
import { isoOffset } from '../time.js';
import { FieldErrors, bodyObject } from '../validate.js';

function listItem(d: SendingDomain): Record<string, unknown> {
  return {
    domain: d.domain,
    status: d.status,
    status_label: STATUS_LABELS[d.status],
    can_send: d.status === 'approved',
    cname_status: d.checks?.cname_status ?? null,
    dkim_status: d.checks?.dkim_status ?? null,
    created_at: isoOffset(d.created_at),
    updated_at: isoOffset(d.updated_at),
  };
}

function detail(d: SendingDomain): Record<string, unknown> {
  return {
    domain: d.domain,
    status: d.status,
    status_label: STATUS_LABELS[d.status],
    can_send: d.status === 'approved',
    cname_status: d.checks?.cname_status ?? null,
    dkim_status: d.checks?.dkim_status ?? null,
    dmarc_status: d.checks?.dmarc_status ?? null,
    spf_status: d.checks?.spf_status ?? null,
    is_primary_domain: isApex(d.domain),
    tracking_domain: d.tracking_domain,
    dns: { dkim: { ...d.dkim } },
    dns_provider: d.dns_provider === null ? null : { ...d.dns_provider, nameservers: [...d.dns_provider.nameservers] },
    created_at: isoOffset(d.created_at),
    updated_at: isoOffset(d.updated_at),
  };
}

/**
 * The domain of the path, 404 when the team has no such domain. A malformed name is a 422 on
 * delete and verify (4.11, 4.12); show (4.10) defines no 422, so there it is simply not found.
 */
function findDomain(ctx: RouteContext, malformed: 'invalid' | 'missing' = 'invalid'): SendingDomain {
  const name = (ctx.params.domain as string).toLowerCase();
  if (!DOMAIN_RE.test(name)) {
    if (malformed === 'missing') throw notFound('Domain');
    throw validationFailed({ domain: ['The domain field must be a valid domain name.'] });
  }
  const d = ctx.team.sending.domains.get(name);
  if (!d) throw notFound('Domain');
  return d;
}

function listDomains(ctx: RouteContext): ApiResponse {
  return ok('Domains retrieved successfully.', { domains: [...ctx.team.sending.domains.values()].map(listItem) });
}

function createDomain(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const v = body.domain;
  if (v === undefined || v === null || v === '') errs.add('domain', 'The domain field is required.');
  else if (typeof v !== 'string') errs.add('domain', 'The domain field must be a string.');
  else if (v.length > 255) errs.add('domain', 'The domain field must not be greater than 255 characters.');
  else if (!DOMAIN_RE.test(v)) errs.add('domain', 'The domain field must be a valid domain name.');
  errs.throwIfAny();
  const name = (v as string).toLowerCase();
  const domains = ctx.team.sending.domains;
  if (domains.has(name)) throw errorWith(409, 'resource_already_exists', `The domain ${name} is already registered.`);
  const d = newDomain(name, ctx.now);
  domains.set(name, d);
  return answer(201, 'Domain created successfully.', {
    domain: d.domain,
    status: d.status,
    status_label: STATUS_LABELS[d.status],
    dkim: { ...d.dkim, signing_domain: d.domain },
  });
}

function showDomain(ctx: RouteContext): ApiResponse {
  return ok('Domain retrieved successfully.', detail(findDomain(ctx, 'missing')));
}

function deleteDomain(ctx: RouteContext): ApiResponse {
  const d = findDomain(ctx);
  ctx.team.sending.domains.delete(d.domain);
  return noContent();
}

function verify(ctx: RouteContext): ApiResponse {
  return ok('Domain verification completed.', verifyDomain(findDomain(ctx), ctx.now, ctx.team.sending.instantDns));
}

export const domainRoutes: Route[] = [
  { method: 'GET', path: '/domains', scope: 'domains:read', handler: listDomains },
  { method: 'POST', path: '/domains', scope: 'domains:write', sandboxBlocked: true, body: true, handler: createDomain },
  { method: 'GET', path: '/domains/:domain', scope: 'domains:read', handler: showDomain },
  { method: 'DELETE', path: '/domains/:domain', scope: 'domains:write', sandboxBlocked: true, handler: deleteDomain },
  { method: 'POST', path: '/domains/:domain/verify', scope: 'domains:write', sandboxBlocked: true, handler: verify },
];
