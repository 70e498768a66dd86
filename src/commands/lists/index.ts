import { OPERATIONS } from '../../api/operations.js';
import type { CommandSpec, OptionSpec } from '../spec.js';

const PER_REQUEST = '1000 contacts × 50 lists per request, as many requests as needed';
const LIST = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';

const BULK_OPTIONS: readonly OptionSpec[] = [
  { flags: '--contact <ids>', description: 'contact id; repeatable or comma-separated', repeatable: true },
  { flags: '--list <ids>', description: 'list id; repeatable or comma-separated', repeatable: true },
  { flags: '--contacts-file <path>', description: 'contact ids from a file, or - for stdin: one per line, or CSV with a header row' },
  { flags: '--lists-file <path>', description: 'list ids from a file, or - for stdin: one per line, or CSV with a header row' },
  { flags: '--column <name>', description: 'CSV column holding the ids, in every CSV file given (default: the first column)' },
  { flags: '--dry-run', description: 'print the request plan (requests, contacts, lists, pairs) and send nothing' },
];

export const spec: CommandSpec = {
  name: 'lists',
  summary: 'attach contacts to lists and detach them, thousands at a time',
  group: 'writing',
  commands: [
    {
      name: 'attach',
      summary: 'attach every given contact to every given list; prints attached, already_attached, total_pairs',
      options: BULK_OPTIONS,
      examples: [
        `mailctl lists attach --contact 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --list ${LIST}`,
        `mailctl lists attach --contacts-file contacts.csv --column contact_id --list ${LIST}`,
        'cut -d, -f1 export.csv | mailctl lists attach --contacts-file - --lists-file lists.txt --dry-run',
      ],
      operation: OPERATIONS.attachLists,
      operationNote: PER_REQUEST,
      load: () => import('./attach.js'),
    },
    {
      name: 'detach',
      summary: 'detach every given contact from every given list (asks first; --yes to skip); prints detached, not_present, total_pairs',
      options: [...BULK_OPTIONS, { flags: '-y, --yes', description: 'detach without asking (required when not on a terminal)' }],
      examples: [
        `mailctl lists detach --contacts-file leavers.txt --list ${LIST}`,
        'mailctl lists detach --contacts-file - --lists-file lists.csv --yes < leavers.txt',
        'mailctl lists detach --contacts-file leavers.txt --lists-file lists.txt --dry-run --json',
      ],
      operation: OPERATIONS.detachLists,
      operationNote: PER_REQUEST,
      load: () => import('./detach.js'),
    },
  ],
};
