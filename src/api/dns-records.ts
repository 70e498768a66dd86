import type { Domain, DomainVerification } from './domains.js';
import { DNS_PASSING } from './vocabulary.js';
import { MS_PER_MINUTE } from '../time-units.js';

// The DNS records a sending domain needs (service-api-rest.md 2.7), as rows and
// as zone-file lines, and the rows of a verification (2.6).

export type RecordName = 'SPF' | 'DKIM' | 'DMARC' | 'CNAME';

export interface DnsRecord {
  record: RecordName;
  type: 'TXT' | 'CNAME';
  /** Fully qualified, without the trailing dot. */
  host: string;
  value: string;
  status: string | null;
}

const SPF_VALUE = 'v=spf1 include:_spf.sparkpostmail.com ~all';
// the docs recommend starting with p=none and tightening once reports look right
const DMARC_VALUE = 'v=DMARC1; p=none;';
const BOUNCE_TARGET = 'sparkpostmail.com';

/** Root domains need SPF, subdomains the bounce CNAME (2.7); the detail view says which it is. */
function isApex(d: Domain): boolean {
  return d.is_primary_domain ?? d.domain.split('.').length === 2;
}

/** The records to publish, in the order a zone file lists them. */
export function dnsRecords(d: Domain): DnsRecord[] {
  const dkim = d.dns?.dkim ?? d.dkim;
  const rows: DnsRecord[] = [];
  if (isApex(d)) rows.push({ record: 'SPF', type: 'TXT', host: d.domain, value: SPF_VALUE, status: d.spf_status ?? null });
  else rows.push({ record: 'CNAME', type: 'CNAME', host: d.domain, value: BOUNCE_TARGET, status: d.cname_status ?? null });
  if (dkim) {
    rows.push({ record: 'DKIM', type: 'TXT', host: `${dkim.selector}._domainkey.${d.domain}`, value: `v=DKIM1; k=rsa; h=sha256; p=${dkim.public}`, status: d.dkim_status ?? null });
  }
  rows.push({ record: 'DMARC', type: 'TXT', host: `_dmarc.${d.domain}`, value: DMARC_VALUE, status: d.dmarc_status ?? null });
  return rows;
}

/** A TXT value as zone-file strings: DNS caps one string at 255 bytes, so a long DKIM key is split. */
function txtStrings(value: string): string {
  const parts: string[] = [];
  for (let i = 0; i < value.length; i += 255) parts.push(`"${value.slice(i, i + 255).replace(/["\\]/g, '\\$&')}"`);
  return parts.join(' ');
}

/** One line per record, ready to paste into a zone file. */
export function zoneLines(records: readonly DnsRecord[]): string {
  return records.map((r) => `${r.host}.\t3600\tIN\t${r.type}\t${r.type === 'TXT' ? txtStrings(r.value) : `${r.value}.`}`).join('\n') + '\n';
}

export interface CheckRow {
  record: RecordName;
  status: string;
  /** pass, fail, or `not needed` (a record of the other kind of domain that is not there). */
  result: 'pass' | 'fail' | 'not needed';
  found: string | null;
  error: string | null;
}

const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** One row per record of the verification; SPF counts for root domains, the CNAME for subdomains (2.7). */
export function checkRows(v: DomainVerification): CheckRow[] {
  const dns = v.dns ?? {};
  const needed: Record<RecordName, boolean> = { SPF: v.is_primary_domain, DKIM: true, DMARC: true, CNAME: !v.is_primary_domain };
  const statuses: Array<[RecordName, string, string]> = [
    ['SPF', v.spf_status, 'spf'],
    ['DKIM', v.dkim_status, 'dkim'],
    ['DMARC', v.dmarc_status, 'dmarc'],
    ['CNAME', v.cname_status, 'cname'],
  ];
  return statuses.map(([record, status, key]) => {
    const passing = (DNS_PASSING as readonly string[]).includes(status);
    return {
      record,
      status,
      result: passing ? 'pass' : needed[record] ? 'fail' : 'not needed',
      found: textOrNull((dns as Record<string, unknown>)[`${key}_record`]),
      error: textOrNull((dns as Record<string, unknown>)[`${key}_error`]),
    };
  });
}

const FIRST_PAUSE_MS = 5_000;
const MAX_PAUSE_MS = MS_PER_MINUTE;

export function failing(rows: readonly CheckRow[]): CheckRow[] {
  return rows.filter((r) => r.result === 'fail');
}

/** What waiting needs of the run (a Context has it): the clock, a pause that ends on Ctrl-C, the run's signal and stderr notices. */
export interface WaitRun {
  now(): number;
  sleep(ms: number): Promise<void>;
  notice(message: string): void;
  signal: AbortSignal;
}

/**
 * `domain verify --wait`: re-checks with a growing pause (DNS changes take minutes to hours
 * to propagate) until every record the domain needs passes or the time is up.
 */
export async function waitForRecords(ctx: WaitRun, check: () => Promise<DomainVerification>, waitMs: number): Promise<CheckRow[]> {
  const deadline = ctx.now() + waitMs;
  let pause = FIRST_PAUSE_MS;
  let last: CheckRow[] | undefined;
  for (;;) {
    let rows: CheckRow[];
    try {
      rows = checkRows(await check());
    } catch (error) {
      // Ctrl-C or SIGTERM during a re-check (or its retry's pause) ends the wait with the check before it
      if (last && ctx.signal.aborted) return last;
      throw error;
    }
    last = rows;
    const bad = failing(rows);
    const left = deadline - ctx.now();
    if (bad.length === 0 || left <= 0) return rows;
    const next = Math.min(pause, left);
    ctx.notice(`${bad.map((r) => r.record).join(', ')} not passing yet: checking again in ${Math.ceil(next / 1000)}s`);
    // Ctrl-C or SIGTERM in the pause ends the wait with the last check, which the caller prints before it exits 130/143
    if (!(await ctx.sleep(next).then(() => true, () => false))) return rows;
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}
