import type { Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

export function register(program: Command): void {
  const email = program.command('email').description('look at one sent email');
  withHelp(
    email
      .command('show')
      .description('show a sent email: sender, subject, recipients, state and its events oldest first')
      .argument('<request-id>', 'transmission id of the email (the request_id of its events)')
      .option('--from <day>', 'first day of events, UTC: YYYY-MM-DD, today, yesterday, 7d, 24h (default: 10 days ago)')
      .option('--to <day>', 'last day of events, inclusive, same forms as --from (default: now)')
      .option('--db [path]', 'from the local archive of `events sync` instead of the API: no key, no network (put it after the id)'),
    {
      api: OPERATIONS.showEmail.name,
      examples: ['mailctl email show 4829301758203345', 'mailctl email show 4829301758203345 --from 30d --json', 'mailctl email show 4829301758203345 --db'],
    },
  ).action(verb(() => import('./show.js')));
}
