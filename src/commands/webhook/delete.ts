import { OPERATIONS } from '../../api/operations.js';
import { command } from '../define.js';
import { deleteFlags, runDelete } from '../runners/delete.js';
import { WEBHOOK_ID_ARGS } from './options.js';

export default command({
  name: 'delete',
  summary: 'delete a webhook: it stops receiving events (asks on a terminal, --yes otherwise)',
  description: 'Events that occur while no webhook exists are never delivered: to pause deliveries,\n`mailctl webhook set ID --disable` keeps the webhook.',
  args: WEBHOOK_ID_ARGS,
  flags: { ...deleteFlags },
  examples: ['mailctl webhook delete webhook-abc123', 'mailctl webhook delete webhook-abc123 --yes --if-exists', 'mailctl webhook delete webhook-abc123 --dry-run'],
  operation: OPERATIONS.deleteWebhook,
  async run({ webhookId, yes, ifExists, dryRun }, ctx) {
    const webhooks = await import('../../api/webhooks.js');
    await runDelete(ctx, {
      operation: OPERATIONS.deleteWebhook,
      action: 'delete webhooks',
      command: 'webhook delete',
      target: `webhook ${webhookId}`,
      id: webhookId,
      request: webhooks.deleteWebhookRequest(webhookId),
      dryRun,
      yes,
      ifExists,
      // on a terminal the question names the webhook, so the right one is deleted
      loss: async (api) => {
        const w = await webhooks.getWebhook(api, webhookId);
        return `"${w.name}", ${w.url}`;
      },
      send: (api) => webhooks.deleteWebhook(api, webhookId),
    });
  },
});
