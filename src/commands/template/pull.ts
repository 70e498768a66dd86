import { OPERATIONS } from '../../api/operations.js';
import { arg, command, flag } from '../define.js';
import { fileSafe, metaText } from '../../input/template-files.js';
import { SYNC_COLUMNS, SYNC_FIELDS, writeRows, type SyncRow } from './files.js';
import { projectFlag } from './shared.js';

export default command({
  name: 'pull',
  summary: 'write templates as files: DIR/<slug>.html (active HTML) and DIR/<slug>.json (name, project, version)',
  description: 'Without SLUG, every template of the project. Files are replaced whole; `template\npush --dir DIR` sends back what changed.',
  args: { slugs: arg('slugs of the templates (default: every template of the project)').optional().variadic() },
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
    const { checkFields } = await import('../../output/fields.js');
    const { checkRunFiles, writeWholeFile } = await import('../../output/whole-file.js');
    const { mkdir } = await import('node:fs/promises');
    const { join } = await import('node:path');
    checkFields(ctx.output().fields, SYNC_COLUMNS, SYNC_FIELDS);
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
    for (const slug of names) {
      if (!fileSafe(slug)) {
        ctx.warn(`skipped template "${slug}": its slug cannot be a file name`);
        continue;
      }
      const t = await templates.getTemplate(api, slug, project);
      if (t.active_version === null || t.active_version === undefined) {
        rows.push({ slug, action: 'skipped', version: null, reason: 'no active version' });
        continue;
      }
      const html = t.html ?? (await templates.templateHtml(api, slug, t.project_id)).html;
      const htmlPath = join(dir, `${slug}.html`);
      const metaPath = join(dir, `${slug}.json`);
      await checkRunFiles({ inputs: [], outputs: [{ flag: '--dir', path: htmlPath }, { flag: '--dir', path: metaPath }] });
      await writeWholeFile(htmlPath, html);
      await writeWholeFile(metaPath, metaText({ name: t.name, project: t.project_id, version: t.active_version }));
      rows.push({ slug, action: 'pulled', version: t.active_version, reason: null });
    }
    await writeRows(ctx, rows);
  },
});
