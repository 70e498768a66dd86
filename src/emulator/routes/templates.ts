// Spec 4.16 to 4.23: templates (addressed by slug within a project, the team's default project
// when none is named), their merge tags and active HTML, and projects. A project of another
// team is not found. Views of 2.8: summary (list), detail (show), created, updated.
import { ApiError, answer, notFound, ok, type ApiResponse } from '../api-error.js';
import { activeVersion, findTemplate, makeVersion, projectOf, slugFor } from '../data/templates.js';
import type { Route, RouteContext } from '../router.js';
import type { Project, SendingState, Template } from '../sending-types.js';
import { isoOffset } from '../time.js';
import { FieldErrors, bodyObject, intQuery, optString } from '../validate.js';

const NONE = -1;

const summary = (t: Template) => ({
  id: t.id, name: t.name, slug: t.slug, project_id: t.project_id, folder_id: t.folder_id,
  created_at: isoOffset(t.created_at), updated_at: isoOffset(t.updated_at),
});

function detail(t: Template): Record<string, unknown> {
  const v = activeVersion(t);
  return {
    id: t.id, name: t.name, slug: t.slug, project_id: t.project_id, folder_id: t.folder_id,
    active_version: t.active_version, versions_count: t.versions.length,
    html: v?.html ?? null, json: v?.json ?? null,
    created_at: isoOffset(t.created_at), updated_at: isoOffset(t.updated_at),
  };
}

const withTags = (t: Template) => ({
  id: t.id, name: t.name, slug: t.slug, project_id: t.project_id, folder_id: t.folder_id,
  active_version: t.active_version, merge_tags: structuredClone(activeVersion(t)?.merge_tags ?? []),
  created_at: isoOffset(t.created_at),
});

/** page and per_page of 4.16 and 4.23 (default 25), read before any lookup so a bad value is a 422. */
function pageArgs(errs: FieldErrors, ctx: RouteContext): { page: number; perPage: number } {
  return {
    page: intQuery(errs, ctx.query, 'page', 1, Number.MAX_SAFE_INTEGER, 1),
    perPage: intQuery(errs, ctx.query, 'per_page', 1, 100, 25),
  };
}

function paginate<T>(items: T[], { page, perPage }: { page: number; perPage: number }): { slice: T[]; pagination: Record<string, number> } {
  return {
    slice: items.slice((page - 1) * perPage, page * perPage),
    pagination: { total: items.length, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(items.length / perPage)) },
  };
}

/** The project a request names or the default one; 404 when it is not the team's. */
function project(state: SendingState, id: number | null): Project {
  const p = projectOf(state, id === NONE ? null : id);
  if (!p) throw notFound('Project');
  return p;
}

function queryProject(errs: FieldErrors, ctx: RouteContext): number {
  return intQuery(errs, ctx.query, 'project_id', 1, Number.MAX_SAFE_INTEGER, NONE);
}

function template(ctx: RouteContext, projectId: number): Template {
  const t = findTemplate(ctx.team.sending, project(ctx.team.sending, projectId), ctx.params.slug as string);
  if (!t) throw notFound('Template');
  return t;
}

function bodyInt(errs: FieldErrors, body: Record<string, unknown>, name: string): number {
  const v = body[name];
  if (v === undefined || v === null) return NONE;
  if (typeof v !== 'number' || !Number.isInteger(v)) errs.add(name, `The ${name} field must be an integer.`);
  else if (v < 1) errs.add(name, `The ${name} field must be at least 1.`);
  else return v;
  return NONE;
}

/** html xor json, json a valid JSON document (3.5); `required`: one of them must be sent. */
function content(errs: FieldErrors, body: Record<string, unknown>, required: boolean): { html: string | null; json: string | null } | undefined {
  const html = optString(errs, body, 'html', { max: Infinity, nullable: true }) ?? null;
  const json = optString(errs, body, 'json', { max: Infinity, nullable: true }) ?? null;
  if (html !== null && json !== null) {
    errs.add('html', 'The html field must not be present when json is present.');
    errs.add('json', 'The json field must not be present when html is present.');
  } else if (json !== null) {
    try {
      JSON.parse(json);
    } catch {
      errs.add('json', 'The json field must be a valid JSON string.');
    }
  } else if (html === null && required && !errs.has('html') && !errs.has('json')) {
    errs.add('html', 'The html field is required when json is not present.');
    errs.add('json', 'The json field is required when html is not present.');
  }
  return html === null && json === null ? undefined : { html, json };
}

function listTemplates(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const projectId = queryProject(errs, ctx);
  const args = pageArgs(errs, ctx);
  errs.throwIfAny();
  const p = project(ctx.team.sending, projectId);
  const mine = [...ctx.team.sending.templates.values()].filter((t) => t.project_id === p.id);
  const { slice, pagination } = paginate(mine, args);
  return ok('Templates retrieved successfully.', { templates: slice.map(summary), pagination });
}

