import type { ApiClient, RequestSpec } from './client.js';
import { OPERATIONS, requestRetry } from './operations.js';
import { parseResponse } from './response.js';
import type { Domain, DomainVerification } from './domains-schemas.js';

// service-api-rest.md 4.8 to 4.12: sending domains in their three views (2.5:
// list item, detail, created) and the DNS verification result (2.6). Unknown
// fields pass through; what the spec allows to be null is nullish here.

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./domains-schemas.js');

export type { Domain, DomainVerification };

export async function listDomains(api: ApiClient): Promise<Domain[]> {
  const op = OPERATIONS.listDomains;
  const res = await api.request({ method: op.method, path: op.path(), prepare: schemas });
  return parseResponse((await schemas()).listSchema, res.body, op.name).data.domains;
}

export async function getDomain(api: ApiClient, name: string): Promise<Domain> {
  const op = OPERATIONS.showDomain;
  const res = await api.request({ method: op.method, path: op.path(name), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, op.name).data;
}

export function createDomainRequest(name: string): RequestSpec {
  const op = OPERATIONS.createDomain;
  return { method: op.method, path: op.path(), body: { domain: name }, ...requestRetry(op) };
}

export async function createDomain(api: ApiClient, name: string): Promise<Domain> {
  const res = await api.request({ ...createDomainRequest(name), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, OPERATIONS.createDomain.name).data;
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
  const res = await api.request({ ...verifyDomainRequest(name), prepare: schemas });
  return parseResponse((await schemas()).verifySchema, res.body, OPERATIONS.verifyDomain.name).data;
}
