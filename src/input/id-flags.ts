import type { IO } from '../io.js';
import { CliError, UsageError } from '../errors.js';
import { IdSource } from './id-source.js';
import { counted } from '../counts.js';

// The id flags of `lists attach|detach` (--contact/--contacts-file, --list/--lists-file):
// each opened as one IdSource, its first pass telling what was read, and checked again
// just before anything is sent.


/** What opening an id flag needs of the run (a Context has it). */
export interface IdRun {
  io: Pick<IO, 'stdin' | 'stdinIsTTY' | 'env'>;
  signal: AbortSignal;
  notice(message: string): void;
}

/** Pass 1 over the ids of one flag (see id-source.ts); the caller closes the source. */
export async function openIds(ctx: IdRun, what: 'contact' | 'list', given: string[], file: string | undefined, column?: string): Promise<IdSource> {
  const flag = what === 'contact' ? '--contacts-file' : '--lists-file';
  if (file === '-' && ctx.io.stdinIsTTY) ctx.notice(`reading ${what} ids from stdin (one per line; end with Ctrl-D)`);
  const stdin = ctx.io.stdin as AsyncIterable<unknown> & { destroy?(): void };
  // stdin's temporary copy goes where this run's TMPDIR says (os.tmpdir() when unset).
  const tmpDir = ctx.io.env.TMPDIR || undefined;
  const source = await IdSource.open({ flag, given, path: file, column, stdin, signal: ctx.signal, tmpDir });
  if (source.count === 0) {
    await source.close();
    throw new UsageError(`${flag}: ${file === '-' ? 'stdin' : file} holds no ${what} ids`);
  }
  if (source.duplicates > 0) ctx.notice(`note: ${counted(source.duplicates, `duplicate ${what} id`)} ignored`);
  return source;
}

/** A file changed since pass 1 checked it (while the question waited, say): exit 1, nothing is sent. */
export async function checkUnchanged(...sources: IdSource[]): Promise<void> {
  for (const source of sources) {
    await source.checkUnchanged().catch((error: CliError) => {
      throw error.withHint(error.hint, { details: ['nothing was sent'] });
    });
  }
}
