import { ApiError } from '../errors.js';
import type { ApiClient } from './client.js';
import { createTemplate, getTemplate, templateHtml, updateTemplate } from './templates.js';

// `template push`, one template: create it when the service has none, update it when its HTML
// differs, leave it alone otherwise. A template whose active version moved since the pull
// (someone else published) is reported, not overwritten, unless `force`. The caller writes
// `meta` (the new name, project and version) to DIR/<slug>.json after a write.

export interface LocalPush {
  slug: string;
  html: string;
  /** what DIR/<slug>.json recorded at the pull (slug: the service's, when a push created it under another) */
  meta?: { name: string; version: number | null; slug?: string };
  /** the project to look in and create in: the file's, else --project */
  project?: number;
}

export interface Pushed {
  /** created, updated, unchanged, conflict; with dryRun: create, update */
  row: { slug: string; action: string; version: number | null; reason: string | null };
  meta?: { name: string; project: number; version: number | null; slug?: string };
  /** the slug the service gave a created template, when it is not the file's */
  renamed?: string;
}

/** `o.writing` is called as the write (create or update) is sent: from then on, a failure may come after the service applied it. */
export async function pushTemplate(api: ApiClient, l: LocalPush, o: { force: boolean; dryRun: boolean; writing?: () => void }): Promise<Pushed> {
  const project = l.project;
  // the template's slug on the service: the file's, unless a push created it under another
  const slug = l.meta?.slug ?? l.slug;
  const kept = slug !== l.slug ? { slug } : {};
  let remote;
  try {
    remote = await getTemplate(api, slug, project);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  if (!remote) {
    const name = l.meta?.name ?? l.slug;
    if (o.dryRun) return { row: { slug: l.slug, action: 'create', version: null, reason: 'not on the service' } };
    o.writing?.();
    const created = await createTemplate(api, { name, ...(project !== undefined ? { project_id: project } : {}), html: l.html });
    return {
      row: { slug: l.slug, action: 'created', version: created.active_version ?? 1, reason: null },
      meta: { name: created.name, project: created.project_id, version: created.active_version ?? 1, ...(created.slug !== l.slug ? { slug: created.slug } : {}) },
      ...(created.slug !== l.slug ? { renamed: created.slug } : {}),
    };
  }
  const remoteHtml = remote.html ?? (remote.active_version ? (await templateHtml(api, slug, remote.project_id)).html : null);
  if (remoteHtml === l.html) {
    const row = { slug: l.slug, action: 'unchanged', version: remote.active_version ?? null, reason: null };
    // A write whose answer was lost (or whose DIR/<slug>.json could not be saved) left the file at
    // the version before it: record the service's, or the next edit is taken for a conflict.
    const stale = !o.dryRun && l.meta !== undefined && l.meta.version !== (remote.active_version ?? null);
    return stale ? { row, meta: { name: remote.name, project: remote.project_id, version: remote.active_version ?? null, ...kept } } : { row };
  }
  const pulled = l.meta?.version;
  if (pulled !== undefined && remote.active_version !== pulled && !o.force) {
    return { row: { slug: l.slug, action: 'conflict', version: remote.active_version ?? null, reason: `version ${remote.active_version} on the service, ${pulled} pulled: not overwritten (--force to push anyway)` } };
  }
  // A template kept as visual-editor JSON gets a custom-HTML version: said, as its design is not carried over.
  const reason = typeof remote.json === 'string' ? 'content changed; its visual-editor design is replaced by this HTML' : 'content changed';
  if (o.dryRun) return { row: { slug: l.slug, action: 'update', version: remote.active_version ?? null, reason } };
  o.writing?.();
  const updated = await updateTemplate(api, slug, { project_id: remote.project_id, html: l.html });
  return {
    row: { slug: l.slug, action: 'updated', version: updated.active_version ?? null, reason },
    meta: { name: updated.name, project: updated.project_id, version: updated.active_version ?? null, ...kept },
  };
}
