import { OPERATIONS } from '../../api/operations.js';
import type { TemplateUpdate } from '../../api/templates.js';
import { TEMPLATE_FIELDS, TEMPLATE_NAME_MAX } from '../../api/vocabulary.js';
import { UsageError } from '../../errors.js';
import { text } from '../../input/values.js';
import { readContent } from '../../input/template-files.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { checkContent, contentFlags, projectFlag, SLUG_ARGS, templateSections } from './shared.js';

export default command({
  name: 'update',
  summary: 'rename a template or give it new content (a new active version)',
  args: SLUG_ARGS,
  flags: {
    name: flag.string('new name (1 to 255 characters); the slug stays', { value: 'name', parse: text(TEMPLATE_NAME_MAX) }),
    ...contentFlags,
    project: projectFlag,
    dryRun: dryRunFlag,
  },
  examples: ['mailctl template update welcome-email --html welcome.html', 'mailctl template update welcome-email --name "Welcome (2027)" --dry-run', 'mailctl template update spring-sale --project 2 --json sale.json'],
  operation: OPERATIONS.updateTemplate,
  check(o) {
    checkContent(o);
    if (o.name === undefined && o.html === undefined && o.json === undefined) throw new UsageError('nothing to update: give at least one of --name, --html, --json');
    return o;
  },
  async run(o, ctx) {
    const templates = await import('../../api/templates.js');
    const body: TemplateUpdate = {};
    if (o.project !== undefined) body.project_id = o.project;
    if (o.name !== undefined) body.name = o.name;
    if (o.html !== undefined) body.html = await readContent(ctx, '--html', o.html);
    if (o.json !== undefined) body.json = await readContent(ctx, '--json', o.json);
    const updated = await runWrite(ctx, {
      operation: OPERATIONS.updateTemplate,
      action: 'update templates',
      request: templates.updateTemplateRequest(o.slug, body),
      dryRun: o.dryRun,
      fields: TEMPLATE_FIELDS,
      send: (api) => templates.updateTemplate(api, o.slug, body),
      sections: templateSections,
    });
    if (updated) ctx.notice(`updated template ${updated.slug}${body.html !== undefined || body.json !== undefined ? ` (now version ${updated.active_version})` : ''}`);
  },
});
