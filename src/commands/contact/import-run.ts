import { importBatch, importRequest } from '../../api/audience-admin.js';
import { OPERATIONS } from '../../api/operations.js';
import { IMPORT_BATCH, NAME_MAX } from '../../api/vocabulary.js';
import type { Context } from '../../context.js';
import { CliError, NetworkError, UsageError } from '../../errors.js';
import { addressBatches, countAddresses, isRegularFile, type AddressInput } from '../../input/address-batches.js';
import { checkImportFields, importFailureLines, writeImportTotals, type ImportTotals } from '../../report/bulk.js';
import { commandLine } from '../../output/command-line.js';
import { globalArgs } from '../command-line.js';
import { startProgress } from '../../output/progress-bar.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { counted, thousands as n } from '../../counts.js';

// `contact import`: addresses streamed from a file or stdin
// (input/address-batches.ts), 1,000 a request (4.33). A regular file is read
// twice: once to check every line and count (nothing is sent if a line is bad;
// the count gives the progress bar its total), then to send. Stdin is read
// once, so a bad line there stops the run where it is, like a failed request:
// the totals so far go to stdout, and stderr says what was imported and the
// command that finishes the rest.

export interface ImportOptions {
  file: string;
  column?: string;
  list?: string;
  property: [string, string][];
  properties?: Record<string, string>;
  skip: number;
  dryRun: boolean;
}

/** Where the addresses come from, read a request's worth at a time. */
function input(ctx: Context, o: ImportOptions): AddressInput {
  const stdin = o.file === '-' ? (ctx.io.stdin as AsyncIterable<unknown> & { destroy?(): void }) : undefined;
  return { path: o.file, stdin, column: o.column, skip: o.skip, size: IMPORT_BATCH, maxLength: NAME_MAX, signal: ctx.signal };
}

function finishCommand(ctx: Context, o: ImportOptions, skip: number): string {
  const args = [o.file];
  if (o.column !== undefined) args.push('--column', o.column);
  if (o.list !== undefined) args.push('--list', o.list);
  for (const [k, v] of o.property) args.push('--property', `${k}=${v}`);
  args.push('--skip', String(skip));
  return commandLine(['contact', 'import'], [...args, ...globalArgs(ctx.globals)]);
}

export async function runImport(o: ImportOptions, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkImportFields(out);
  refuseSandboxKey(ctx, 'create contacts', OPERATIONS.importContacts);
  if (o.file === '-' && ctx.io.stdinIsTTY) ctx.notice('reading addresses from stdin (one per line; end with Ctrl-D)');
  const file = await isRegularFile(o.file, 'FILE');
  // Pass 1 over a regular file (and a dry run's only pass): every line checked, the addresses to send counted.
  const pass1 = file || o.dryRun ? await countAddresses(input(ctx, o)) : undefined;
  const planned = pass1?.total;
  if (planned === 0) throw emptyInput(o);
  if (o.dryRun) {
    const requests = Math.ceil(planned! / IMPORT_BATCH);
    ctx.notice(`dry run: ${counted(planned!, 'address', 'addresses')} in ${counted(requests, 'request')} of at most ${n(IMPORT_BATCH)}; the first:`);
    return printDryRun(ctx, importRequest(pass1!.first!, o.list, o.properties));
  }
  const api = await ctx.api();
  const totals: ImportTotals = { created: 0, already_existed: 0, addresses: 0, requests: 0, requests_succeeded: 0 };
  const requestsPlanned = planned === undefined ? 0 : Math.ceil(planned / IMPORT_BATCH);
  const progress = planned === undefined ? undefined : startProgress(ctx, 'importing', requestsPlanned, planned, 'addresses');
  const warnings: string[] = [];
  let current: { from: number; emails: string[] } | undefined;
  try {
    for await (const b of addressBatches(input(ctx, o))) {
      current = b;
      if (ctx.signal.aborted) throw ctx.signal.reason;
      totals.requests++;
      const result = await importBatch(api, importRequest(b.emails, o.list, o.properties));
      if (result.afterLostAnswer) {
        warnings.push(`addresses ${n(b.from)}-${n(b.from + b.emails.length - 1)} were sent again after an answer was lost: some created then may be counted as already existed`);
      }
      totals.created += result.created;
      totals.already_existed += result.already_existed;
      totals.addresses += b.emails.length;
      totals.requests_succeeded++;
      current = undefined;
      progress?.update(totals.requests_succeeded, totals.addresses);
    }
  } catch (error) {
    progress?.stop();
    // stdin's bad line (or Ctrl-C) before the first request: nothing was sent, so no totals nor --skip
    if (totals.requests === 0) throw error;
    for (const m of warnings) ctx.warn(m);
    await writeImportTotals(out, totals);
    const done = o.skip + totals.addresses;
    const unsure = ctx.signal.aborted || error instanceof NetworkError || (error instanceof CliError && error.outcomeUnknown);
    const lines = importFailureLines(o.skip, totals, current, unsure, finishCommand(ctx, o, done));
    ctx.io.stderr.write(`${lines.join('\n')}\n`);
    throw error;
  }
  progress?.stop();
  // stdin (or a device such as /dev/null) is read once, without the first pass that refuses an
  // empty regular file: refuse it the same way here, nothing having been sent
  if (totals.requests === 0) throw emptyInput(o);
  if (totals.already_existed > 0 && (o.list ?? o.properties)) warnings.push(`${counted(totals.already_existed, 'address', 'addresses')} already existed: the API does not say it adds existing contacts to --list or sets --property on them${o.list ? `; see \`mailctl contact list --list ${o.list}\`` : ''}`);
  for (const m of warnings) ctx.warn(m);
  await writeImportTotals(out, totals);
}

function emptyInput(o: ImportOptions): UsageError {
  return new UsageError(`FILE: ${o.file === '-' ? 'stdin' : o.file} holds no addresses${o.skip > 0 ? ` after the first ${n(o.skip)}` : ''}`);
}
