import type { CommandSpec } from '../spec.js';
import list from './list.js';
import remove from './remove.js';
import use from './use.js';

export const spec: CommandSpec = {
  name: 'profile',
  summary: 'list, switch and remove config profiles',
  group: 'setup',
  commands: [list, use, remove],
};
