import { SETTABLE_KEYS } from '../../config/data.js';
import type { CommandSpec } from '../spec.js';
import get from './get.js';
import list from './list.js';
import set from './set.js';
import unset from './unset.js';

export const spec: CommandSpec = {
  name: 'config',
  summary: `read and change the settings of a profile (${SETTABLE_KEYS.join(', ')})`,
  group: 'setup',
  commands: [get, set, unset, list],
};
