import type { CommandSpec } from '../spec.js';
import show from './show.js';

export const spec: CommandSpec = {
  name: 'contact',
  summary: 'look up contacts',
  group: 'reading',
  commands: [show],
};
