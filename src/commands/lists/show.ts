import { OPERATIONS } from '../../api/operations.js';
import { LIST_FIELDS } from '../../api/vocabulary.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';
import { LIST } from './options.js';
import { listSections } from './shared.js';

export default command({
  name: 'show',
  summary: 'show an audience list: name and contact count',
  args: { listId: arg('id of the list (a UUID)', { parse: uuid }) },
  examples: [`mailctl lists show ${LIST}`, `mailctl lists show ${LIST} --json`, `mailctl lists show ${LIST} --fields contacts_count`],
  operation: OPERATIONS.showList,
  async run({ listId }, ctx) {
    const { getList } = await import('../../api/audience-admin.js');
    await runShow(ctx, { fields: LIST_FIELDS, fetch: (api) => getList(api, listId), sections: listSections });
  },
});
