import * as z from 'zod';
import type { ApiClient, RequestSpec } from './client.js';
import { OPERATIONS } from './operations.js';
import { parseResponse } from './response.js';

// service-api-rest.md 4.8 to 4.12: sending domains in their three views (2.5:
// list item, detail, created) and the DNS verification result (2.6). Unknown
// fields pass through; what the spec allows to be null is nullish here.

const dkimSchema = z.object({ selector: z.string(), public: z.string(), headers: z.string().nullish() }).loose();

const domainSchema = z
  .object({
    domain: z.string(),
    status: z.string(),
    status_label: z.string().nullish(),
    can_send: z.boolean().nullish(),
    cname_status: z.string().nullish(),
    dkim_status: z.string().nullish(),
    dmarc_status: z.string().nullish(),
    spf_status: z.string().nullish(),
    is_primary_domain: z.boolean().nullish(),
    tracking_domain: z.string().nullish(),
    dns: z.object({ dkim: dkimSchema.nullish() }).loose().nullish(),
    dns_provider: z.object({ provider: z.string().nullish(), provider_label: z.string().nullish(), nameservers: z.array(z.string()).nullish() }).loose().nullish(),
    dkim: dkimSchema.extend({ signing_domain: z.string().nullish() }).nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  })
  .loose();

export type Domain = z.output<typeof domainSchema>;

const verificationSchema = z
  .object({
    domain: z.string(),
    dkim_status: z.string(),
    cname_status: z.string(),
    dmarc_status: z.string(),
    spf_status: z.string(),
    is_primary_domain: z.boolean(),
    ownership_verified: z.union([z.string(), z.boolean()]).nullish(),
    dns: z.record(z.string(), z.string().nullable()).nullish(),
  })
  .loose();

export type DomainVerification = z.output<typeof verificationSchema>;

const listSchema = z.object({ data: z.object({ domains: z.array(domainSchema) }) });
const oneSchema = z.object({ data: domainSchema });
const verifySchema = z.object({ data: verificationSchema });

export async function listDomains(api: ApiClient): Promise<Domain[]> {
  const op = OPERATIONS.listDomains;
  const res = await api.request({ method: op.method, path: op.path() });
  return parseResponse(listSchema, res.body, op.name).data.domains;
}

export async function getDomain(api: ApiClient, name: string): Promise<Domain> {
  const op = OPERATIONS.showDomain;
  const res = await api.request({ method: op.method, path: op.path(name) });
  return parseResponse(oneSchema, res.body, op.name).data;
}

export function createDomainRequest(name: string): RequestSpec {
  const op = OPERATIONS.createDomain;
  return { method: op.method, path: op.path(), body: { domain: name } };
}

export async function createDomain(api: ApiClient, name: string): Promise<Domain> {
  const res = await api.request(createDomainRequest(name));
  return parseResponse(oneSchema, res.body, OPERATIONS.createDomain.name).data;
}

export function deleteDomainRequest(name: string): RequestSpec {
  const op = OPERATIONS.deleteDomain;
  return { method: op.method, path: op.path(name) };
}

/** 204, no body (4.11). */
export async function deleteDomain(api: ApiClient, name: string): Promise<void> {
  await api.request(deleteDomainRequest(name));
}

export function verifyDomainRequest(name: string): RequestSpec {
  const op = OPERATIONS.verifyDomain;
  return { method: op.method, path: op.path(name) };
}

export async function verifyDomain(api: ApiClient, name: string): Promise<DomainVerification> {
  const res = await api.request(verifyDomainRequest(name));
  return parseResponse(verifySchema, res.body, OPERATIONS.verifyDomain.name).data;
}
