// Templates and projects (spec 2.8 to 2.10, 3.5): slugs, merge-tag extraction, and the seeded
// projects and templates of a team.
import type { MergeTag, Project, SendingState, Template, TemplateVersion } from '../sending-types.js';
import { MS_PER_DAY } from '../../time-units.js';

/** URL-friendly form of a name, unique within the project (docs: "generated from the name"). */
export function slugFor(state: SendingState, projectId: number, name: string): string {
  const base = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'template';
  const taken = new Set([...state.templates.values()].filter((t) => t.project_id === projectId).map((t) => t.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

const TAG_RE = /\{\{\s*([#/]?)\s*(?:each\s+)?([A-Za-z_][\w.]*)\s*(\|[^}]*)?\}\}/g;

function childType(key: string): 'text' | 'number' | 'image' | 'button' {
  if (/image|logo|photo|picture/i.test(key)) return 'image';
  if (/url|link|button/i.test(key)) return 'button';
  if (/price|amount|count|qty|quantity|total|number/i.test(key)) return 'number';
  return 'text';
}

/**
 * The merge tags of a template's content: `{{key}}` is required, `{{key|fallback}}` is not,
 * and `{{#each items}}…{{/each}}` is a loop whose children are the tags inside it.
 */
function extractMergeTags(content: string): MergeTag[] {
  const tags = new Map<string, MergeTag>();
  let loop: MergeTag | undefined;
  for (const m of content.matchAll(TAG_RE)) {
    const [, mark, rawKey, filter] = m as unknown as [string, string, string, string | undefined];
    const key = rawKey.replace(/^this\./, '');
    if (mark === '#') {
      loop = tags.get(key) ?? { key, required: true, children: [] };
      tags.set(key, loop);
      continue;
    }
    if (mark === '/') {
      loop = undefined;
      continue;
    }
    if (loop) {
      if (!loop.children?.some((c) => c.key === key)) loop.children?.push({ key, type: childType(key) });
      continue;
    }
    if (!tags.has(key)) tags.set(key, { key, required: filter === undefined });
  }
  return [...tags.values()];
}

export function makeVersion(version: number, html: string | null, json: string | null): TemplateVersion {
  return { version, html, json, merge_tags: extractMergeTags(html ?? json ?? '') };
}

export function activeVersion(t: Template): TemplateVersion | undefined {
  return t.active_version === null ? undefined : t.versions.find((v) => v.version === t.active_version);
}

const WELCOME = `<!doctype html><html><body><h1>Welcome, {{first_name|there}}!</h1>
<p>Confirm your address: <a href="{{confirmation_url}}">confirm</a>.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;
const ORDER = `<!doctype html><html><body><h1>Order {{order_number}}</h1><ul>{{#each items}}
<li><img src="{{image_url}}"> {{name}} x {{quantity}}: {{price}}</li>{{/each}}</ul>
<p>Total: {{total}}</p></body></html>`;
const RESET = `<!doctype html><html><body><p>Hello {{first_name|there}},</p>
<p><a href="{{reset_url}}">Reset your password</a> within {{expires_in}} minutes.</p></body></html>`;
const SALE = JSON.stringify({ rows: [{ columns: [{ contents: [{ type: 'text', text: 'Spring sale: {{discount}} off for {{first_name|you}}' }] }] }] });

/** Projects and templates of a team: a default project with two folders, a second project, and one with no folder. */
export function seedTemplates(state: SendingState, brand: string, now: number, firstId: number, plainSlugs: boolean): void {
  const project = (id: number, name: string, emoji: string | null, folders: number[], ageDays: number): Project => ({
    id, name, emoji, folders, created_at: now - ageDays * MS_PER_DAY, updated_at: now - (ageDays - 1) * MS_PER_DAY,
  });
  const projects = [
    project(firstId, `${brand} default project`, null, [firstId * 10 + 1, firstId * 10 + 2], 300),
    project(firstId + 1, 'Marketing', '📣', [firstId * 10 + 3], 120),
    project(firstId + 2, 'Archive (no folders)', '🗄️', [], 60),
  ];
  for (const p of projects) state.projects.set(p.id, p);
  const [main, marketing] = projects as [Project, Project];
  const seeds: Array<[string, Project, string | null, string | null, string | null]> = [
    ['Welcome email', main, `Welcome to ${brand}`, WELCOME, null],
    ['Order confirmation', main, 'Your order {{order_number}}', ORDER, null],
    ['Password reset', main, null, RESET, null],
    ['Spring sale', marketing, null, null, SALE],
    ['Unpublished draft', main, null, null, null],
  ];
  // The main team's slugs are plain; other teams' carry their brand, so no seeded slug of the
  // main team exists in another team and its banner ids answer 404 to another team's key.
  const prefix = plainSlugs ? '' : `${brand} `;
  seeds.forEach(([plain, p, subject, html, json], k) => {
    const name = prefix + plain;
    const versions = html === null && json === null ? [] : [makeVersion(1, html, json)];
    const created = now - (200 - k * 10) * MS_PER_DAY;
    const t: Template = {
      id: firstId * 100 + k + 1, name, slug: slugFor(state, p.id, name), project_id: p.id,
      folder_id: p.folders[0] as number, subject, versions, active_version: versions.length > 0 ? 1 : null,
      created_at: created, updated_at: created + MS_PER_DAY,
    };
    state.templates.set(t.id, t);
  });
  state.nextId = firstId * 100 + 50;
}

/** The team's default project: the first one (docs: created with the team, not deletable). */
function defaultProject(state: SendingState): Project | undefined {
  return state.projects.values().next().value;
}

/** The project a request names (or the default one), if it is the team's. */
export function projectOf(state: SendingState, projectId: number | null | undefined): Project | undefined {
  return projectId === null || projectId === undefined ? defaultProject(state) : state.projects.get(projectId);
}

export function findTemplate(state: SendingState, project: Project, slug: string): Template | undefined {
  for (const t of state.templates.values()) if (t.project_id === project.id && t.slug === slug) return t;
  return undefined;
}
