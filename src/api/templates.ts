import type { ApiClient, RequestSpec } from './client.js';
import { OPERATIONS, requestRetry } from './operations.js';
import { parseResponse } from './response.js';
import type { MergeTag, Template } from './templates-schemas.js';

// service-api-rest.md 4.16 to 4.22: templates, addressed by slug within a
// project (the team's default project when none is named), their merge tags
// and their active HTML. Views of 2.8 share one loose schema.

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./templates-schemas.js');

export type { MergeTag, Template };

const projectQuery = (projectId: number | undefined) => (projectId === undefined ? undefined : { project_id: projectId });

export interface TemplatePage {
  templates: Template[];
  page: number;
  lastPage: number;
  total: number;
}

export async function listTemplates(api: ApiClient, q: { projectId?: number; page?: number; perPage?: number }): Promise<TemplatePage> {
  const op = OPERATIONS.listTemplates;
  const query: Record<string, number> = {};
  if (q.projectId !== undefined) query.project_id = q.projectId;
  if (q.perPage !== undefined) query.per_page = q.perPage;
  if (q.page !== undefined) query.page = q.page;
  const res = await api.request({ method: op.method, path: op.path(), query, prepare: schemas });
  const { templates, pagination } = parseResponse((await schemas()).pageSchema, res.body, op.name).data;
  return { templates, page: pagination.current_page, lastPage: pagination.last_page, total: pagination.total };
}

export async function getTemplate(api: ApiClient, slug: string, projectId?: number): Promise<Template> {
  const op = OPERATIONS.showTemplate;
  const res = await api.request({ method: op.method, path: op.path(slug), query: projectQuery(projectId), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, op.name).data;
}

/** Body of POST /templates (4.17): html or json, never both. */
export interface TemplateCreate {
  name: string;
  project_id?: number;
  folder_id?: number;
  html?: string;
  json?: string;
}

export function createTemplateRequest(body: TemplateCreate): RequestSpec {
  const op = OPERATIONS.createTemplate;
  return { method: op.method, path: op.path(), body, ...requestRetry(op) };
}

export async function createTemplate(api: ApiClient, body: TemplateCreate): Promise<Template> {
  const res = await api.request({ ...createTemplateRequest(body), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, OPERATIONS.createTemplate.name).data;
}

/** Body of PUT /templates/{slug} (4.19): project_id travels here, not in the query. */
export interface TemplateUpdate {
  project_id?: number;
  name?: string;
  html?: string;
  json?: string;
}

export function updateTemplateRequest(slug: string, body: TemplateUpdate): RequestSpec {
  const op = OPERATIONS.updateTemplate;
  return { method: op.method, path: op.path(slug), body };
}

export async function updateTemplate(api: ApiClient, slug: string, body: TemplateUpdate): Promise<Template> {
  const res = await api.request({ ...updateTemplateRequest(slug, body), prepare: schemas });
  return parseResponse((await schemas()).oneSchema, res.body, OPERATIONS.updateTemplate.name).data;
}

export function deleteTemplateRequest(slug: string, projectId?: number): RequestSpec {
  const op = OPERATIONS.deleteTemplate;
  return { method: op.method, path: op.path(slug), query: projectQuery(projectId) };
}

export async function deleteTemplate(api: ApiClient, slug: string, projectId?: number): Promise<void> {
  await api.request(deleteTemplateRequest(slug, projectId));
}

export interface TagListing {
  project_id: number;
  template_slug: string;
  version: number;
  merge_tags: MergeTag[];
}

export async function templateMergeTags(api: ApiClient, slug: string, q: { projectId?: number; version?: number }): Promise<TagListing> {
  const op = OPERATIONS.templateMergeTags;
  const query: Record<string, number> = {};
  if (q.projectId !== undefined) query.project_id = q.projectId;
  if (q.version !== undefined) query.version = q.version;
  const res = await api.request({ method: op.method, path: op.path(slug), query, prepare: schemas });
  return parseResponse((await schemas()).tagsSchema, res.body, op.name).data;
}

/** 4.22: both parameters in the query, and its own envelope (`success`, no `message`). */
export async function templateHtml(api: ApiClient, slug: string, projectId: number): Promise<{ html: string; subject?: string | null }> {
  const op = OPERATIONS.templateHtml;
  const res = await api.request({ method: op.method, path: op.path(), query: { project_id: projectId, slug }, prepare: schemas });
  return parseResponse((await schemas()).htmlSchema, res.body, op.name).data;
}
