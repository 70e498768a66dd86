import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, ExitCode, UsageError } from '../errors.js';
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

/**
 * Opens an archive. Writable (the default): creates the file (mode 0600: it
 * holds recipient addresses) and its folder, and applies missing migrations.
 * Read-only: the file must exist and hold an archive.
 */
export function openArchive(path: string, opts: { readonly?: boolean } = {}): Database {
  const readonly = opts.readonly ?? false;
  if (readonly && !existsSync(path)) throw missing(path);
  const created = !readonly && !existsSync(path);
  if (created) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let db: Database;
  try {
    db = new BetterSqlite3(path, { readonly, fileMustExist: readonly });
  } catch (error) {
    throw new CliError(`cannot open the event archive ${path}: ${(error as Error).message}`, ExitCode.Failure, { cause: error });
  }
  try {
    if (created) chmodSync(path, 0o600);
    db.pragma('busy_timeout = 5000');
    const version = schemaVersion(db);
    if (version > SCHEMA_VERSION) {
      throw new CliError(`the event archive ${path} has schema version ${version}, newer than this mailctl knows (${SCHEMA_VERSION})`, ExitCode.Failure, {
        hint: 'upgrade mailctl to read it',
      });
    }
    if (readonly) {
      if (version === 0) throw missing(path);
      // Readers visit each page once (an export of a filter's rows, a report's
      // scan): a 256 KB cache recycles its pages, where the default 16 MB would
      // fault in fresh memory for each page read (measured: 20,600 rows of a
      // million-event archive read in 45 ms instead of 58-80 ms).
      db.pragma('cache_size = -256');
      if (version >= 3 && !eventIndexes(db).has(EVENT_ID_INDEX)) readWithoutCopies(db);
      return db;
    }
    useWriterPragmas(db);
    migrate(db);
    // A sync killed while it went without its indexes (indexes.ts) left them missing.
    ensureIndexes(db);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot use the event archive ${path}: ${(error as Error).message}`, ExitCode.Failure, {
      hint: 'is it an SQLite file written by `mailctl events sync`?',
      cause: error,
    });
  }
}
