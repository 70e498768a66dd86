import type { CommandSpec } from '../spec.js';
import add from './add.js';
import list from './list.js';
import remove from './remove.js';
import show from './show.js';
import verify from './verify.js';

export const spec: CommandSpec = {
  name: 'domain',
  summary: 'register, inspect, verify and remove sending domains',
  group: 'writing',
  commands: [list, show, add, verify, remove],
};