function createTemplate(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  if (body.name === undefined || body.name === null || body.name === '') errs.add('name', 'The name field is required.');
  const name = optString(errs, body, 'name', { max: 255, notBlank: true });
  const projectId = bodyInt(errs, body, 'project_id');
  const folderId = bodyInt(errs, body, 'folder_id');
  const c = content(errs, body, true);
  errs.throwIfAny();
  const state = ctx.team.sending;
  const p = project(state, projectId);
  if (p.folders.length === 0) throw notFound('Folder');
  if (folderId !== NONE && !p.folders.includes(folderId)) throw notFound('Folder');
  const v = makeVersion(1, c?.html ?? null, c?.json ?? null);
  const t: Template = {
    id: ++state.nextId, name: name as string, slug: slugFor(state, p.id, name as string), project_id: p.id,
    folder_id: folderId === NONE ? (p.folders[0] as number) : folderId, subject: null, versions: [v], active_version: 1,
    created_at: ctx.now, updated_at: ctx.now,
  };
  state.templates.set(t.id, t);
  return answer(201, 'Template created successfully.', withTags(t));
}

function showTemplate(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const projectId = queryProject(errs, ctx);
  errs.throwIfAny();
  return ok('Template retrieved successfully.', detail(template(ctx, projectId)));
}

function updateTemplate(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const projectId = bodyInt(errs, body, 'project_id');
  const name = optString(errs, body, 'name', { max: 255, min: 1, notBlank: true });
  const c = content(errs, body, false);
  errs.throwIfAny();
  const t = template(ctx, projectId);
  if (name) t.name = name;
  if (c) {
    const next = Math.max(0, ...t.versions.map((v) => v.version)) + 1;
    t.versions.push(makeVersion(next, c.html, c.json));
    t.active_version = next;
  }
  t.updated_at = ctx.now;
  return ok('Template updated successfully.', { ...withTags(t), updated_at: isoOffset(t.updated_at) });
}

function deleteTemplate(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const projectId = queryProject(errs, ctx);
  errs.throwIfAny();
  ctx.team.sending.templates.delete(template(ctx, projectId).id);
  return ok('Template deleted successfully.');
}

function mergeTags(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const projectId = queryProject(errs, ctx);
  const version = intQuery(errs, ctx.query, 'version', 1, Number.MAX_SAFE_INTEGER, NONE);
  errs.throwIfAny();
  const t = template(ctx, projectId);
  const v = version === NONE ? activeVersion(t) : t.versions.find((x) => x.version === version);
  if (!v) throw notFound('Template version');
  return ok('Merge tags retrieved successfully.', {
    project_id: t.project_id, template_slug: t.slug, version: v.version, merge_tags: structuredClone(v.merge_tags),
  });
}

/** A visual-editor document as HTML: its text blocks, one paragraph each. */
function htmlOfJson(json: string): string {
  const texts: string[] = [];
  JSON.stringify(JSON.parse(json), (k, v: unknown) => (k === 'text' && typeof v === 'string' && texts.push(v), v));
  return `<!doctype html><html><body>${texts.map((t) => `<p>${t}</p>`).join('')}</body></html>`;
}

const humanize = (key: string) => key.replace(/[_.]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** 4.22: its own envelope (`success`, no `message`) and 404 body `{success: false, message}`. */
function templateHtml(ctx: RouteContext): ApiResponse {
  // Spec 4.22 defines only 401 and this 404 (no 422): a missing or malformed project_id or slug
  // names no template, so it is the same `{success: false, message}` answer.
  const raw = ctx.query.project_id;
  const slug = ctx.query.slug;
  if (raw === undefined || !/^\d+$/.test(raw) || slug === undefined || slug === '' || slug.length > 255) {
    throw new ApiError(404, { success: false, message: 'Template not found: the project_id and slug query parameters are required.' });
  }
  const missing = new ApiError(404, { success: false, message: 'Template not found.' });
  const p = ctx.team.sending.projects.get(Number(raw));
  const t = p && findTemplate(ctx.team.sending, p, slug as string);
  const v = t && activeVersion(t);
  if (!t || !v) throw missing;
  return {
    status: 200,
    body: {
      success: true,
      data: {
        html: v.html ?? htmlOfJson(v.json as string),
        merge_tags: v.merge_tags.map((m) => ({ key: m.key, name: humanize(m.key), required: m.required })),
        subject: t.subject,
      },
    },
  };
}

function listProjects(ctx: RouteContext): ApiResponse {
  const errs = new FieldErrors();
  const state = ctx.team.sending;
  const args = pageArgs(errs, ctx);
  errs.throwIfAny();
  const { slice, pagination } = paginate([...state.projects.values()], args);
  return ok('Projects retrieved successfully.', {
    projects: slice.map((p) => ({
      id: p.id, name: p.name, emoji: p.emoji, team_id: state.teamId,
      created_at: isoOffset(p.created_at), updated_at: isoOffset(p.updated_at),
    })),
    pagination,
  });
}

export const templateRoutes: Route[] = [
  { method: 'GET', path: '/templates', scope: 'templates:read', handler: listTemplates },
  { method: 'POST', path: '/templates', scope: 'templates:write', sandboxBlocked: true, body: true, handler: createTemplate },
  // a literal path before /templates/:slug, which would take "html" for a slug
  { method: 'GET', path: '/templates/html', scope: 'templates:read', handler: templateHtml },
  { method: 'GET', path: '/templates/:slug', scope: 'templates:read', handler: showTemplate },
  { method: 'PUT', path: '/templates/:slug', scope: 'templates:write', sandboxBlocked: true, body: true, handler: updateTemplate },
  { method: 'DELETE', path: '/templates/:slug', scope: 'templates:write', sandboxBlocked: true, handler: deleteTemplate },
  { method: 'GET', path: '/templates/:slug/merge-tags', scope: 'templates:read', handler: mergeTags },
  { method: 'GET', path: '/projects', scope: 'projects:read', handler: listProjects },
];
