import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { contactSections } from '../../output/contact-detail.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const CONTACT_FIELDS = ['id', 'email', 'status', 'created_at', 'properties', 'lists', 'topics'] as const;

export default command({
  name: 'show',
  summary: 'show a contact: email, status, created time, properties, lists and topics',
  args: { contactId: arg('id of the contact (a UUID)', { parse: uuid }) },
  examples: [`mailctl contact show ${ID}`, `mailctl contact show ${ID} --json`, `mailctl contact show ${ID} | grep ^list`],
  operation: OPERATIONS.showContact,
  async run({ contactId }, ctx) {
    const { getContact } = await import('../../api/audience.js');
    await runShow(ctx, { fields: CONTACT_FIELDS, fetch: (api) => getContact(api, contactId), sections: (c, out) => contactSections(c, out.isTTY) });
  },
});
