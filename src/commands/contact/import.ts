import { OPERATIONS } from '../../api/operations.js';
import { IMPORT_BATCH } from '../../api/vocabulary.js';
import { UsageError, ValueError } from '../../errors.js';
import { nonEmpty, uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { propertyPair } from '../../input/resource-values.js';

function source(raw: string): string {
  if (raw.trim() === '') throw new ValueError('needs a file path, or - for stdin');
  return raw;
}

export default command({
  name: 'import',
  summary: 'create contacts from a file of addresses, 1,000 a request; prints created and already existed',
  description:
    'FILE holds one address per line, or CSV with a header row (the first column, or the one\n' +
    '--column names). Any number of addresses is streamed, 1,000 a request at the pace the\n' +
    'rate limit allows, with progress and an ETA on a terminal. A file is checked whole before\n' +
    'anything is sent. Re-running is safe: addresses the team has are counted as already\n' +
    'existed. After a failure the totals so far are printed and the command that finishes the\n' +
    'rest (--skip N) is named.',
  args: { file: arg('file of addresses, or - for stdin', { parse: source, values: 'files' }).readsText() },
  flags: {
    column: flag.string('CSV column holding the addresses', { value: 'name', parse: nonEmpty }).defaultShown('the first column'),
    list: flag.string('list every created contact is added to (a UUID)', { value: 'id', parse: uuid }),
    property: flag.repeated('a property set on every created contact: name=value (repeatable)', { value: 'name=value', parse: propertyPair }),
    skip: flag.integer('skip the first N addresses of the input (to finish an interrupted run)', [0, 1_000_000_000]),
    dryRun: dryRunFlag,
  },
  examples: [
    'mailctl contact import subscribers.txt',
    'mailctl contact import export.csv --column email --list 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a --property signup_source=import',
    'cut -d, -f2 export.csv | mailctl contact import - --dry-run',
  ],
  operation: OPERATIONS.importContacts,
  operationNote: `${IMPORT_BATCH} addresses per request, as many requests as needed`,
  check(o) {
    const properties = o.property ? Object.fromEntries(o.property) : undefined;
    if (properties && Object.keys(properties).some((k) => k === '')) throw new UsageError('--property: a name is empty');
    return { file: o.file, column: o.column, list: o.list, property: o.property ?? [], properties, skip: o.skip ?? 0, dryRun: o.dryRun };
  },
  async run(opts, ctx) {
    const { runImport } = await import('./import-run.js');
    await runImport(opts, ctx);
  },
});
