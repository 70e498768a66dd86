import type { CommandSpec } from '../spec.js';
import attach from './attach.js';
import detach from './detach.js';

export const spec: CommandSpec = {
  name: 'lists',
  summary: 'attach contacts to lists and detach them, thousands at a time',
  group: 'writing',
  commands: [attach, detach],
};
