import { SETTABLE_KEYS } from '../../config/data.js';
import type { CommandSpec } from '../spec.js';

const KEY = { name: 'key', description: 'setting name', values: SETTABLE_KEYS } as const;

export const spec: CommandSpec = {
  name: 'config',
  summary: `read and change the settings of a profile (${SETTABLE_KEYS.join(', ')})`,
  group: 'setup',
  commands: [
    {
      name: 'get',
      summary: 'print one setting of the profile in use',
      args: [KEY],
      examples: ['mailctl config get base_url', 'mailctl config get output --profile ci'],
      load: () => import('./get.js'),
    },
    {
      name: 'set',
      summary: 'change one setting of the profile in use (the API key only through `auth login`)',
      args: [KEY, { name: 'value', description: 'new value' }],
      examples: ['mailctl config set base_url https://api.example.com', 'mailctl config set output json --profile ci', 'mailctl config set timeout 10s'],
      load: () => import('./set.js'),
    },
    {
      name: 'unset',
      summary: 'remove one setting from the profile in use, so that env or the built-in default applies again',
      args: [KEY],
      examples: ['mailctl config unset output', 'mailctl config unset timeout --profile ci'],
      load: () => import('./unset.js'),
    },
    {
      name: 'list',
      summary: 'show every setting of the profile in use',
      examples: ['mailctl config list', 'mailctl config list --profile ci --json'],
      load: () => import('./list.js'),
    },
  ],
};
