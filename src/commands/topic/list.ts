import type { Topic } from '../../api/audience.js';
import { OPERATIONS } from '../../api/operations.js';
import type { ListSpec } from '../../output/types.js';
import { command } from '../define.js';
import { audiencePageFlags } from '../lists/audience-list.js';
import { TOPIC_FIELDS } from './update.js';

const TOPIC_LIST: ListSpec<Topic> = {
  columns: [
    { key: 'id', header: 'ID', value: (t) => t.id, whole: true },
    { key: 'name', header: 'NAME', value: (t) => t.name, maxWidth: 32, minWidth: 12 },
    { key: 'visibility', header: 'VISIBILITY', value: (t) => t.visibility },
    { key: 'default_subscription', header: 'DEFAULT', value: (t) => t.default_subscription, priority: 2 },
    { key: 'contacts_count', header: 'CONTACTS', value: (t) => t.contacts_count, kind: 'number', priority: 3 },
    { key: 'created_at', header: 'CREATED', value: (t) => t.created_at, kind: 'time', priority: 1 },
  ],
  fields: TOPIC_FIELDS,
};

export default command({
  name: 'list',
  summary: 'list the subscription topics of the team',
  flags: { ...audiencePageFlags('topics') },
  examples: ['mailctl topic list', 'mailctl topic list --all --json', 'mailctl topic list --fields id,name -o csv'],
  operation: OPERATIONS.listTopics,
  async run(opts, ctx) {
    const { runAudienceList } = await import('../lists/audience-list.js');
    await runAudienceList(ctx, {
      noun: 'topics', command: ['topic', 'list'], operation: OPERATIONS.listTopics, spec: TOPIC_LIST,
      filters: {}, hintArgs: [], page: opts.page, perPage: opts.perPage, all: opts.all, limit: opts.limit,
    });
  },
});
