import { OPERATIONS } from '../../api/operations.js';
import { command } from '../define.js';
import { yesFlag } from '../runners/write.js';
import { BULK_FLAGS, checkBulk, LIST, PER_REQUEST } from './options.js';

export default command({
  name: 'detach',
  summary: 'detach every given contact from every given list (asks first; --yes to skip); prints detached, not_present, total_pairs',
  flags: { ...BULK_FLAGS, yes: yesFlag },
  examples: [
    `mailctl lists detach --contacts-file leavers.txt --list ${LIST}`,
    'mailctl lists detach --contacts-file - --lists-file lists.csv --yes < leavers.txt',
    'mailctl lists detach --contacts-file leavers.txt --lists-file lists.txt --dry-run --json',
  ],
  operation: OPERATIONS.detachLists,
  operationNote: PER_REQUEST,
  check: checkBulk,
  async run(opts, ctx) {
    const { runBulk } = await import('./run.js');
    await runBulk('detach', opts, ctx);
  },
});
