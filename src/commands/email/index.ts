import { OPERATIONS } from '../../api/operations.js';
import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'email',
  summary: 'look at one sent email',
  group: 'reading',
  commands: [
    {
      name: 'show',
      summary: 'show a sent email: sender, subject, recipients, state and its events oldest first',
      args: [{ name: 'request-id', description: 'transmission id of the email (the request_id of its events)' }],
      options: [
        { flags: '--from <day>', description: 'first day of events, UTC: YYYY-MM-DD, today, yesterday, 7d, 24h', default: '10 days ago' },
        { flags: '--to <day>', description: 'last day of events, inclusive, same forms as --from', default: 'now' },
        { flags: '--db [path]', description: 'from the local archive of `events sync` instead of the API: no key, no network (put it after the id)' },
      ],
      examples: ['mailctl email show 4829301758203345', 'mailctl email show 4829301758203345 --from 30d --json', 'mailctl email show 4829301758203345 --db'],
      operation: OPERATIONS.showEmail,
      load: () => import('./show.js'),
    },
  ],
};
