import { type Command, Option } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

export function register(program: Command): void {
  const auth = program.command('auth').description('save, show and remove the API key of a profile');
  withHelp(
    auth
      .command('login')
      .description('save an API key to a profile: read from stdin when piped, else asked for with a hidden prompt; checked with one read first')
      .option('--no-verify', 'save the key without the check request (GET /webhooks) that refuses a key the API answers 401')
      .addOption(
        new Option('--storage <where>', 'keychain: the OS credential store; file: the 0600 config file (default: keychain where one is usable, else file)').choices([
          'file',
          'keychain',
        ]),
      ),
    {
      examples: [
        'mailctl auth login --base-url https://api.example.com',
        'printf %s "$MAILCTL_KEY" | mailctl auth login --profile ci --base-url https://api.example.com',
        'printf %s "$MAILCTL_KEY" | mailctl auth login --profile offline --no-verify --storage file',
      ],
    },
  ).action(verb(() => import('./login.js')));
  withHelp(auth.command('status').description('show the profile, base URL and key in use (masked), and where each came from'), {
    examples: ['mailctl auth status', 'mailctl auth status --profile staging --json'],
  }).action(verb(() => import('./status.js')));
  withHelp(auth.command('logout').description('remove the saved API key of a profile, from the config file and the OS credential store'), {
    examples: ['mailctl auth logout', 'mailctl auth logout --profile staging'],
  }).action(verb(() => import('./logout.js')));
}
