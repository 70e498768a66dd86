import type { CommandSpec } from '../spec.js';
import show from './show.js';

export const spec: CommandSpec = {
  name: 'segment',
  summary: 'look up segments',
  group: 'reading',
  commands: [show],
};
