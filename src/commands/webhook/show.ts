import { OPERATIONS } from '../../api/operations.js';
import { WEBHOOK_FIELDS } from '../../api/vocabulary.js';
import { command } from '../define.js';
import { runShow } from '../runners/show.js';
import { webhookSections } from './columns.js';
import { WEBHOOK_ID_ARGS } from './options.js';

export default command({
  name: 'show',
  summary: 'show a webhook: URL, events, auth type (never its credentials) and last delivery',
  args: WEBHOOK_ID_ARGS,
  examples: ['mailctl webhook show webhook-abc123', 'mailctl webhook show webhook-abc123 --json', 'mailctl webhook show webhook-abc123 --fields url,last_status'],
  operation: OPERATIONS.showWebhook,
  async run({ webhookId }, ctx) {
    const { getWebhook } = await import('../../api/webhooks.js');
    await runShow(ctx, { fields: WEBHOOK_FIELDS, fetch: (api) => getWebhook(api, webhookId), sections: webhookSections });
  },
});
