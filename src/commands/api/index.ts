import { Argument, Option, type Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

/** Repeatable flags: every occurrence is kept (schema.ts has the same collector, but loads zod). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function register(program: Command): void {
  withHelp(
    program
      .command('api')
      .addArgument(new Argument('<method>', 'GET, POST, PUT, PATCH or DELETE (any case)'))
      .addArgument(new Argument('<path>', 'path below the base URL, starting with "/"; may carry ?query'))
      .description('send any request of the API with the profile\'s key and base URL, retries and pacing; print the JSON answer')
      .addOption(
        new Option(
          '-F, --field <key=value>',
          'JSON body field (query parameter for GET); true, false, null and numbers are typed, @file reads a file\'s text, @- stdin; a.b=v nests, a[]=v appends (repeatable)',
        ).argParser(collect),
      )
      .addOption(new Option('-f, --raw-field <key=value>', 'like --field, but the value is always a string (repeatable)').argParser(collect))
      .addOption(new Option('--query <key=value>', 'query parameter, sent as given; a name repeated is joined with commas (repeatable)').argParser(collect))
      .addOption(new Option('--input <file>', 'raw JSON body from a file, or - for stdin; not with --field (must be valid JSON)'))
      .addOption(new Option('--paginate', 'GET only: follow next_cursor or page numbers up to last_page and print one JSON array of the items (NDJSON with --ndjson)'))
      .addOption(new Option('--dry-run', 'print the request (secrets masked) without sending it'))
      .addHelpText(
        'after',
        [
          '',
          'Prints the response body as JSON: indented on a terminal, on one line in a pipe.',
          'Exit codes follow the HTTP status as for every command (mailctl help exit-codes).',
        ].join('\n'),
      ),
    {
      api: 'any operation (METHOD PATH)',
      examples: [
        'mailctl api GET /campaigns --query status=scheduled --paginate --ndjson',
        'mailctl api PATCH /audience/topics/3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f -F visibility=private -F description=null',
        'mailctl api DELETE /audience/contacts/lists/bulk --input detach.json',
      ],
    },
  ).action(verb(() => import('./request.js')));
}
