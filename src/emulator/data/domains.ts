// Sending domains (spec 2.5 to 2.7, 3.2): the approval check at creation, DNS verification, and
// the seeded domains of a team. DNS is simulated: a domain's records "propagate" once it has
// existed DOMAIN_PROPAGATION_MS (or at once with the emulator's domainsVerified option).
import { hashString, mix32, randomChars, Rng } from '../prng.js';
import type { DomainChecks, DomainStatus, SendingDomain, SendingState } from '../sending-types.js';
import { MS_PER_DAY } from '../../time-units.js';

const DOMAIN_PROPAGATION_MS = 5_000;

/** Labels of letters, digits and inner hyphens (1 to 63 characters), then a top-level label of 2+ letters. */
export const DOMAIN_RE = /^(?=.{1,255}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const STATUS_LABELS: Record<DomainStatus, string> = { approved: 'Approved', pending: 'Pending Review', blocked: 'Blocked' };

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Apex (root) domains use SPF instead of the bounce CNAME ([OAS]); this emulator treats two labels as apex. */
export function isApex(domain: string): boolean {
  return domain.split('.').length === 2;
}

/**
 * The reputation check of 3.2: names that look like abuse are blocked, throw-away top-level
 * domains wait for review, everything else is approved at once.
 */
function approval(domain: string): DomainStatus {
  if (/spam|phish|scam|malware/i.test(domain)) return 'blocked';
  if (/\.(xyz|top|click|zip)$/i.test(domain)) return 'pending';
  return 'approved';
}

export function newDomain(domain: string, now: number, status: DomainStatus = approval(domain)): SendingDomain {
  const rng = new Rng(mix32(hashString(`dkim:${domain}`)));
  return {
    domain,
    status,
    created_at: now,
    updated_at: now,
    dkim: { selector: 'scph0125', public: `MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ${randomChars(rng, 180, KEY_ALPHABET)}IDAQAB`, headers: 'from:to:subject:date' },
    tracking_domain: null,
    dns_provider: null,
    checks: null,
  };
}

function propagated(d: SendingDomain, now: number, instant: boolean): boolean {
  return instant || now - d.created_at >= DOMAIN_PROPAGATION_MS;
}

/** Runs the DNS check of 4.12 and stores its statuses on the domain; the `data` of the answer. */
export function verifyDomain(d: SendingDomain, now: number, instant: boolean): Record<string, unknown> {
  const ok = propagated(d, now, instant);
  const apex = isApex(d.domain);
  const checks: DomainChecks = ok
    ? { dkim_status: 'valid', cname_status: apex ? 'not_applicable' : 'valid', dmarc_status: 'valid', spf_status: 'valid' }
    : { dkim_status: 'unverified', cname_status: apex ? 'not_applicable' : 'unverified', dmarc_status: 'missing', spf_status: 'missing' };
  d.checks = checks;
  d.updated_at = now;
  d.dns_provider = { provider: 'cloudflare', provider_label: 'Cloudflare', nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'], error: null };
  const notFound = (what: string) => (ok ? null : `No ${what} record found (DNS changes can take up to 48 hours to propagate).`);
  const dkimRecord = `v=DKIM1; k=rsa; h=sha256; p=${d.dkim.public}`;
  const dmarcRecord = 'v=DMARC1; p=none;';
  const spfRecord = 'v=spf1 include:_spf.sparkpostmail.com ~all';
  return {
    domain: d.domain,
    ...checks,
    is_primary_domain: apex,
    ownership_verified: ok ? 'true' : 'false',
    dns: {
      dkim_record: ok ? dkimRecord : null,
      cname_record: ok && !apex ? 'sparkpostmail.com' : null,
      dmarc_record: ok ? dmarcRecord : null,
      spf_record: ok ? spfRecord : null,
      dkim_error: notFound('DKIM'),
      cname_error: apex ? null : notFound('CNAME'),
      dmarc_error: notFound('DMARC'),
      spf_error: notFound('SPF'),
    },
    dmarc: {
      is_valid: ok,
      status: checks.dmarc_status,
      found_at_domain: ok ? `_dmarc.${d.domain}` : null,
      record: ok ? dmarcRecord : null,
      policy: ok ? 'none' : null,
      subdomain_policy: ok ? 'none' : null,
      error: notFound('DMARC'),
      covered_by_parent_policy: false,
    },
    spf: {
      is_valid: ok,
      status: checks.spf_status,
      record: ok ? spfRecord : null,
      error: notFound('SPF'),
      includes_sparkpost: ok,
    },
  };
}

/** The seeded domains: the brand's apex and mail subdomain (approved, verified), one pending, one blocked. */
export function seedDomains(state: SendingState, brand: string, now: number): void {
  const b = brand.toLowerCase();
  const add = (name: string, status: DomainStatus, verified: boolean, ageDays: number) => {
    const d = newDomain(name, now - ageDays * MS_PER_DAY, status);
    if (verified) verifyDomain(d, now - (ageDays - 1) * MS_PER_DAY, true);
    d.tracking_domain = verified ? `click.${b}.example` : null;
    state.domains.set(name, d);
  };
  add(`${b}.example`, 'approved', true, 400);
  add(`mail.${b}.example`, 'approved', true, 390);
  add(`promo.${b}.example`, 'pending', false, 2);
  add(`${b}-deals.example`, 'blocked', false, 30);
}
