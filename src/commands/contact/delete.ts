import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { deleteFlags, runDelete } from '../runners/delete.js';
import { CONTACT_ID } from './shared.js';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export default command({
  name: 'delete',
  summary: 'delete a contact with its activity log and memberships (past campaign records stay)',
  args: { contactId: arg('id of the contact (a UUID)', { parse: uuid }) },
  flags: { ...deleteFlags },
  examples: [`mailctl contact delete ${CONTACT_ID}`, `mailctl contact delete ${CONTACT_ID} --yes --if-exists`, `mailctl contact delete ${CONTACT_ID} --dry-run`],
  operation: OPERATIONS.deleteContact,
  async run({ contactId, yes, ifExists, dryRun }, ctx) {
    const { plain } = await import('../../api/audience-admin.js');
    const { getContact } = await import('../../api/audience.js');
    const del = plain(OPERATIONS.deleteContact, [contactId]);
    await runDelete(ctx, {
      operation: OPERATIONS.deleteContact, action: 'delete contacts', command: 'contact delete', target: `contact ${contactId}`, id: contactId,
      request: del.request, dryRun, yes, ifExists,
      loss: async (api) => {
        const c = await getContact(api, contactId);
        return `${c.email ?? ''}: its activity log, ${count(c.lists?.length ?? 0, 'list membership')} and ${count(c.topics?.length ?? 0, 'topic subscription')}`;
      },
      send: async (api) => void (await del.send(api)),
    });
  },
});
