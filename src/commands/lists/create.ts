import { OPERATIONS } from '../../api/operations.js';
import { LIST_FIELDS, NAME_MAX } from '../../api/vocabulary.js';
import { text } from '../../input/values.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { listSections } from './shared.js';

export default command({
  name: 'create',
  summary: 'create an audience list; prints the new list and its id',
  flags: {
    name: flag.string('name of the list, unique within the team (1 to 255 characters)', { value: 'name', parse: text(NAME_MAX) }).required(),
    dryRun: dryRunFlag,
  },
  examples: ['mailctl lists create --name "Weekly digest"', 'mailctl lists create --name "Early access" --json', 'mailctl lists create --name "VIP" --dry-run'],
  operation: OPERATIONS.createList,
  async run({ name, dryRun }, ctx) {
    const { createList } = await import('../../api/audience-admin.js');
    const w = createList({ name });
    await runWrite(ctx, {
      operation: OPERATIONS.createList, action: 'create lists', request: w.request, dryRun, fields: LIST_FIELDS, send: w.send, sections: listSections,
    });
  },
});
