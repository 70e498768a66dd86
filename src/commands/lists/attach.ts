import { OPERATIONS } from '../../api/operations.js';
import { command } from '../define.js';
import { BULK_FLAGS, checkBulk, LIST, PER_REQUEST } from './options.js';

export default command({
  name: 'attach',
  summary: 'attach every given contact to every given list; prints attached, already_attached, total_pairs',
  flags: BULK_FLAGS,
  examples: [
    `mailctl lists attach --contact 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --list ${LIST}`,
    `mailctl lists attach --contacts-file contacts.csv --column contact_id --list ${LIST}`,
    'cut -d, -f1 export.csv | mailctl lists attach --contacts-file - --lists-file lists.txt --dry-run',
  ],
  operation: OPERATIONS.attachLists,
  operationNote: PER_REQUEST,
  check: checkBulk,
  async run(opts, ctx) {
    const { runBulk } = await import('./run.js');
    await runBulk('attach', opts, ctx);
  },
});
