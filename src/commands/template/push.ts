import type { ApiClient } from '../../api/client.js';
import { OPERATIONS } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, ExitCode, UsageError } from '../../errors.js';
import { command, flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { refuseSandboxKey } from '../write.js';
import { metaText, readTemplateDir, type LocalTemplate } from '../../input/template-files.js';
import { SYNC_COLUMNS, SYNC_FIELDS, writeRows, type SyncRow } from './files.js';
import { projectFlag } from './shared.js';

// The other half of `template pull`: for each DIR/<slug>.html, create the
// template when the service has none, update it when its HTML differs, leave
// it alone otherwise. A template whose active version moved since the pull
// (someone else published) is reported, not overwritten, unless --force.
// After an update, DIR/<slug>.json records the new version, so the next push
// compares against it.

interface PushOptions {
  dir: string;
  project?: number;
  force: boolean;
  dryRun: boolean;
}

async function pushOne(ctx: Context, api: ApiClient, l: LocalTemplate, o: PushOptions): Promise<SyncRow> {
  const templates = await import('../../api/templates.js');
  const { writeWholeFile } = await import('../../output/whole-file.js');
  const project = l.meta?.project ?? o.project;
  let remote;
  try {
    remote = await templates.getTemplate(api, l.slug, project);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  if (!remote) {
    const name = l.meta?.name ?? l.slug;
    if (o.dryRun) return { slug: l.slug, action: 'create', version: null, reason: 'not on the service' };
    const created = await templates.createTemplate(api, { name, ...(project !== undefined ? { project_id: project } : {}), html: l.html });
    if (created.slug !== l.slug) ctx.warn(`${l.slug}: the service named the new template ${created.slug} (slugs come from the name)`);
    await writeWholeFile(l.metaPath, metaText({ name: created.name, project: created.project_id, version: created.active_version ?? 1 }));
    return { slug: l.slug, action: 'created', version: created.active_version ?? 1, reason: null };
  }
  const remoteHtml = remote.html ?? (remote.active_version ? (await templates.templateHtml(api, l.slug, remote.project_id)).html : null);
  if (remoteHtml === l.html) return { slug: l.slug, action: 'unchanged', version: remote.active_version ?? null, reason: null };
  const pulled = l.meta?.version;
  if (pulled !== undefined && remote.active_version !== pulled && !o.force) {
    return { slug: l.slug, action: 'conflict', version: remote.active_version ?? null, reason: `version ${remote.active_version} on the service, ${pulled} pulled: not overwritten (--force to push anyway)` };
  }
  if (o.dryRun) return { slug: l.slug, action: 'update', version: remote.active_version ?? null, reason: 'content changed' };
  const updated = await templates.updateTemplate(api, l.slug, { project_id: remote.project_id, html: l.html });
  await writeWholeFile(l.metaPath, metaText({ name: updated.name, project: updated.project_id, version: updated.active_version ?? null }));
  return { slug: l.slug, action: 'updated', version: updated.active_version ?? null, reason: 'content changed' };
}

export default command({
  name: 'push',
  summary: 'create or update the templates whose HTML in DIR changed (as written by template pull)',
  description: 'One row per template: created, updated, unchanged, or conflict when its active\nversion moved on the service since the pull (not overwritten unless --force).\nWith --dry-run the rows say what would be created or updated, and why.',
  flags: {
    dir: flag.string('folder of <slug>.html and <slug>.json files', { value: 'dir' }).completes('files').required(),
    project: projectFlag,
    force: flag.boolean('update templates whose version moved since the pull'),
    dryRun: dryRunFlag,
  },
  examples: ['mailctl template push --dir templates --dry-run', 'mailctl template push --dir templates', 'mailctl template push --dir templates --force --json'],
  operation: OPERATIONS.updateTemplate,
  operationNote: 'GET /templates/{slug} for each file, then POST /templates or PUT /templates/{slug} for the changed ones',
  async run(o, ctx) {
    const { checkFields } = await import('../../output/fields.js');
    checkFields(ctx.output().fields, SYNC_COLUMNS, SYNC_FIELDS);
    if (!o.dryRun) refuseSandboxKey(ctx, 'push templates', OPERATIONS.updateTemplate);
    const locals = await readTemplateDir(o.dir);
    if (locals.length === 0) throw new UsageError(`--dir: ${o.dir} has no <slug>.html file`, { hint: 'run `mailctl template pull --dir DIR` first' });
    const api = await ctx.api();
    const rows: SyncRow[] = [];
    for (const l of locals) rows.push(await pushOne(ctx, api, l, o));
    await writeRows(ctx, rows);
    if (o.dryRun) ctx.notice('dry run: nothing was sent');
    const conflicts = rows.filter((r) => r.action === 'conflict');
    if (conflicts.length > 0) {
      throw new CliError(`${conflicts.length} template${conflicts.length > 1 ? 's' : ''} changed on the service since the pull and ${conflicts.length > 1 ? 'were' : 'was'} not overwritten: ${conflicts.map((r) => r.slug).join(', ')}`, ExitCode.Failure, {
        hint: 'pull them again and redo the change, or push with --force',
      });
    }
  },
});
