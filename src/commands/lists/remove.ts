import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { deleteFlags } from '../runners/delete.js';
import { LIST } from './options.js';

const CONTACT = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export default command({
  name: 'remove',
  summary: 'remove one contact from a list (not in it: no change)',
  description: 'For many contacts and lists at once, use `lists detach`.',
  args: { listId: arg('id of the list (a UUID)', { parse: uuid }) },
  flags: { contact: flag.string('id of the contact (a UUID)', { value: 'id', parse: uuid }).required(), ...deleteFlags },
  examples: [`mailctl lists remove ${LIST} --contact ${CONTACT}`, `mailctl lists remove ${LIST} --contact ${CONTACT} --yes --if-exists --json`, `mailctl lists remove ${LIST} --contact ${CONTACT} --dry-run`],
  operation: OPERATIONS.removeFromList,
  async run(o, ctx) {
    const { runMembership } = await import('../contact/membership.js');
    await runMembership(ctx, {
      operation: OPERATIONS.removeFromList, action: 'remove contacts from lists', contactId: o.contact, kind: 'list', otherId: o.listId, now: false, dryRun: o.dryRun,
      remove: { command: 'lists remove', what: `remove contact ${o.contact} from list ${o.listId}`, yes: o.yes, ifExists: o.ifExists },
    });
  },
});
