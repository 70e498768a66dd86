import type { Template } from '../../api/templates.js';
import { UsageError } from '../../errors.js';
import type { DetailSection } from '../../output/detail.js';
import type { Column } from '../../output/types.js';
import { templateSlugArg } from '../../input/resource-values.js';
import { arg, flag } from '../define.js';

// What the template verbs share: the SLUG argument, --project, the content
// flags (--html FILE|- or --json FILE|-, read by src/input/template-files.ts) and how a template is printed.

export const SLUG_ARGS = { slug: arg('slug of the template (see `mailctl template list`)', { parse: templateSlugArg }) };

export const projectFlag = flag.integer('project that holds the template', [1, Number.MAX_SAFE_INTEGER], 'id').defaultShown("the team's default project");

export const contentFlags = {
  html: flag.string('custom HTML from this file, or - for stdin', { value: 'file' }).completes('files').readsText(),
  json: flag.string('visual-editor JSON document from this file, or - for stdin', { value: 'file' }).completes('files').readsText(),
};

export function checkContent(o: { html?: string; json?: string }): void {
  if (o.html !== undefined && o.json !== undefined) throw new UsageError('--html and --json cannot be used together: a version is custom HTML or a visual-editor document');
}

export const TEMPLATE_COLUMNS: Column<Template>[] = [
  // the slug is what the other template commands take: never cut
  { key: 'slug', header: 'SLUG', value: (t) => t.slug, whole: true },
  { key: 'name', header: 'NAME', value: (t) => t.name, maxWidth: 40, minWidth: 16 },
  { key: 'id', header: 'ID', value: (t) => t.id, kind: 'number', priority: 2 },
  { key: 'project_id', header: 'PROJECT', value: (t) => t.project_id, kind: 'number', priority: 3 },
  { key: 'folder_id', header: 'FOLDER', value: (t) => t.folder_id, kind: 'number', priority: 1 },
  { key: 'updated_at', header: 'UPDATED', value: (t) => t.updated_at ?? t.created_at, kind: 'reltime', priority: 4 },
];

export function templateSections(t: Template): DetailSection[] {
  const fields = [
    { key: 'slug', label: 'Slug', value: t.slug },
    { key: 'name', label: 'Name', value: t.name },
    { key: 'id', label: 'ID', value: t.id },
    { key: 'project_id', label: 'Project', value: t.project_id },
    { key: 'folder_id', label: 'Folder', value: t.folder_id },
    { key: 'active_version', label: 'Active version', value: t.active_version },
  ];
  if (t.versions_count !== undefined) fields.push({ key: 'versions_count', label: 'Versions', value: t.versions_count });
  if (t.merge_tags) fields.push({ key: 'merge_tags', label: 'Merge tags', value: t.merge_tags.map((m) => m.key).join(',') });
  return [
    {
      fields: [
        ...fields,
        { key: 'created_at', label: 'Created', value: t.created_at, kind: 'time' as const },
        ...(t.updated_at !== undefined ? [{ key: 'updated_at', label: 'Updated', value: t.updated_at, kind: 'time' as const }] : []),
      ],
    },
  ];
}
