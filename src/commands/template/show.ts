import { OPERATIONS } from '../../api/operations.js';
import { TEMPLATE_FIELDS } from '../../api/vocabulary.js';
import { command, flag } from '../define.js';
import { runShow } from '../runners/show.js';
import { projectFlag, SLUG_ARGS, templateSections } from './shared.js';

export default command({
  name: 'show',
  summary: 'show a template; --html prints its active HTML only',
  description: 'GET /templates/html needs the project: without --project it is read from the\ntemplate first (one more request).',
  args: SLUG_ARGS,
  flags: {
    project: projectFlag,
    html: flag.boolean('print the HTML of the active version only (GET /templates/html), ready to save'),
  },
  examples: ['mailctl template show welcome-email', 'mailctl template show welcome-email --html > welcome.html', 'mailctl template show spring-sale --project 2 --json'],
  operation: OPERATIONS.showTemplate,
  operationNote: `with --html: ${OPERATIONS.templateHtml.name}`,
  moreOperations: [OPERATIONS.templateHtml],
  async run({ slug, project, html }, ctx) {
    const templates = await import('../../api/templates.js');
    if (!html) {
      await runShow(ctx, { fields: TEMPLATE_FIELDS, fetch: (api) => templates.getTemplate(api, slug, project), sections: templateSections });
      return;
    }
    const api = await ctx.api();
    const projectId = project ?? (await templates.getTemplate(api, slug)).project_id;
    const { html: text } = await templates.templateHtml(api, slug, projectId);
    await ctx.output().write(text.endsWith('\n') ? text : `${text}\n`);
  },
});
