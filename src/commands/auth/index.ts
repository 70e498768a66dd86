import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'auth',
  summary: 'save, show and remove the API key of a profile',
  group: 'setup',
  commands: [
    {
      name: 'login',
      summary: 'save an API key to a profile: read from stdin when piped, else asked for with a hidden prompt',
      description: [
        'The key is never a command-line flag (it would show in ps and in shell',
        'history). It is checked with one read of the API before it is saved.',
        'It is kept in the OS credential store (macOS Keychain, Windows Credential',
        'Manager, Secret Service on Linux) where one is usable, else in the 0600',
        'config file; the config records which, and `auth status` says it.',
      ].join('\n'),
      examples: [
        'mailctl auth login --base-url https://api.example.com',
        'printf %s "$MAILCTL_KEY" | mailctl auth login --profile ci --base-url https://api.example.com',
        'printf %s "$MAILCTL_KEY" | mailctl auth login --profile offline --no-verify --storage file',
      ],
      options: [
        { flags: '--no-verify', description: 'save the key without the check request (GET /webhooks) that refuses a key the API answers 401' },
        {
          flags: '--storage <where>',
          description: 'keychain: the OS credential store; file: the 0600 config file',
          choices: ['file', 'keychain'],
          default: 'keychain where one is usable, else file',
        },
      ],
      callsApi: true,
      load: () => import('./login.js'),
    },
    {
      name: 'status',
      summary: 'show the profile, base URL and key in use (masked), and where each came from',
      examples: ['mailctl auth status', 'mailctl auth status --profile staging --json'],
      load: () => import('./status.js'),
    },
    {
      name: 'logout',
      summary: 'remove the saved API key of a profile, from the config file and the OS credential store',
      examples: ['mailctl auth logout', 'mailctl auth logout --profile staging'],
      load: () => import('./logout.js'),
    },
  ],
};
