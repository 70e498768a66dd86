import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { CONTACT_ID } from './shared.js';

const TOPIC = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';

export default command({
  name: 'subscribe',
  summary: 'subscribe a contact to a topic (already subscribed: no change)',
  args: { contactId: arg('id of the contact (a UUID)', { parse: uuid }) },
  flags: { topic: flag.string('id of the topic (a UUID)', { value: 'id', parse: uuid }).required(), dryRun: dryRunFlag },
  examples: [`mailctl contact subscribe ${CONTACT_ID} --topic ${TOPIC}`, `mailctl contact subscribe ${CONTACT_ID} --topic ${TOPIC} --json`, `mailctl contact subscribe ${CONTACT_ID} --topic ${TOPIC} --dry-run`],
  operation: OPERATIONS.subscribeTopic,
  async run(o, ctx) {
    const { runMembership } = await import('./membership.js');
    await runMembership(ctx, {
      operation: OPERATIONS.subscribeTopic, action: 'subscribe contacts to topics', contactId: o.contactId, kind: 'topic', otherId: o.topic, now: true, dryRun: o.dryRun,
    });
  },
});
