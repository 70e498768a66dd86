import { OPERATIONS } from '../../api/operations.js';
import { arg, command, flag } from '../define.js';
import { ApiError, CliError, ExitCode } from '../../errors.js';
import { commandLine } from '../../output/command-line.js';
import { globalArgs } from '../command-line.js';
import { fileSafe, metaText, slugValue, unpushedChange } from '../../input/template-files.js';
import { SYNC_COLUMNS, SYNC_FIELDS, writeRows, type SyncRow } from './files.js';
import { projectFlag } from './shared.js';

export default command({
  name: 'pull',
  summary: 'write templates as files: DIR/<slug>.html (active HTML) and DIR/<slug>.json (name, project, version)',
  description: 'Without SLUG, every template of the project. Files are replaced whole; `template\npush --dir DIR` sends back what changed.',
  args: { slugs: arg('slugs of the templates (default: every template of the project)', { parse: slugValue }).optional().variadic() },
  flags: {
    dir: flag.string('folder to write into (created when missing)', { value: 'dir' }).completes('files').required(),
    project: projectFlag,
  },
  examples: ['mailctl template pull --dir templates', 'mailctl template pull welcome-email password-reset --dir templates', 'mailctl template pull --project 2 --dir marketing --json'],
  operation: OPERATIONS.showTemplate,
  operationNote: `${OPERATIONS.listTemplates.name} (without SLUG) and ${OPERATIONS.templateHtml.name} for templates kept as visual-editor JSON`,
  moreOperations: [OPERATIONS.listTemplates, OPERATIONS.templateHtml],
  async run({ slugs, dir, project }, ctx) {
    const templates = await import('../../api/templates.js');
    const [{ checkRunFiles, writeWholeFile }, { ownFiles }] = await Promise.all([import('../../output/whole-file.js'), import('../../config/paths.js')]);
    const { mkdir } = await import('node:fs/promises');
    const { join } = await import('node:path');
    ctx.output({ columns: SYNC_COLUMNS, fields: SYNC_FIELDS });
    const api = await ctx.api();
    let names = slugs;
    if (names.length === 0) {
      names = [];
      for (let page = 1, last = 1; page <= last; page++) {
        const r = await templates.listTemplates(api, { projectId: project, page, perPage: 100 });
        names.push(...r.templates.map((t) => t.slug));
        last = r.lastPage;
      }
    }
    await mkdir(dir, { recursive: true });
    const rows: SyncRow[] = [];
    for (const [i, slug] of names.entries()) {
      try {
        await pullOne(slug);
      } catch (error) {
        // the files already written stay: their rows, what was not pulled, and that a re-run finishes
        if (rows.length > 0) {
          await writeRows(ctx, rows);
          ctx.io.stderr.write(
            `${slug}: failed, not pulled${i + 1 < names.length ? `; not pulled either: ${names.slice(i + 1).join(', ')}` : ''}\n` +
              `${rows.length} of ${names.length} templates done (their rows are on stdout); re-running is safe:\n  ${commandLine(['template', 'pull'], [...slugs, '--dir', dir, ...(project !== undefined ? ['--project', String(project)] : []), ...globalArgs(ctx.globals)])}\n`,
          );
        }
        throw error;
      }
    }
    async function pullOne(slug: string): Promise<void> {
      if (!fileSafe(slug)) {
        ctx.warn(`skipped template "${slug}": its slug cannot be a file name`);
        return;
      }
      const t = await templates.getTemplate(api, slug, project).catch((e: unknown) => {
        throw e instanceof ApiError && e.status === 404 ? e.withHint(`no template ${slug} in ${project === undefined ? 'the default project (--project names another)' : `project ${project}`}`) : e;
      });
      if (t.active_version === null || t.active_version === undefined) {
        rows.push({ slug, action: 'skipped', version: null, reason: 'no active version' });
        return;
      }
      const html = t.html ?? (await templates.templateHtml(api, slug, t.project_id)).html;
      const htmlPath = join(dir, `${slug}.html`);
      const metaPath = join(dir, `${slug}.json`);
      await checkRunFiles({ inputs: [], outputs: [{ flag: '--dir', path: htmlPath }, { flag: '--dir', path: metaPath }], own: ownFiles(ctx.io.env) });
      // a file being edited for `template push` is an input, not something to write over
      const kept = await unpushedChange(htmlPath, metaPath, { html, version: t.active_version });
      if (kept !== undefined) {
        rows.push({ slug, action: 'kept', version: t.active_version, reason: kept });
        return;
      }
      await writeWholeFile(htmlPath, html);
      await writeWholeFile(metaPath, metaText({ name: t.name, project: t.project_id, version: t.active_version }));
      rows.push({ slug, action: 'pulled', version: t.active_version, reason: null });
    }
    await writeRows(ctx, rows);
    const kept = rows.filter((r) => r.action === 'kept');
    if (kept.length > 0) {
      throw new CliError(`${kept.length} template file${kept.length > 1 ? 's hold' : ' holds'} changes not pushed and ${kept.length > 1 ? 'were' : 'was'} not overwritten: ${kept.map((r) => r.slug).join(', ')}`, ExitCode.Failure, {
        hint: `push them first (${commandLine(['template', 'push'], ['--dir', dir])}), or move the files away to pull them again`,
      });
    }
  },
});
