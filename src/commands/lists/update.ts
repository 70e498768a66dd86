import { OPERATIONS } from '../../api/operations.js';
import { LIST_FIELDS, NAME_MAX } from '../../api/vocabulary.js';
import { text, uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { LIST } from './options.js';
import { listSections } from './shared.js';

export default command({
  name: 'update',
  summary: 'rename an audience list; prints the updated list',
  description: 'Segments refer to lists by name: renaming a list stops segments that name it from matching.',
  args: { listId: arg('id of the list (a UUID)', { parse: uuid }) },
  flags: {
    name: flag.string('new name, unique within the team (1 to 255 characters)', { value: 'name', parse: text(NAME_MAX) }).required(),
    dryRun: dryRunFlag,
  },
  examples: [`mailctl lists update ${LIST} --name "Weekly newsletter"`, `mailctl lists update ${LIST} --name "Archive" --dry-run`],
  operation: OPERATIONS.updateList,
  async run({ listId, name, dryRun }, ctx) {
    const { updateList } = await import('../../api/audience-admin.js');
    const w = updateList(listId, { name });
    await runWrite(ctx, {
      operation: OPERATIONS.updateList, action: 'update lists', request: w.request, dryRun, fields: LIST_FIELDS, send: w.send, sections: listSections,
    });
  },
});
