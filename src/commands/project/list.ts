import type { Project } from '../../api/sending.js';
import { OPERATIONS } from '../../api/operations.js';
import { MAX_PROJECTS_PER_PAGE, PROJECT_FIELDS } from '../../api/vocabulary.js';
import type { ListSpec } from '../../output/types.js';
import { command } from '../define.js';
import { pageFlags, runList } from '../runners/list.js';

// `project list` (service-api-rest.md 4.23): page numbers; a project's id is what
// templates and sends take as project_id.

const PROJECT_LIST: ListSpec<Project> = {
  columns: [
    { key: 'id', header: 'ID', value: (p) => p.id, whole: true },
    { key: 'name', header: 'NAME', value: (p) => (p.emoji ? `${p.emoji} ${p.name}` : p.name), maxWidth: 40, minWidth: 12 },
    { key: 'created_at', header: 'CREATED', value: (p) => p.created_at ?? null, kind: 'time', priority: 2 },
    { key: 'updated_at', header: 'UPDATED', value: (p) => p.updated_at ?? null, kind: 'time', priority: 1 },
  ],
  fields: PROJECT_FIELDS,
};

export default command({
  name: 'list',
  summary: 'list the projects of the team (templates live in projects)',
  flags: pageFlags('projects', { max: MAX_PROJECTS_PER_PAGE, default: 25 }),
  examples: ['mailctl project list', 'mailctl project list --all --json'],
  operation: OPERATIONS.listProjects,
  async run(opts, ctx) {
    const { listProjects } = await import('../../api/sending.js');
    await runList(ctx, {
      command: ['project', 'list'],
      args: opts.perPage !== undefined ? ['--per-page', String(opts.perPage)] : [],
      noun: 'projects',
      spec: PROJECT_LIST,
      operation: OPERATIONS.listProjects,
      all: opts.all,
      limit: opts.limit,
      paging: {
        style: 'page',
        page: opts.page,
        perPage: opts.perPage,
        maxPerPage: MAX_PROJECTS_PER_PAGE,
        idOf: (p) => String(p.id),
        fetch: (api, page, perPage) => listProjects(api, page, perPage),
      },
    });
  },
});
