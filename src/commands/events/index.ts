import { OPERATIONS } from '../../api/operations.js';
import { EMAIL_EVENT_TYPES } from '../../api/vocabulary.js';
import type { CommandSpec } from '../spec.js';
import list from './list.js';


export const spec: CommandSpec = {
  name: 'events',
  summary: 'read the delivery and engagement events of the account',
  group: 'reading',
  commands: [
    list,
    {
      name: 'sync',
      summary: "copy the account's events into a local SQLite archive, incrementally (read it with events list --db)",
      description: [
        'Every page is committed with the sync position: after Ctrl-C, a crash or a',
        'network failure, run it again and it continues. Re-read events are',
        'recognised by event_id, never duplicated.',
      ].join('\n'),
      options: [
        { flags: '--db [path]', description: 'archive file (--db alone: the default)', default: '$MAILCTL_DB, else events.sqlite in the data directory, one per profile' },
        { flags: '--from <day>', description: 'first run only: first day to copy, YYYY-MM-DD or 30d', default: "90 days ago, the service's retention" },
        { flags: '--events <types>', description: 'store only these event types, repeatable', values: EMAIL_EVENT_TYPES, list: true, repeatable: true },
        { flags: '--overlap <duration>', description: 'later runs re-read this much before the newest archived day, in days or hours', default: '1d, the newest day' },
        { flags: '--dry-run', description: 'print the days it would read and the requests they would cost; send nothing' },
      ],
      examples: ['mailctl events sync', 'mailctl events sync --from 30d --events bounce,spam_complaint', 'mailctl events sync --dry-run'],
      operation: OPERATIONS.listEmailEvents,
      load: () => import('./sync.js'),
    },
  ],
};
