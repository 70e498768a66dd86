import type { CommandSpec } from '../spec.js';
import show from './show.js';

export const spec: CommandSpec = {
  name: 'email',
  summary: 'look at one sent email',
  group: 'reading',
  commands: [show],
};
