import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { importBatch, importRequest } from '../../api/audience-admin.js';
import { OPERATIONS } from '../../api/operations.js';
import { IMPORT_BATCH, NAME_MAX } from '../../api/vocabulary.js';
import type { Context } from '../../context.js';
import { CliError, NetworkError, UsageError } from '../../errors.js';
import { abortableChunks, InputBounds } from '../../input/bounded.js';
import { IdTextParser, type ValueKind } from '../../input/id-parser.js';
import { IdDecoder } from '../../input/ids.js';
import { isEmail } from '../../input/values.js';
import { writeDetail } from '../../output/detail.js';
import { checkFields } from '../../output/fields.js';
import { commandLine, globalArgs } from '../command-line.js';
import { startProgress } from '../lists/progress.js';
import { printDryRun, refuseSandboxKey } from '../write.js';

// `contact import`: addresses streamed from a file or stdin through the
// parser of the id commands (one a line, or CSV), 1,000 a request (4.33).
// Nothing is kept but the batch being filled, so memory stays flat however
// long the input is. A regular file is read twice: once to check every line
// and count (nothing is sent if a line is bad; the count gives the progress
// bar its total), then to send. Stdin is read once, so a bad line there stops
// the run where it is, like a failed request: the totals so far go to stdout,
// and stderr says what was imported and the command that finishes the rest.

export interface ImportOptions {
  file: string;
  column?: string;
  list?: string;
  property: [string, string][];
  properties?: Record<string, string>;
  skip: number;
  dryRun: boolean;
}

const ADDRESSES: ValueKind = { test: (v) => v.length <= NAME_MAX && isEmail(v), what: 'an email address', noun: 'address' };
const UNBOUNDED = { lines: Infinity, bytes: Infinity };
const n = (x: number) => x.toLocaleString('en-US');
const TOTALS = ['created', 'already_existed', 'addresses', 'requests', 'requests_succeeded'] as const;

/** The addresses of the input after the first `skip`, `size` at a time, with the 1-based position of the first. */
async function* batches(ctx: Context, o: ImportOptions, size: number): AsyncGenerator<{ from: number; emails: string[] }> {
  const name = o.file === '-' ? 'stdin' : o.file;
  const stream = o.file === '-' ? (ctx.io.stdin as AsyncIterable<unknown> & { destroy?(): void }) : createReadStream(o.file, { highWaterMark: 64 * 1024 });
  const bounds = new InputBounds(name, UNBOUNDED);
  const decoder = new IdDecoder(name);
  let seen = 0;
  let pending: string[] = [];
  let from = o.skip + 1;
  const parser = new IdTextParser(name, o.column, (address) => {
    if (++seen > o.skip) pending.push(address);
  }, ADDRESSES);
  const full = function* () {
    while (pending.length >= size) {
      const emails = pending.slice(0, size);
      pending = pending.slice(size);
      yield { from, emails };
      from += emails.length;
    }
  };
  for await (const chunk of abortableChunks(stream, ctx.signal)) {
    bounds.check(chunk);
    parser.push(decoder.push(chunk));
    if (decoder.error ?? parser.error) throw decoder.error ?? parser.error;
    yield* full();
  }
  parser.push(decoder.end());
  const error = decoder.error ?? parser.end();
  if (error) throw error;
  yield* full();
  if (pending.length > 0) yield { from, emails: pending };
}

/** Pass 1 over a regular file (and a dry run's only pass): every line checked, the addresses to send counted. */
async function count(ctx: Context, o: ImportOptions): Promise<{ total: number; first?: string[] }> {
  let total = 0;
  let first: string[] | undefined;
  for await (const b of batches(ctx, o, IMPORT_BATCH)) {
    first ??= b.emails;
    total += b.emails.length;
  }
  return { total, first };
}

async function isFile(path: string): Promise<boolean> {
  if (path === '-') return false;
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`FILE: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message}`);
  }
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
  checkFields(out.fields, [], TOTALS);
  refuseSandboxKey(ctx, 'create contacts', OPERATIONS.importContacts);
  if (o.file === '-' && ctx.io.stdinIsTTY) ctx.notice('reading addresses from stdin (one per line; end with Ctrl-D)');
  const file = await isFile(o.file);
  const pass1 = file || o.dryRun ? await count(ctx, o) : undefined;
  const planned = pass1?.total;
  if (planned === 0) throw new UsageError(`FILE: ${o.file === '-' ? 'stdin' : o.file} holds no addresses${o.skip > 0 ? ` after the first ${n(o.skip)}` : ''}`);
  if (o.dryRun) {
    const requests = Math.ceil(planned! / IMPORT_BATCH);
    ctx.notice(`dry run: ${n(planned!)} addresses in ${n(requests)} request${requests === 1 ? '' : 's'} of at most ${n(IMPORT_BATCH)}; the first:`);
    return printDryRun(ctx, importRequest(pass1!.first!, o.list, o.properties));
  }
  const api = await ctx.api();
  const totals = { created: 0, already_existed: 0, addresses: 0, requests: 0, requests_succeeded: 0 };
  const requestsPlanned = planned === undefined ? 0 : Math.ceil(planned / IMPORT_BATCH);
  const progress = planned === undefined ? undefined : startProgress(ctx, 'importing', requestsPlanned, planned, 'addresses');
  const warnings: string[] = [];
  let current: { from: number; emails: string[] } | undefined;
  const print = () => writeDetail(out, totals, [{ fields: TOTALS.map((key) => ({ key, label: key.replace('_', ' '), value: totals[key], kind: 'number' as const })) }]);
  try {
    for await (const b of batches(ctx, o, IMPORT_BATCH)) {
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
    for (const m of warnings) ctx.warn(m);
    await print();
    const done = o.skip + totals.addresses;
    const unsure = ctx.signal.aborted || error instanceof NetworkError || (error instanceof CliError && error.outcomeUnknown);
    const lines = [
      totals.addresses === 0
        ? 'nothing was imported'
        : `imported addresses ${n(o.skip + 1)}-${n(done)} of the input (${n(totals.requests_succeeded)} requests): ${n(totals.created)} created, ${n(totals.already_existed)} already existed`,
    ];
    if (current) {
      const range = `addresses ${n(current.from)}-${n(current.from + current.emails.length - 1)}`;
      lines.push(unsure ? `the request with ${range} may or may not have been applied` : `the request with ${range} was not applied`);
    }
    lines.push(`to finish the rest (re-running is safe: addresses already there count as already existed):\n  ${finishCommand(ctx, o, done)}`);
    ctx.io.stderr.write(`${lines.join('\n')}\n`);
    throw error;
  }
  progress?.stop();
  for (const m of warnings) ctx.warn(m);
  await print();
}
