import type { Domain } from '../../api/domains.js';
import type { CheckRow, DnsRecord } from '../../api/dns-records.js';
import type { DetailSection } from '../../output/detail.js';
import type { Column } from '../../output/types.js';
import { domainName } from '../../input/resource-values.js';
import { arg } from '../define.js';

// What the domain verbs share: the NAME argument, and the columns and fields
// they print. The records themselves (what to publish, what a verification
// found) are api/dns-records.ts.

export const DOMAIN_ARGS = { name: arg('the sending domain (see `mailctl domain list`)', { parse: domainName }) };

export const RECORD_COLUMNS: Column<DnsRecord>[] = [
  { key: 'record', header: 'RECORD', value: (r) => r.record, whole: true },
  { key: 'type', header: 'TYPE', value: (r) => r.type, whole: true },
  { key: 'host', header: 'HOST', value: (r) => r.host, whole: true },
  { key: 'status', header: 'STATUS', value: (r) => r.status ?? 'not checked', kind: 'status' },
  // the value is pasted into a DNS panel: never cut
  { key: 'value', header: 'VALUE', value: (r) => r.value, whole: true },
];

export function domainFields(d: Domain): DetailSection {
  return {
    fields: [
      { key: 'domain', label: 'Domain', value: d.domain },
      { key: 'status', label: 'Status', value: d.status, kind: 'status' },
      { key: 'can_send', label: 'Can send', value: d.can_send, kind: 'bool' },
      { key: 'is_primary_domain', label: 'Root domain', value: d.is_primary_domain, kind: 'bool' },
      { key: 'tracking_domain', label: 'Tracking domain', value: d.tracking_domain },
      { key: 'dns_provider', label: 'DNS provider', value: d.dns_provider?.provider_label ?? d.dns_provider?.provider ?? null },
      { key: 'created_at', label: 'Created', value: d.created_at, kind: 'time' },
      { key: 'updated_at', label: 'Updated', value: d.updated_at, kind: 'time' },
    ],
  };
}

export const CHECK_COLUMNS: Column<CheckRow>[] = [
  { key: 'record', header: 'RECORD', value: (r) => r.record, whole: true },
  { key: 'result', header: 'RESULT', value: (r) => r.result, kind: 'status', whole: true },
  { key: 'status', header: 'STATUS', value: (r) => r.status, kind: 'status', whole: true },
  { key: 'found', header: 'FOUND', value: (r) => r.found, maxWidth: 48 },
  { key: 'error', header: 'ERROR', value: (r) => r.error, maxWidth: 60, priority: 1 },
];
