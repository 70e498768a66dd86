import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { LIST } from './options.js';

const CONTACT = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export default command({
  name: 'add',
  summary: 'add one contact to a list (already in it: no change)',
  description: 'For many contacts and lists at once, use `lists attach`.',
  args: { listId: arg('id of the list (a UUID)', { parse: uuid }) },
  flags: { contact: flag.string('id of the contact (a UUID)', { value: 'id', parse: uuid }).required(), dryRun: dryRunFlag },
  examples: [`mailctl lists add ${LIST} --contact ${CONTACT}`, `mailctl lists add ${LIST} --contact ${CONTACT} --json`, `mailctl lists add ${LIST} --contact ${CONTACT} --dry-run`],
  operation: OPERATIONS.addToList,
  async run(o, ctx) {
    const { runMembership } = await import('../contact/membership.js');
    await runMembership(ctx, {
      operation: OPERATIONS.addToList, action: 'add contacts to lists', contactId: o.contact, kind: 'list', otherId: o.listId, now: true, dryRun: o.dryRun,
    });
  },
});
