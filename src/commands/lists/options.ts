import { UsageError } from '../../errors.js';
import { isUuid, shown } from '../../input/ids.js';
import { nonEmpty, pathOrStdin } from '../../input/values.js';
import { flag, type Parsed } from '../define.js';
import { dryRunFlag } from '../runners/write.js';

// What attach and detach share: their flags and the rules between them.

export const PER_REQUEST = '1000 contacts × 50 lists per request, as many requests as needed';
export const LIST = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';

export const BULK_FLAGS = {
  contact: flag.list('contact id; repeatable or comma-separated', { value: 'ids' }),
  list: flag.list('list id; repeatable or comma-separated', { value: 'ids' }),
  contactsFile: flag.string('contact ids from a file, or - for stdin: one per line, or CSV with a header row', { value: 'path', parse: pathOrStdin }).readsText(),
  listsFile: flag.string('list ids from a file, or - for stdin: one per line, or CSV with a header row', { value: 'path', parse: pathOrStdin }).readsText(),
  column: flag.string('CSV column holding the ids, in every CSV file given', { value: 'name', parse: nonEmpty }).defaultShown('the first column'),
  dryRun: dryRunFlag,
};

export interface BulkOptions {
  contacts: string[];
  lists: string[];
  contactsFile?: string;
  listsFile?: string;
  column?: string;
  dryRun: boolean;
  yes: boolean;
}

/** Names the bad item itself. */
function checkIds(name: string, ids: string[] | undefined): void {
  const bad = ids?.find((id) => !isUuid(id));
  // cut as every quoted value is, with an ellipsis: a key pasted here is then still recognised and masked
  if (bad !== undefined) throw new UsageError(`${name}: ${shown(bad)} is not a UUID`);
}

export function checkBulk(o: Parsed<typeof BULK_FLAGS, Record<never, never>> & { yes?: boolean }): BulkOptions {
  checkIds('--contact', o.contact);
  checkIds('--list', o.list);
  if (o.contactsFile === '-' && o.listsFile === '-') {
    throw new UsageError('--contacts-file and --lists-file cannot both be - (stdin can be read only once)');
  }
  if (o.column !== undefined && o.contactsFile === undefined && o.listsFile === undefined) {
    throw new UsageError('--column applies to CSV files: give --contacts-file or --lists-file too');
  }
  if (!o.contact && o.contactsFile === undefined) throw new UsageError('no contacts: give --contact ID or --contacts-file PATH (- for stdin)');
  if (!o.list && o.listsFile === undefined) throw new UsageError('no lists: give --list ID or --lists-file PATH (- for stdin)');
  return {
    contacts: o.contact ?? [],
    lists: o.list ?? [],
    contactsFile: o.contactsFile,
    listsFile: o.listsFile,
    column: o.column,
    dryRun: o.dryRun,
    yes: Boolean(o.yes),
  };
}
