import type { CommandSpec } from '../spec.js';
import list from './list.js';

export const spec: CommandSpec = {
  name: 'project',
  summary: 'list the projects that hold the templates',
  group: 'reading',
  commands: [list],
};
