import type { CommandSpec } from '../spec.js';
import create from './create.js';
import del from './delete.js';
import list from './list.js';
import pull from './pull.js';
import push from './push.js';
import show from './show.js';
import tags from './tags.js';
import update from './update.js';

export const spec: CommandSpec = {
  name: 'template',
  summary: 'list, show, create, update and delete email templates, and read their merge tags',
  group: 'writing',
  commands: [list, show, tags, create, update, del, pull, push],
};
