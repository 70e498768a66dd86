import type { CommandSpec } from '../spec.js';
import update from './update.js';

export const spec: CommandSpec = {
  name: 'topic',
  summary: 'change subscription topics',
  group: 'writing',
  commands: [update],
};
