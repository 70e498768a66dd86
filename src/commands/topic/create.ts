import { OPERATIONS } from '../../api/operations.js';
import { TOPIC_DEFAULT_SUBSCRIPTIONS, TOPIC_DESCRIPTION_MAX, TOPIC_NAME_MAX, TOPIC_VISIBILITIES } from '../../api/vocabulary.js';
import { text } from '../../input/values.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { TOPIC_FIELDS, topicSections } from './update.js';

export default command({
  name: 'create',
  summary: 'create a subscription topic; prints the new topic and its id',
  description: 'The default subscription is fixed at creation: `topic update` cannot change it.',
  flags: {
    name: flag.string('name of the topic (1 to 255 characters)', { value: 'name', parse: text(TOPIC_NAME_MAX) }).required(),
    description: flag.string('description (1 to 1000 characters)', { value: 'text', parse: text(TOPIC_DESCRIPTION_MAX) }),
    defaultSubscription: flag.enum(TOPIC_DEFAULT_SUBSCRIPTIONS, 'whether contacts start subscribed (opt_out) or not (opt_in)', 'mode').defaultShown('opt_in (the API\'s)'),
    visibility: flag.enum(TOPIC_VISIBILITIES, 'public topics show on recipient-facing preference pages', 'visibility').defaultShown('private (the API\'s)'),
    dryRun: dryRunFlag,
  },
  examples: [
    'mailctl topic create --name "Product news"',
    'mailctl topic create --name "Digest" --description "Monthly digest" --default-subscription opt_out --visibility public',
    'mailctl topic create --name "Beta" --dry-run',
  ],
  operation: OPERATIONS.createTopic,
  async run(o, ctx) {
    const { createTopic } = await import('../../api/audience-admin.js');
    const body: Record<string, unknown> = { name: o.name };
    if (o.description !== undefined) body.description = o.description;
    if (o.defaultSubscription !== undefined) body.default_subscription = o.defaultSubscription;
    if (o.visibility !== undefined) body.visibility = o.visibility;
    const w = createTopic(body);
    await runWrite(ctx, {
      operation: OPERATIONS.createTopic, action: 'create topics', request: w.request, dryRun: o.dryRun, fields: TOPIC_FIELDS, send: w.send, sections: topicSections,
    });
  },
});
