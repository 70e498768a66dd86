import { OPERATIONS } from '../../api/operations.js';
import { TOPIC_VISIBILITIES } from '../../api/vocabulary.js';
import type { CommandSpec } from '../spec.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const spec: CommandSpec = {
  name: 'topic',
  summary: 'change subscription topics',
  group: 'writing',
  commands: [
    {
      name: 'update',
      summary: 'update a topic: only the given fields are sent; prints the updated topic',
      args: [{ name: 'topic_id', description: 'id of the topic (a UUID)' }],
      options: [
        { flags: '--name <name>', description: 'new name (1 to 255 characters)' },
        { flags: '--description <text>', description: 'new description (1 to 1000 characters)' },
        { flags: '--clear-description', description: 'remove the description (sends null)' },
        { flags: '--visibility <visibility>', description: 'public (shown on public subscription pages) or private', values: TOPIC_VISIBILITIES },
        { flags: '--dry-run', description: 'validate and print the request without sending it' },
      ],
      examples: [
        `mailctl topic update ${ID} --name "Product news" --visibility public`,
        `mailctl topic update ${ID} --clear-description --dry-run`,
        `mailctl topic update ${ID} --description "Monthly digest" --json`,
      ],
      operation: OPERATIONS.updateTopic,
      load: () => import('./update.js'),
    },
  ],
};
