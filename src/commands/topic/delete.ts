import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { deleteFlags, runDelete } from '../runners/delete.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export default command({
  name: 'delete',
  summary: 'delete a topic with all its subscriptions (the contacts stay)',
  args: { topicId: arg('id of the topic (a UUID)', { parse: uuid }) },
  flags: { ...deleteFlags },
  examples: [`mailctl topic delete ${ID}`, `mailctl topic delete ${ID} --yes --if-exists`, `mailctl topic delete ${ID} --dry-run`],
  operation: OPERATIONS.deleteTopic,
  async run({ topicId, yes, ifExists, dryRun }, ctx) {
    const { getTopic, plain } = await import('../../api/audience-admin.js');
    const del = plain(OPERATIONS.deleteTopic, [topicId]);
    await runDelete(ctx, {
      operation: OPERATIONS.deleteTopic, action: 'delete topics', command: 'topic delete', target: `topic ${topicId}`, id: topicId,
      request: del.request, dryRun, yes, ifExists,
      loss: async (api) => {
        const t = await getTopic(api, topicId);
        return `"${t.name ?? ''}": ${(t.contacts_count ?? 0).toLocaleString('en-US')} subscriptions`;
      },
      send: async (api) => void (await del.send(api)),
    });
  },
});
