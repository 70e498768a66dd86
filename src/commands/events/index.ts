import type { CommandSpec } from '../spec.js';
import list from './list.js';
import prune from './prune.js';
import sync from './sync.js';

export const spec: CommandSpec = {
  name: 'events',
  summary: 'read the delivery and engagement events of the account',
  group: 'reading',
  commands: [list, sync, prune],
};
