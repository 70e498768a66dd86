import { OPERATIONS } from '../../api/operations.js';
import { command } from '../define.js';
import { deleteFlags, runDelete } from '../runners/delete.js';
import { projectFlag, SLUG_ARGS } from './shared.js';

export default command({
  name: 'delete',
  summary: 'delete a template and every version of it; later sends naming it fail (asks on a terminal, --yes otherwise)',
  args: SLUG_ARGS,
  flags: { project: projectFlag, ...deleteFlags },
  examples: ['mailctl template delete old-promo', 'mailctl template delete old-promo --yes --if-exists', 'mailctl template delete spring-sale --project 2 --dry-run'],
  operation: OPERATIONS.deleteTemplate,
  async run({ slug, project, yes, ifExists, dryRun }, ctx) {
    const templates = await import('../../api/templates.js');
    await runDelete(ctx, {
      operation: OPERATIONS.deleteTemplate,
      action: 'delete templates',
      command: 'template delete',
      target: `template ${slug}`,
      id: slug,
      request: templates.deleteTemplateRequest(slug, project),
      dryRun,
      yes,
      ifExists,
      loss: async (api) => {
        const t = await templates.getTemplate(api, slug, project);
        const n = t.versions_count ?? 0;
        const versions = n === 0 ? 'it has no version' : n === 1 ? 'its only version' : `all ${n} versions (1 to ${n})`;
        return `"${t.name}": ${versions}${t.active_version ? `, active version ${t.active_version}` : ''}, are lost`;
      },
      send: (api) => templates.deleteTemplate(api, slug, project),
    });
  },
});
