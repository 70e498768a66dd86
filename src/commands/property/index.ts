import { OPERATIONS } from '../../api/operations.js';
import type { CommandSpec } from '../spec.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const spec: CommandSpec = {
  name: 'property',
  summary: 'change contact properties',
  group: 'writing',
  commands: [
    {
      name: 'update',
      summary: 'set or clear the fallback value of a property (name and type cannot change); prints the property',
      args: [{ name: 'property_id', description: 'id of the property (a UUID)' }],
      options: [
        { flags: '--fallback-value <text>', description: 'value used where a contact has none (at most 255 characters; "" is an empty fallback)' },
        { flags: '--clear-fallback', description: 'remove the fallback value (sends null)' },
        { flags: '--dry-run', description: 'validate and print the request without sending it' },
      ],
      examples: [`mailctl property update ${ID} --fallback-value "there"`, `mailctl property update ${ID} --clear-fallback --dry-run`],
      operation: OPERATIONS.updateProperty,
      load: () => import('./update.js'),
    },
  ],
};
