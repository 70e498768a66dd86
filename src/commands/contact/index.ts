import { OPERATIONS } from '../../api/operations.js';
import type { CommandSpec } from '../spec.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const spec: CommandSpec = {
  name: 'contact',
  summary: 'look up contacts',
  group: 'reading',
  commands: [
    {
      name: 'show',
      summary: 'show a contact: email, status, created time, properties, lists and topics',
      args: [{ name: 'contact_id', description: 'id of the contact (a UUID)' }],
      examples: [`mailctl contact show ${ID}`, `mailctl contact show ${ID} --json`, `mailctl contact show ${ID} | grep ^list`],
      operation: OPERATIONS.showContact,
      load: () => import('./show.js'),
    },
  ],
};
