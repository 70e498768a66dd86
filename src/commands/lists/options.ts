import type { Command } from 'commander';
import * as z from 'zod';
import { UsageError } from '../../errors.js';
import { isUuid } from '../../input/ids.js';
import { listFlag, parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';

const path = z.string().refine((s) => s.trim() !== '', { error: 'needs a file path, or - for stdin' });

const schema = z.object({
  contact: listFlag(z.string()).optional(),
  list: listFlag(z.string()).optional(),
  contactsFile: path.optional(),
  listsFile: path.optional(),
  column: z.string().trim().min(1, { error: 'needs a column name' }).optional(),
  dryRun: z.boolean().optional(),
  yes: z.boolean().optional(),
});

export interface BulkOptions {
  contacts: string[];
  lists: string[];
  contactsFile?: string;
  listsFile?: string;
  column?: string;
  dryRun: boolean;
  yes: boolean;
}

/** Names the bad item itself (schema.ts cannot point into a split comma list). */
function checkIds(flag: string, ids: string[] | undefined): void {
  const bad = ids?.find((id) => !isUuid(id));
  if (bad !== undefined) throw new UsageError(`${flag}: ${JSON.stringify(bad.slice(0, 60))} is not a UUID`);
}

export function parse(input: RawInput, cmd: Command): BulkOptions {
  const o = parseInput(schema, input, cmd);
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
    dryRun: Boolean(o.dryRun),
    yes: Boolean(o.yes),
  };
}
