import { OPERATIONS } from '../../api/operations.js';
import type { TemplateCreate } from '../../api/templates.js';
import { TEMPLATE_FIELDS, TEMPLATE_NAME_MAX } from '../../api/vocabulary.js';
import { UsageError } from '../../errors.js';
import { text } from '../../input/values.js';
import { readContent } from '../../input/template-files.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { checkContent, contentFlags, projectFlag, templateSections } from './shared.js';

export default command({
  name: 'create',
  summary: 'create a template from custom HTML or a visual-editor JSON document, and publish it',
  flags: {
    name: flag.string('name of the template; its slug is derived from it (1 to 255 characters)', { value: 'name', parse: text(TEMPLATE_NAME_MAX) }).required(),
    ...contentFlags,
    project: projectFlag,
    folder: flag.integer('folder of the project', [1, Number.MAX_SAFE_INTEGER], 'id').defaultShown('its first folder'),
    dryRun: dryRunFlag,
  },
  examples: ['mailctl template create --name "Welcome email" --html welcome.html', 'mjml -s welcome.mjml | mailctl template create --name Welcome --html -', 'mailctl template create --name Sale --json sale.json --project 2 --dry-run'],
  operation: OPERATIONS.createTemplate,
  check(o) {
    checkContent(o);
    if (o.html === undefined && o.json === undefined) throw new UsageError('a new template needs content: give --html FILE or --json FILE (- for stdin)');
    return o;
  },
  async run(o, ctx) {
    const templates = await import('../../api/templates.js');
    const body: TemplateCreate = { name: o.name };
    if (o.project !== undefined) body.project_id = o.project;
    if (o.folder !== undefined) body.folder_id = o.folder;
    if (o.html !== undefined) body.html = await readContent(ctx, '--html', o.html);
    if (o.json !== undefined) body.json = await readContent(ctx, '--json', o.json);
    const created = await runWrite(ctx, {
      operation: OPERATIONS.createTemplate,
      action: 'create templates',
      request: templates.createTemplateRequest(body),
      dryRun: o.dryRun,
      fields: TEMPLATE_FIELDS,
      send: (api) => templates.createTemplate(api, body),
      sections: templateSections,
    });
    if (created) ctx.notice(`created template ${created.slug} (version ${created.active_version ?? 1})`);
  },
});
