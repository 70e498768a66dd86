import { ApiError, UsageError } from '../errors.js';
import type { ApiClient, RequestSpec } from './client.js';
import type { EmailDetail } from './emails-schemas.js';
import { OPERATIONS, requestRetry } from './operations.js';
import { parseResponse } from './response.js';
import type { SendResult, SentEmail, Project } from './sending-schemas.js';

// service-api-rest.md 4.3 to 4.7 (send, schedule, list sent, show and cancel a scheduled
// email), 4.21 (the merge tags a send with a template needs) and 4.23 (projects).
//
// A send is never repeated by the transport unless the answer proves nothing was
// accepted (RequestSpec.retry 'unapplied-only'): the API has no idempotency key
// (section 8), so a second attempt after a lost answer could deliver the email twice.

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./sending-schemas.js');

export type { SendResult, SentEmail, Project };

/** The body of POST /emails (4.3); POST /emails/scheduled adds `scheduled_at` (4.5). */
export interface SendBody {
  from: string;
  from_name?: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  reply_to?: string;
  reply_to_name?: string;
  subject?: string;
  html?: string;
  text?: string;
  amp_html?: string;
  template_slug?: string;
  template_version?: number;
  project_id?: number;
  tag?: string;
  metadata?: Record<string, string>;
  headers?: Record<string, string>;
  substitution_data?: Record<string, string>;
  options?: { open_tracking?: boolean; click_tracking?: boolean; transactional?: boolean; inline_css?: boolean; perform_substitutions?: boolean };
  attachments?: { name: string; type: string; data: string }[];
  scheduled_at?: string;
}

export interface SendAnswer {
  result: SendResult;
  headers: Record<string, string | string[] | undefined>;
}

export function sendRequest(body: SendBody): RequestSpec {
  const op = body.scheduled_at === undefined ? OPERATIONS.sendEmail : OPERATIONS.scheduleEmail;
  return { method: op.method, path: op.path(), body, ...requestRetry(op) };
}

/** POST /emails, or POST /emails/scheduled when the body has `scheduled_at`. */
export async function sendEmail(api: ApiClient, body: SendBody): Promise<SendAnswer> {
  const spec = sendRequest(body);
  const res = await api.request({ ...spec, prepare: schemas });
  return { result: parseResponse((await schemas()).sendResultSchema, res.body, `${spec.method} ${spec.path}`).data, headers: res.headers };
}

// ---- GET /templates/{slug}/merge-tags (4.21) ---------------------------------------------------

type TemplateRef = Pick<SendBody, 'template_version' | 'project_id'> & { template_slug: string };

/** The keys a send with this template needs, and the optional ones: of the version and project the send names. */
async function templateMergeTags(api: ApiClient, send: TemplateRef): Promise<{ key: string; required: boolean }[]> {
  const query = { project_id: send.project_id, version: send.template_version };
  const res = await api.request({ method: 'GET', path: `/templates/${encodeURIComponent(send.template_slug)}/merge-tags`, query, prepare: schemas });
  return parseResponse((await schemas()).mergeTagsSchema, res.body, 'GET /templates/{slug}/merge-tags').data.merge_tags;
}

/**
 * With --template: every required merge tag has a --var, read from the template before
 * sending (else a usage error, nothing sent); the answer warns of --var keys the template
 * does not have.
 */
export async function checkMergeTags(api: ApiClient, send: TemplateRef, vars: Record<string, string>): Promise<string | undefined> {
  const slug = send.template_slug;
  let tags: Awaited<ReturnType<typeof templateMergeTags>>;
  try {
    tags = await templateMergeTags(api, send);
  } catch (error) {
    // A Sending Only key (spec 5.2: emails:send alone) may send a template it cannot read: it is
    // sent unchecked, with a word, rather than not at all.
    if (!(error instanceof ApiError && error.status === 403 && error.code === 'insufficient_scope')) throw error;
    return `cannot check the merge tags of template ${slug}: the API key lacks templates:read; sending without the check`;
  }
  const missing = tags.filter((t) => t.required && !Object.hasOwn(vars, t.key)).map((t) => t.key);
  if (missing.length) {
    throw new UsageError(`--var: template ${slug} needs ${missing.join(', ')}: add ${missing.map((k) => `--var ${k}=VALUE`).join(' ')} (nothing was sent)`);
  }
  const known = new Set(tags.map((t) => t.key));
  const unknown = Object.keys(vars).filter((k) => !known.has(k));
  return unknown.length ? `template ${slug} has no merge tag ${unknown.join(', ')}: ${unknown.length === 1 ? 'that value is' : 'those values are'} sent but unused` : undefined;
}

// ---- GET /emails (4.4) -------------------------------------------------------------------------

export interface SentEmailsQuery {
  recipients?: string;
  from?: string;
  to?: string;
  per_page?: number;
  cursor?: string;
}

export async function listSentEmails(api: ApiClient, query: SentEmailsQuery): Promise<{ items: SentEmail[]; nextCursor: string | null; total?: number }> {
  const op = OPERATIONS.listSentEmails;
  const res = await api.request({ method: op.method, path: op.path(), query: { ...query }, prepare: schemas });
  const page = parseResponse((await schemas()).sentPageSchema, res.body, op.name).data.events;
  const next = page.pagination.next_cursor;
  return { items: page.data as SentEmail[], nextCursor: next === '' || next === undefined ? null : next, total: page.total_count ?? undefined };
}

// ---- GET / DELETE /emails/scheduled/{id} (4.6, 4.7) ---------------------------------------------

export async function getScheduledEmail(api: ApiClient, id: string): Promise<EmailDetail> {
  const op = OPERATIONS.showScheduledEmail;
  const res = await api.request({ method: op.method, path: op.path(id), prepare: schemas });
  return parseResponse((await schemas()).scheduledSchema, res.body, op.name).data;
}

export function cancelRequest(id: string): RequestSpec {
  const op = OPERATIONS.cancelScheduledEmail;
  return { method: op.method, path: op.path(id) };
}

export async function cancelScheduledEmail(api: ApiClient, id: string): Promise<string | undefined> {
  const res = await api.request(cancelRequest(id));
  const body = res.body as { message?: unknown };
  return typeof body.message === 'string' ? body.message : undefined;
}

// ---- GET /projects (4.23) ------------------------------------------------------------------------

export async function listProjects(api: ApiClient, page: number | undefined, perPage: number | undefined) {
  const op = OPERATIONS.listProjects;
  const res = await api.request({ method: op.method, path: op.path(), query: { page, per_page: perPage }, prepare: schemas });
  const { projects, pagination } = parseResponse((await schemas()).projectsSchema, res.body, op.name).data;
  return { items: projects, page: pagination.current_page, lastPage: pagination.last_page, total: pagination.total ?? undefined };
}

/** The one refusal of a cancel that --if-scheduled makes a no-op (4.7: sent, unknown and already cancelled alike). */
export function isNotScheduled(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'schedule_cancellation_failed';
}
