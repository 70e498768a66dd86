import { OPERATIONS } from '../../api/operations.js';
import { MAX_TEMPLATES_PER_PAGE, TEMPLATE_FIELDS } from '../../api/vocabulary.js';
import { command } from '../define.js';
import { pageFlags, runList } from '../runners/list.js';
import { projectFlag, TEMPLATE_COLUMNS } from './shared.js';

export default command({
  name: 'list',
  summary: 'list the templates of a project (the default project unless --project)',
  flags: { project: projectFlag, ...pageFlags('templates', { max: MAX_TEMPLATES_PER_PAGE, default: 25 }) },
  examples: ['mailctl template list', 'mailctl template list --project 2 --all --json', 'mailctl template list --fields slug,name -o csv'],
  operation: OPERATIONS.listTemplates,
  async run(opts, ctx) {
    const { listTemplates } = await import('../../api/templates.js');
    const args = [...(opts.project !== undefined ? ['--project', String(opts.project)] : []), ...(opts.perPage !== undefined ? ['--per-page', String(opts.perPage)] : [])];
    await runList(ctx, {
      command: ['template', 'list'],
      args,
      noun: 'templates',
      spec: { columns: TEMPLATE_COLUMNS, fields: TEMPLATE_FIELDS },
      operation: OPERATIONS.listTemplates,
      all: opts.all,
      limit: opts.limit,
      paging: {
        style: 'page',
        page: opts.page,
        perPage: opts.perPage,
        maxPerPage: MAX_TEMPLATES_PER_PAGE,
        idOf: (t) => String(t.id),
        fetch: async (api, page, perPage) => {
          const r = await listTemplates(api, { projectId: opts.project, page, perPage });
          return { items: r.templates, page: r.page, lastPage: r.lastPage, total: r.total };
        },
      },
    });
  },
});
