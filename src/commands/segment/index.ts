import { OPERATIONS } from '../../api/operations.js';
import type { CommandSpec } from '../spec.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const spec: CommandSpec = {
  name: 'segment',
  summary: 'look up segments',
  group: 'reading',
  commands: [
    {
      name: 'show',
      summary: 'show a segment: name, list, cached contact count and its conditions, readably',
      args: [{ name: 'segment_id', description: 'id of the segment (a UUID)' }],
      examples: [`mailctl segment show ${ID}`, `mailctl segment show ${ID} --json`, `mailctl segment show ${ID} --fields name,conditions`],
      operation: OPERATIONS.showSegment,
      load: () => import('./show.js'),
    },
  ],
};
