import type { Topic, TopicPatch } from '../../api/audience.js';
import { OPERATIONS } from '../../api/operations.js';
import { TOPIC_DESCRIPTION_MAX, TOPIC_NAME_MAX, TOPIC_VISIBILITIES } from '../../api/vocabulary.js';
import { UsageError } from '../../errors.js';
import { text, uuid } from '../../input/values.js';
import type { DetailSection } from '../../output/detail.js';
import { arg, command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const TOPIC_FIELDS = ['id', 'name', 'description', 'default_subscription', 'visibility', 'contacts_count', 'created_at'] as const;

export function topicSections(t: Topic): DetailSection[] {
  return [
    {
      fields: [
        { key: 'id', label: 'ID', value: t.id },
        { key: 'name', label: 'Name', value: t.name },
        { key: 'description', label: 'Description', value: t.description },
        { key: 'visibility', label: 'Visibility', value: t.visibility },
        { key: 'default_subscription', label: 'Default subscription', value: t.default_subscription },
        { key: 'contacts_count', label: 'Contacts', value: t.contacts_count, kind: 'number' },
        { key: 'created_at', label: 'Created', value: t.created_at, kind: 'time' },
      ],
    },
  ];
}

export default command({
  name: 'update',
  summary: 'update a topic: only the given fields are sent; prints the updated topic',
  args: { topicId: arg('id of the topic (a UUID)', { parse: uuid }) },
  flags: {
    name: flag.string('new name (1 to 255 characters)', { value: 'name', parse: text(TOPIC_NAME_MAX) }),
    description: flag.string('new description (1 to 1000 characters)', {
      value: 'text',
      parse: text(TOPIC_DESCRIPTION_MAX, '; use --clear-description to remove it'),
    }),
    clearDescription: flag.boolean('remove the description (sends null)'),
    visibility: flag.enum(TOPIC_VISIBILITIES, 'public (shown on public subscription pages) or private', 'visibility'),
    dryRun: dryRunFlag,
  },
  examples: [
    `mailctl topic update ${ID} --name "Product news" --visibility public`,
    `mailctl topic update ${ID} --clear-description --dry-run`,
    `mailctl topic update ${ID} --description "Monthly digest" --json`,
  ],
  operation: OPERATIONS.updateTopic,
  check(o) {
    if (o.description !== undefined && o.clearDescription) throw new UsageError('--description and --clear-description cannot be used together');
    const patch: TopicPatch = {};
    if (o.name !== undefined) patch.name = o.name;
    if (o.description !== undefined) patch.description = o.description;
    if (o.clearDescription) patch.description = null;
    if (o.visibility !== undefined) patch.visibility = o.visibility;
    if (Object.keys(patch).length === 0) {
      throw new UsageError('nothing to update: give at least one of --name, --description, --clear-description, --visibility');
    }
    return { id: o.topicId, patch, dryRun: o.dryRun };
  },
  async run({ id, patch, dryRun }, ctx) {
    const audience = await import('../../api/audience.js');
    await runWrite(ctx, {
      operation: OPERATIONS.updateTopic,
      action: 'update topics',
      request: audience.updateTopicRequest(id, patch),
      dryRun,
      fields: TOPIC_FIELDS,
      send: (api) => audience.updateTopic(api, id, patch),
      sections: topicSections,
    });
  },
});
