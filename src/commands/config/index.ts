import type { Command } from 'commander';
import { SETTABLE_KEYS } from '../../config/data.js';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

export function register(program: Command): void {
  const keys = SETTABLE_KEYS.join(', ');
  const config = program.command('config').description(`read and change the settings of a profile (${keys})`);
  withHelp(config.command('get').argument('<key>', keys).description('print one setting of the profile in use'), {
    examples: ['mailctl config get base_url', 'mailctl config get output --profile ci'],
  }).action(verb(() => import('./get.js')));
  withHelp(
    config
      .command('set')
      .argument('<key>', keys)
      .argument('<value>', 'new value')
      .description('change one setting of the profile in use (the API key only through `auth login`)'),
    {
      examples: ['mailctl config set base_url https://api.example.com', 'mailctl config set output json --profile ci', 'mailctl config set timeout 10s'],
    },
  ).action(verb(() => import('./set.js')));
  withHelp(
    config
      .command('unset')
      .argument('<key>', keys)
      .description('remove one setting from the profile in use, so that env or the built-in default applies again'),
    { examples: ['mailctl config unset output', 'mailctl config unset timeout --profile ci'] },
  ).action(verb(() => import('./unset.js')));
  withHelp(config.command('list').description('show every setting of the profile in use'), {
    examples: ['mailctl config list', 'mailctl config list --profile ci --json'],
  }).action(verb(() => import('./list.js')));
}
