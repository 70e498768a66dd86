import type { CommandSpec } from '../spec.js';
import create from './create.js';
import del from './delete.js';
import forward from './forward.js';
import list from './list.js';
import listen from './listen.js';
import set from './set.js';
import show from './show.js';

export const spec: CommandSpec = {
  name: 'webhook',
  summary: 'create, list, show and delete webhooks, and change where and how they deliver events',
  group: 'writing',
  commands: [list, show, create, set, del, listen, forward],
};
