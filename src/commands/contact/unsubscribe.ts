import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { ifExistsFlags } from '../runners/delete.js';
import { CONTACT_ID } from './shared.js';

const TOPIC = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';

export default command({
  name: 'unsubscribe',
  summary: 'unsubscribe a contact from a topic (not subscribed: no change)',
  args: { contactId: arg('id of the contact (a UUID)', { parse: uuid }) },
  // It never asks (cli.md's row shows it without --yes): a subscription is not lost, `contact
  // subscribe` gives it back. --if-exists lets a re-run pass a contact or topic already gone.
  flags: { topic: flag.string('id of the topic (a UUID)', { value: 'id', parse: uuid }).required(), ...ifExistsFlags },
  examples: [`mailctl contact unsubscribe ${CONTACT_ID} --topic ${TOPIC}`, `mailctl contact unsubscribe ${CONTACT_ID} --topic ${TOPIC} --if-exists --json`, `mailctl contact unsubscribe ${CONTACT_ID} --topic ${TOPIC} --dry-run`],
  operation: OPERATIONS.unsubscribeTopic,
  async run(o, ctx) {
    const { runMembership } = await import('./membership.js');
    await runMembership(ctx, {
      operation: OPERATIONS.unsubscribeTopic, action: 'unsubscribe contacts from topics', contactId: o.contactId, kind: 'topic', otherId: o.topic, now: false, dryRun: o.dryRun,
      remove: { command: 'contact unsubscribe', what: `unsubscribe contact ${o.contactId} from topic ${o.topic}`, ifExists: o.ifExists },
    });
  },
});
