import type { CommandSpec } from '../spec.js';
import add from './add.js';
import attach from './attach.js';
import create from './create.js';
import del from './delete.js';
import detach from './detach.js';
import list from './list.js';
import remove from './remove.js';
import show from './show.js';
import update from './update.js';

export const spec: CommandSpec = {
  name: 'lists',
  summary: 'manage audience lists; attach contacts to lists and detach them, thousands at a time',
  group: 'writing',
  commands: [list, show, create, update, del, add, remove, attach, detach],
};
