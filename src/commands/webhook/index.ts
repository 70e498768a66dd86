import type { CommandSpec } from '../spec.js';
import forward from './forward.js';
import list from './list.js';
import listen from './listen.js';
import set from './set.js';

export const spec: CommandSpec = {
  name: 'webhook',
  summary: 'list webhooks and change where and how they deliver events',
  group: 'writing',
  commands: [list, set, listen, forward],
};
