import type { Database } from 'better-sqlite3';
import { CliError, ExitCode } from '../errors.js';

// What SQLite says when the archive file itself is the problem (a damaged
// page, a full disk, a file that cannot be read), as one line saying what and
// where, instead of an "unexpected failure" with a stack trace.

/** How to recover a damaged archive: the service still holds the last 90 days. */
function recovery(path: string): string {
  return (
    `move it aside and sync again: mv '${path}' '${path}.damaged' && mailctl events sync --db '${path}' ` +
    `(the service keeps 90 days of events); rows can be salvaged with: sqlite3 '${path}.damaged' .recover | sqlite3 recovered.sqlite`
  );
}

/** The damaged-archive failure (exit 1), naming the file and how to recover. */
export function damagedArchive(path: string, what: string, afterRows?: number): CliError {
  const after = afterRows === undefined ? '' : ` (stopped after ${afterRows.toLocaleString('en-US')} rows)`;
  return new CliError(`the event archive ${path} is damaged: ${what}${after}`, ExitCode.Failure, { hint: recovery(path) });
}

/**
 * The error to report for a failure of SQLite on the archive at `path`: a
 * known condition becomes one line (exit 1); anything else is returned as it is.
 * `afterRows`: rows already written to stdout when a reader failed part-way.
 */
export function archiveFailure(error: unknown, path: string, afterRows?: number): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return error;
  const message = (error as Error).message;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return damagedArchive(path, message, afterRows);
  if (code === 'SQLITE_FULL') {
    return new CliError(`cannot write the event archive ${path}: no space left on its device (SQLITE_FULL)`, ExitCode.Failure, {
      hint: 'free some space and run `mailctl events sync` again: every page committed so far is kept',
      cause: error,
    });
  }
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY')) {
    return new CliError(`cannot use the event archive ${path}: ${message} (${code})`, ExitCode.Failure, { cause: error });
  }
  return error;
}

/**
 * The archive's own consistency check: `quick_check` (every page and record
 * read once, no index compared with its table) or `integrity_check` (also every
 * index entry against its row). Returns the first problems SQLite names, or
 * an empty list when the archive is sound.
 */
export function checkArchive(db: Database, depth: 'quick' | 'full'): string[] {
  const pragma = depth === 'quick' ? 'quick_check(5)' : 'integrity_check(5)';
  try {
    const found = db.pragma(pragma, { simple: false }) as Array<Record<string, string>>;
    // SQLite puts a heading and the problems on lines of their own: one line each here
    return found.map((row) => (Object.values(row)[0] ?? '').replace(/\s*\n\s*/g, ' ')).filter((line) => line !== 'ok');
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return [(error as Error).message];
    throw error;
  }
}
