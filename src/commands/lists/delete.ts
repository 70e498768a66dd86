import { OPERATIONS } from '../../api/operations.js';
import { BULK_DELETE_MAX_LISTS } from '../../api/vocabulary.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { deleteFlags } from '../runners/delete.js';
import { LIST } from './options.js';

export default command({
  name: 'delete',
  summary: 'delete audience lists: their memberships go, the contacts stay',
  description:
    'One id: DELETE /audience/lists/{listId}. Several ids: DELETE /audience/lists/bulk,\n' +
    `${BULK_DELETE_MAX_LISTS} ids a request. On a terminal it names each list and how many contacts\n` +
    'lose it before asking.',
  args: { listIds: arg('ids of the lists (UUIDs)', { parse: uuid }).variadic() },
  flags: { ...deleteFlags },
  examples: [`mailctl lists delete ${LIST}`, `mailctl lists delete ${LIST} --yes --if-exists`, `mailctl lists delete ${LIST} 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --dry-run`],
  operation: OPERATIONS.deleteList,
  operationNote: `several ids: ${OPERATIONS.deleteLists.name}`,
  moreOperations: [OPERATIONS.deleteLists],
  check(o) {
    const seen = new Set<string>();
    const ids = o.listIds.filter((id) => !seen.has(id.toLowerCase()) && seen.add(id.toLowerCase()));
    return { ids, yes: o.yes, ifExists: o.ifExists, dryRun: o.dryRun };
  },
  async run(opts, ctx) {
    const { deleteLists } = await import('./delete-run.js');
    await deleteLists(opts, ctx);
  },
});
