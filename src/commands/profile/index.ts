import type { Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

export function register(program: Command): void {
  const profile = program.command('profile').description('list, switch and remove config profiles');
  withHelp(profile.command('list').description('list profiles; the one in use is marked'), {
    examples: ['mailctl profile list', 'mailctl profile list --json'],
  }).action(verb(() => import('./list.js')));
  withHelp(profile.command('use').argument('<name>', 'profile to make the default').description('make a profile the default for later commands'), {
    examples: ['mailctl profile use staging', 'mailctl profile use default && mailctl auth status'],
  }).action(verb(() => import('./use.js')));
  withHelp(profile.command('remove').argument('<name>', 'profile to delete').description('delete a profile and its saved key'), {
    examples: ['mailctl profile remove old-account', 'mailctl profile list && mailctl profile remove staging'],
  }).action(verb(() => import('./remove.js')));
}
