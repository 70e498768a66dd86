import type { CommandSpec } from '../spec.js';
import update from './update.js';

export const spec: CommandSpec = {
  name: 'property',
  summary: 'change contact properties',
  group: 'writing',
  commands: [update],
};
