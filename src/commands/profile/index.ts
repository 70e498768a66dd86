import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'profile',
  summary: 'list, switch and remove config profiles',
  group: 'setup',
  commands: [
    {
      name: 'list',
      summary: 'list profiles; the one in use is marked',
      examples: ['mailctl profile list', 'mailctl profile list --json'],
      load: () => import('./list.js'),
    },
    {
      name: 'use',
      summary: 'make a profile the default for later commands',
      args: [{ name: 'name', description: 'profile to make the default', values: 'profiles' }],
      examples: ['mailctl profile use staging', 'mailctl profile use default && mailctl auth status'],
      load: () => import('./use.js'),
    },
    {
      name: 'remove',
      summary: 'delete a profile and its saved key',
      args: [{ name: 'name', description: 'profile to delete', values: 'profiles' }],
      examples: ['mailctl profile remove old-account', 'mailctl profile list && mailctl profile remove staging'],
      load: () => import('./remove.js'),
    },
  ],
};
