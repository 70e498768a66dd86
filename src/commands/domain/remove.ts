import { OPERATIONS } from '../../api/operations.js';
import { command } from '../define.js';
import { deleteFlags, runDelete } from '../runners/delete.js';
import { DOMAIN_ARGS } from './records.js';

export default command({
  name: 'remove',
  summary: 'remove a sending domain: email from it can no longer be sent (asks on a terminal, --yes otherwise)',
  args: DOMAIN_ARGS,
  flags: { ...deleteFlags },
  examples: ['mailctl domain remove old.example.com', 'mailctl domain remove old.example.com --yes --if-exists', 'mailctl domain remove old.example.com --dry-run'],
  operation: OPERATIONS.deleteDomain,
  async run({ name, yes, ifExists, dryRun }, ctx) {
    const domains = await import('../../api/domains.js');
    await runDelete(ctx, {
      operation: OPERATIONS.deleteDomain,
      action: 'remove domains',
      command: 'domain remove',
      target: `domain ${name}`,
      id: name,
      request: domains.deleteDomainRequest(name),
      dryRun,
      yes,
      ifExists,
      loss: async (api) => {
        const d = await domains.getDomain(api, name);
        const verified = d.dkim_status === 'valid' ? ', its verified DNS setup' : '';
        return `${d.can_send ? 'an approved sender: every email from it will be refused' : `status ${d.status}`}${verified} and its DKIM key are lost`;
      },
      send: (api) => domains.deleteDomain(api, name),
    });
  },
});
