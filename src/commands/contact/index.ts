import type { CommandSpec } from '../spec.js';
import create from './create.js';
import del from './delete.js';
import imp from './import.js';
import list from './list.js';
import show from './show.js';
import subscribe from './subscribe.js';
import unsubscribe from './unsubscribe.js';
import update from './update.js';

export const spec: CommandSpec = {
  name: 'contact',
  summary: 'manage contacts: list, create, import, update, delete, topic subscriptions',
  group: 'writing',
  commands: [list, show, create, imp, update, del, subscribe, unsubscribe],
};
