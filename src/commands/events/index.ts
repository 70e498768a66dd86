import { OPERATIONS } from '../../api/operations.js';
import { EMAIL_EVENT_TYPES } from '../../api/vocabulary.js';
import type { CommandSpec } from '../spec.js';

// Kept free of zod/undici: --help loads only the specs.

const DAY_FORMS = 'YYYY-MM-DD, today, yesterday, 7d, 24h';

export const spec: CommandSpec = {
  name: 'events',
  summary: 'read the delivery and engagement events of the account',
  group: 'reading',
  commands: [
    {
      name: 'list',
      summary: 'list email events, newest first; --all exports every page, --follow watches for new ones',
      description: [
        'Without --all or --limit one page is printed, and when more exist the',
        'command line of the next page goes to stderr. --all and --limit use',
        'the largest page size unless --per-page is given, and write each page',
        'as it arrives (NDJSON lines stay whole when interrupted).',
      ].join('\n'),
      options: [
        { flags: '--events <types>', description: 'only these event types, repeatable', values: EMAIL_EVENT_TYPES, list: true, repeatable: true },
        { flags: '--recipient <email>', description: 'only events of this recipient (repeatable or comma-separated)', repeatable: true },
        { flags: '--from <day>', description: `first day, UTC: ${DAY_FORMS}`, default: '10 days ago' },
        { flags: '--to <day>', description: 'last day, inclusive, same forms as --from', default: 'now' },
        { flags: '--transmission <id>', description: 'only events of this sent email (its request_id)' },
        { flags: '--bounce-class <n>', description: 'only bounces of these classification codes, repeatable or comma-separated', range: [1, 999], repeatable: true },
        { flags: '--per-page <n>', description: 'events per request', range: [1, 100], default: '25 for one page, 100 with --all/--limit' },
        { flags: '--cursor <cursor>', description: 'start at this page (the next_cursor of an earlier listing)' },
        { flags: '--all', description: 'follow every page, writing each as it arrives' },
        { flags: '--limit <n>', description: 'stop after N events (fetches no page it does not need)' },
        { flags: '-f, --follow', description: 'after the newest page, keep printing new events as they arrive until Ctrl-C' },
        { flags: '--poll-interval <duration>', description: 'time between polls of --follow', default: '2s', hidden: true },
        {
          flags: '--db [path]',
          description: 'read the local archive of `events sync` instead of the API: no key, no network',
          default: "the profile's archive",
        },
      ],
      examples: [
        'mailctl events list --events bounce,spam_complaint --from 7d',
        'mailctl events list --from 2026-03-01 --to 2026-03-10 --all --ndjson > events.ndjson',
        'mailctl events list --db --recipient ana@example.com --from 60d --all',
      ],
      operation: OPERATIONS.listEmailEvents,
      load: () => import('./list.js'),
    },
    {
      name: 'sync',
      summary: "copy the account's events into a local SQLite archive, incrementally (read it with events list --db)",
      description: [
        'Every page is committed with the sync position: after Ctrl-C, a crash or a',
        'network failure, run it again and it continues. Re-read events are',
        'recognised by event_id, never duplicated.',
      ].join('\n'),
      options: [
        { flags: '--db <path>', description: 'archive file', default: '$MAILCTL_DB, else events.sqlite in the data directory, one per profile' },
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
