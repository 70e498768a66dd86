import { Option, type Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

// Kept free of zod/undici: --help loads only this file.
const TYPES = [
  'injection, delivery, bounce, delay, out_of_band, spam_complaint,',
  'policy_rejection, click, open, initial_open, amp_click, amp_open,',
  'amp_initial_open, generation_failure, generation_rejection,',
  'list_unsubscribe, link_unsubscribe',
].join('\n  ');

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function register(program: Command): void {
  const events = program.command('events').description('read the delivery and engagement events of the account');
  withHelp(
    events
      .command('list')
      .description('list email events, newest first; --all exports every page, --follow watches for new ones')
      .option('--events <types>', 'event types, comma-separated or repeated (the types are listed below)', collect)
      .option('--recipient <email>', 'only events of this recipient (repeatable or comma-separated)', collect)
      .option('--from <day>', 'first day, UTC: YYYY-MM-DD, today, yesterday, 7d, 24h (default: 10 days ago)')
      .option('--to <day>', 'last day, inclusive, same forms as --from (default: now)')
      .option('--transmission <id>', 'only events of this sent email (its request_id)')
      .option('--bounce-class <n>', 'only bounces of these classification codes, 1-999 (repeatable or comma-separated)', collect)
      .option('--per-page <n>', 'events per request, 1-100 (default: 25 for one page, 100 with --all/--limit)')
      .option('--cursor <cursor>', 'start at this page (the next_cursor of an earlier listing)')
      .option('--all', 'follow every page, writing each as it arrives')
      .option('--limit <n>', 'stop after N events (fetches no page it does not need)')
      .option('-f, --follow', 'after the newest page, keep printing new events as they arrive until Ctrl-C')
      .addOption(new Option('--poll-interval <duration>', 'time between polls of --follow (default: 2s)').hideHelp())
      .option('--db [path]', 'read the local archive of `events sync` instead of the API: no key, no network (default: the profile\'s archive)')
      .addHelpText('after', `\nEvent types:\n  ${TYPES}`),
    {
      api: OPERATIONS.listEmailEvents.name,
      examples: [
        'mailctl events list --events bounce,spam_complaint --from 7d',
        'mailctl events list --from 2026-03-01 --to 2026-03-10 --all --ndjson > events.ndjson',
        'mailctl events list --db --recipient ana@example.com --from 60d --all',
      ],
    },
  ).action(verb(() => import('./list.js')));
  withHelp(
    events
      .command('sync')
      .description('copy the account\'s events into a local SQLite archive, incrementally (read it with events list --db)')
      .option('--db <path>', 'archive file (default: $MAILCTL_DB, else events.sqlite in the data directory, one per profile)')
      .option('--from <day>', 'first run only: first day to copy, YYYY-MM-DD or 30d (default: 90 days ago, the service\'s retention)')
      .option('--events <types>', 'store only these event types, comma-separated or repeated', collect)
      .option('--overlap <duration>', 'later runs re-read this much before the newest archived day, in days or hours (default: 1d, the newest day)')
      .option('--dry-run', 'print the days it would read and the requests they would cost; send nothing')
      .addHelpText(
        'after',
        '\nEvery page is committed with the sync position: after Ctrl-C, a crash or a network failure,\nrun it again and it continues. Re-read events are recognised by event_id, never duplicated.',
      ),
    {
      api: 'GET /emails/events',
      examples: [
        'mailctl events sync',
        'mailctl events sync --from 30d --events bounce,spam_complaint',
        'mailctl events sync --dry-run',
      ],
    },
  ).action(verb(() => import('./sync.js')));
}
