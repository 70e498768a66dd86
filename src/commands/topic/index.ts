import type { CommandSpec } from '../spec.js';
import create from './create.js';
import del from './delete.js';
import list from './list.js';
import show from './show.js';
import update from './update.js';

export const spec: CommandSpec = {
  name: 'topic',
  summary: 'manage subscription topics',
  group: 'writing',
  commands: [list, show, create, update, del],
};
