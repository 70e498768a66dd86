import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError, ExitCode, UsageError } from '../errors.js';
import { archiveFailure } from './damage.js';
import { prepareArchiveFile, readOnlyCopy, unreadableWithoutWriting } from './file.js';
import { requireOwnDatabase } from './identity.js';
import { ensureIndexes, EVENT_ID_INDEX, eventIndexes } from './indexes.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from './schema.js';
import { useWriterPragmas } from './writer-pragmas.js';

// The archive file: one SQLite database per profile, opened in WAL mode so a
// reader (events list --db, report --db, sqlite3) never blocks a running sync.
// This module loads the native binding: only archive commands import it.

export type Database = BetterSqlite3.Database;

const ARCHIVE_FILE_NAME = 'events.sqlite';

/**
 * Where a profile's archive lives: $MAILCTL_DB, else events.sqlite in the
 * platform's data directory, one folder per profile (cli.md "Event archive").
 */
export function defaultArchivePath(env: Record<string, string | undefined>, profile: string, platform: NodeJS.Platform = process.platform): string {
  if (env.MAILCTL_DB) return env.MAILCTL_DB;
  const home = env.HOME || homedir();
  let base: string;
  if (platform === 'darwin') base = join(home, 'Library', 'Application Support', 'mailctl');
  else if (platform === 'win32') base = join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'mailctl', 'Data');
  else base = join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'mailctl');
  return join(base, profile, ARCHIVE_FILE_NAME);
}

function missing(path: string): UsageError {
  return new UsageError(`no event archive at ${path}`, {
    hint: 'create it with `mailctl events sync` (same --profile, or the same --db PATH)',
  });
}

/**
 * A sync that went without the unique index on event_id (indexes.ts) may
 * hold an event twice until it ends, or until the next sync when it was
 * killed. A reader then reads `events` through a view that keeps the last
 * copy of each, as the sync's end will: the same answers, at the cost of one
 * grouping of the table. The view lives in the connection's own temp schema,
 * which shadows the file's table and writes nothing to the file.
 */
function readWithoutCopies(db: Database): void {
  db.exec(
    `CREATE TEMP VIEW events AS SELECT rowid AS rowid, * FROM main.events
     WHERE rowid IN (SELECT max(rowid) FROM main.events GROUP BY event_id)`,
  );
}

/** A reader's connection; `version` is read here because a WAL file in a read-only folder fails only at the first read. */
function connectReader(path: string): { db: Database; version: number } {
  const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    return { db, version: schemaVersion(db) };
  } catch (error) {
    db.close();
    if (!unreadableWithoutWriting(error)) throw error;
  }
  // A WAL-mode archive needs its -shm file, which a read-only folder cannot
  // hold (a backup): read a copy of the file in memory instead (file.ts).
  const copy = new BetterSqlite3(readOnlyCopy(path), { readonly: true });
  return { db: copy, version: schemaVersion(copy) };
}

function notAnSqliteFile(path: string, error: unknown): UsageError {
  return new UsageError(`--db ${path} is not an SQLite database (${(error as Error).message}): not an event archive, or one damaged in its first page`, {
    hint: 'an archive is written by `mailctl events sync`; a damaged one is moved aside and synced again',
  });
}

/**
 * Opens an archive. Writable (the default): creates the file and its folder,
 * keeps the file 0600 (it holds recipient addresses) however it was created,
 * writes only into an empty file or an archive (identity.ts), and applies
 * missing migrations. Read-only: the file must exist and hold an archive, and
 * no write access is needed (a backup in a read-only folder reads too).
 */
export function openArchive(path: string, opts: { readonly?: boolean } = {}): Database {
  const readonly = opts.readonly ?? false;
  if (readonly && !existsSync(path)) throw missing(path);
  if (!readonly) prepareArchiveFile(path);
  let db: Database;
  let version: number;
  try {
    if (readonly) ({ db, version } = connectReader(path));
    else {
      db = new BetterSqlite3(path);
      version = schemaVersion(db);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw notAnSqliteFile(path, error);
    const known = archiveFailure(error, path);
    if (known !== error) throw known;
    throw new CliError(`cannot open the event archive ${path}: ${(error as Error).message}`, ExitCode.Failure, { cause: error });
  }
  try {
    db.pragma('busy_timeout = 5000');
    if (version > SCHEMA_VERSION) {
      throw new CliError(`the event archive ${path} has schema version ${version}, newer than this mailctl knows (${SCHEMA_VERSION})`, ExitCode.Failure, {
        hint: 'upgrade mailctl to read it',
      });
    }
    if (readonly) {
      // another program's database is named as such; an empty file holds no archive yet
      requireOwnDatabase(db, path, version);
      if (version === 0) throw missing(path);
      // Readers visit each page once (an export of a filter's rows, a report's
      // scan): a 256 KB cache recycles its pages, where the default 16 MB would
      // fault in fresh memory for each page read (measured: 20,600 rows of a
      // million-event archive read in 45 ms instead of 58-80 ms).
      db.pragma('cache_size = -256');
      if (version >= 3 && !eventIndexes(db).has(EVENT_ID_INDEX)) readWithoutCopies(db);
      return db;
    }
    requireOwnDatabase(db, path, version);
    useWriterPragmas(db);
    migrate(db);
    // A sync killed while it went without its indexes (indexes.ts) left them missing.
    ensureIndexes(db);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof CliError) throw error;
    const known = archiveFailure(error, path);
    if (known !== error) throw known;
    throw new CliError(`cannot use the event archive ${path}: ${(error as Error).message}`, ExitCode.Failure, {
      hint: 'is it an SQLite file written by `mailctl events sync`?',
      cause: error,
    });
  }
}

/**
 * Closes a writer's connection and leaves the file in rollback-journal mode:
 * a copy of it (a backup) then reads anywhere, a read-only folder included,
 * where a WAL-mode file needs a -shm file beside it. The next sync turns WAL
 * back on. With a reader still open the switch is skipped (it would wait).
 */
export function closeArchive(db: Database): void {
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('journal_mode = DELETE');
  } catch {
    // another connection is reading: the file stays in WAL mode, as before
  }
  db.close();
}
