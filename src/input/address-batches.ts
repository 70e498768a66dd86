import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CONTACT_ADDRESS_RE } from '../api/vocabulary.js';
import { UsageError } from '../errors.js';
import { abortableChunks, InputBounds } from './bounded.js';
import { IdTextParser, type ValueKind } from './id-parser.js';
import { IdDecoder } from './ids.js';
import { thousands } from '../counts.js';

// Email addresses streamed from a file or stdin through the parser of the id
// commands (one a line, or CSV), a batch at a time: nothing is kept but the
// batch being filled, so memory stays flat however long the input is.

const UNBOUNDED = { lines: Infinity, bytes: Infinity };
/** A file checked whole names this many bad lines, then how many more: enough to fix them in one go. */
const SHOWN_BAD_LINES = 10;

export interface AddressInput {
  /** A file, or "-" for `stdin`. */
  path: string;
  stdin?: AsyncIterable<unknown> & { destroy?(): void };
  /** The CSV column holding the addresses (else one a line, or the only column). */
  column?: string;
  /** Addresses to pass over first (a run that stopped part-way). */
  skip: number;
  size: number;
  /** Longest address taken. */
  maxLength: number;
  signal?: AbortSignal;
}

/**
 * The input read through the parser, chunk by chunk: `take` gets each address after the first
 * `skip`; a yield after each chunk lets the caller hand on what it took.
 */
async function* parse(o: AddressInput, take: (address: string) => void, onBadValue?: (message: string, hint?: string) => void): AsyncGenerator<void> {
  const name = o.path === '-' ? 'stdin' : o.path;
  const stream = o.path === '-' ? o.stdin! : createReadStream(o.path, { highWaterMark: 64 * 1024 });
  const addresses: ValueKind = { test: (v) => v.length <= o.maxLength && CONTACT_ADDRESS_RE.test(v), what: 'an email address', noun: 'address', plural: 'addresses' };
  const bounds = new InputBounds(name, UNBOUNDED);
  const decoder = new IdDecoder(name);
  let seen = 0;
  const parser = new IdTextParser(name, o.column, (address) => {
    if (++seen > o.skip) take(address);
  }, addresses);
  parser.onBadValue = onBadValue;
  for await (const chunk of abortableChunks(stream, o.signal)) {
    bounds.check(chunk);
    parser.push(decoder.push(chunk));
    if (decoder.error ?? parser.error) throw decoder.error ?? parser.error;
    yield;
  }
  parser.push(decoder.end());
  const error = decoder.error ?? parser.end();
  if (error) throw error;
}

/** The addresses of the input after the first `skip`, `size` at a time, with the 1-based position of the first. */
export async function* addressBatches(o: AddressInput): AsyncGenerator<{ from: number; emails: string[] }> {
  const pending: string[] = [];
  let from = o.skip + 1;
  const full = function* () {
    while (pending.length >= o.size) {
      const emails = pending.splice(0, o.size);
      yield { from, emails };
      from += emails.length;
    }
  };
  for await (const _ of parse(o, (address) => pending.push(address))) yield* full();
  yield* full();
  if (pending.length > 0) yield { from, emails: pending };
}

/**
 * Every line checked, nothing kept but the first batch: how many addresses there are, and that
 * batch (a dry run prints its request).
 */
export async function countAddresses(o: AddressInput): Promise<{ total: number; first?: string[] }> {
  let total = 0;
  const first: string[] = [];
  const bad: string[] = [];
  let more = 0;
  let hint: string | undefined;
  const take = (address: string) => {
    if (total++ < o.size) first.push(address);
  };
  for await (const _ of parse(o, take, (message, h) => {
    if (bad.length === 0) hint = h;
    if (bad.length < SHOWN_BAD_LINES) bad.push(message);
    else more++;
  }));
  if (bad.length > 0) {
    const rest = more === 0 ? [] : [`and ${thousands(more)} more ${more === 1 ? 'line that is not an address' : 'lines that are not addresses'}`];
    // the --column hint is for a column holding no address at all: not when later rows held some
    throw new UsageError(bad[0]!, { hint: total > 0 ? undefined : hint, details: [...bad.slice(1), ...rest].map((m) => `  ${m}`) });
  }
  return { total, first: total > 0 ? first : undefined };
}

/** True for a regular file (it can be read twice), false for "-" and other streams; `flag` names it in the error. */
export async function isRegularFile(path: string, flag: string): Promise<boolean> {
  if (path === '-') return false;
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${flag}: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message}`);
  }
  // a folder would fail at the first read, after the totals and a "--skip 0" to finish with
  if (info.isDirectory()) throw new UsageError(`${flag}: cannot read ${path}: it is a folder, not a file`);
  return info.isFile();
}
