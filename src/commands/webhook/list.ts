import { OPERATIONS } from '../../api/operations.js';
import { WEBHOOK_FIELDS } from '../../api/vocabulary.js';
import { command } from '../define.js';
import { runList, wholeFlags } from '../runners/list.js';
import { WEBHOOK_COLUMNS } from './columns.js';

export default command({
  name: 'list',
  summary: 'list the webhooks of the team with their state and last delivery',
  examples: ['mailctl webhook list', 'mailctl webhook list --json', 'mailctl webhook list --fields id,name,last_status -o csv'],
  flags: wholeFlags('webhooks'),
  operation: OPERATIONS.listWebhooks,
  async run(opts, ctx) {
    const { listWebhooks } = await import('../../api/webhooks.js');
    await runList(ctx, {
      command: ['webhook', 'list'],
      noun: 'webhooks',
      spec: { columns: WEBHOOK_COLUMNS, fields: WEBHOOK_FIELDS },
      operation: OPERATIONS.listWebhooks,
      all: opts.all,
      limit: opts.limit,
      paging: { style: 'whole', fetch: listWebhooks },
    });
  },
});
