import type { Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

export function register(program: Command): void {
  withHelp(
    program
      .command('doctor')
      .description(
        'is this machine set up right? checks the config file, profile, key, base URL, proxy, DNS/TCP/TLS, clock skew, rate-limit budget and webhooks; ' +
          'each row says what was found and the fix. Spends at most two API requests (GET /campaigns?per_page=1, GET /webhooks), works with a sandbox key, ' +
          'never shows the key. Exit 0 when every check passes, 8 when any does not',
      ),
    {
      examples: ['mailctl doctor', 'mailctl doctor --profile staging --json', 'HTTPS_PROXY=http://proxy.corp:3128 mailctl doctor'],
      api: 'GET /campaigns?per_page=1, GET /webhooks (at most two requests)',
    },
  ).action(verb(() => import('./run.js')));
}
