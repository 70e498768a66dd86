import { Option, type Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

const PER_REQUEST = '(1000 contacts × 50 lists per request, as many requests as needed)';

/** --contact a --contact b,c: every occurrence is kept (schema.ts has the same collector, but loads zod). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function bulkOptions(cmd: Command, op: 'attach' | 'detach'): Command {
  cmd
    .addOption(new Option('--contact <ids>', 'contact id; repeatable or comma-separated').argParser(collect))
    .addOption(new Option('--list <ids>', 'list id; repeatable or comma-separated').argParser(collect))
    .addOption(new Option('--contacts-file <path>', 'contact ids from a file, or - for stdin: one per line, or CSV with a header row'))
    .addOption(new Option('--lists-file <path>', 'list ids from a file, or - for stdin: one per line, or CSV with a header row'))
    .addOption(new Option('--column <name>', 'CSV column holding the ids, in every CSV file given (default: the first column)'))
    .addOption(new Option('--dry-run', 'print the request plan (requests, contacts, lists, pairs) and send nothing'));
  if (op === 'detach') cmd.addOption(new Option('-y, --yes', 'detach without asking (required when not on a terminal)'));
  return cmd;
}

export function register(program: Command): void {
  const lists = program.command('lists').description('attach contacts to lists and detach them, thousands at a time');
  withHelp(
    bulkOptions(
      lists.command('attach').description('attach every given contact to every given list; prints attached, already_attached, total_pairs'),
      'attach',
    ),
    {
      api: `${OPERATIONS.attachLists.name} ${PER_REQUEST}`,
      examples: [
        'mailctl lists attach --contact 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --list 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
        'mailctl lists attach --contacts-file contacts.csv --column contact_id --list 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
        'cut -d, -f1 export.csv | mailctl lists attach --contacts-file - --lists-file lists.txt --dry-run',
      ],
    },
  ).action(verb(() => import('./attach.js')));
  withHelp(
    bulkOptions(
      lists
        .command('detach')
        .description('detach every given contact from every given list (asks first; --yes to skip); prints detached, not_present, total_pairs'),
      'detach',
    ),
    {
      api: `${OPERATIONS.detachLists.name} ${PER_REQUEST}`,
      examples: [
        'mailctl lists detach --contacts-file leavers.txt --list 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
        'mailctl lists detach --contacts-file - --lists-file lists.csv --yes < leavers.txt',
        'mailctl lists detach --contacts-file leavers.txt --lists-file lists.txt --dry-run --json',
      ],
    },
  ).action(verb(() => import('./detach.js')));
}
