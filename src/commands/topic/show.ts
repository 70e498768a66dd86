import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';
import { TOPIC_FIELDS, topicSections } from './update.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export default command({
  name: 'show',
  summary: 'show a topic: name, description, visibility, default subscription and contact count',
  args: { topicId: arg('id of the topic (a UUID)', { parse: uuid }) },
  examples: [`mailctl topic show ${ID}`, `mailctl topic show ${ID} --json`, `mailctl topic show ${ID} --fields name,contacts_count`],
  operation: OPERATIONS.showTopic,
  async run({ topicId }, ctx) {
    const { getTopic } = await import('../../api/audience-admin.js');
    await runShow(ctx, { fields: TOPIC_FIELDS, fetch: (api) => getTopic(api, topicId), sections: topicSections });
  },
});
