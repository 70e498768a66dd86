import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../errors.js';

// The archive's file on disk, before SQLite opens it: its folder, its mode,
// and a reader's way in when the folder cannot be written.

const WAL_SIDE_FILES = ['-wal', '-shm'];

/** The nearest existing ancestor of a path, when it is not a folder (a --db under a file). */
function fileInTheWay(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(d)) return statSync(d).isDirectory() ? undefined : d;
    if (dirname(d) === d) return undefined;
  }
}

/** `what`: what could not be done, "create the archive's folder DIR" by default. */
function folderFailure(path: string, dir: string, error: NodeJS.ErrnoException, what = `create the archive's folder ${dir}`): UsageError {
  const blocker = fileInTheWay(dir);
  if (blocker !== undefined) return new UsageError(`--db ${path}: ${blocker} is a file, not a folder (nothing was sent)`);
  const why =
    error.code === 'EACCES' || error.code === 'EPERM'
      ? 'permission denied'
      : error.code === 'EROFS'
        ? 'read-only file system'
        : error.code === 'ENOSPC'
          ? 'no space left on device'
          : error.message;
  return new UsageError(`--db ${path}: cannot ${what}: ${why}${error.code ? ` (${error.code})` : ''} (nothing was sent)`, {
    hint: 'choose a writable place with --db PATH or MAILCTL_DB',
  });
}

/**
 * Makes ready the file a writer opens: its folder exists (0700 when created),
 * the path is not a folder, and the file is 0600 whoever created it and with
 * what mode (it holds recipient addresses, as the config file holds the key).
 */
export function prepareArchiveFile(path: string): void {
  const dir = dirname(path);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw folderFailure(path, dir, error as NodeJS.ErrnoException);
  }
  if (process.platform === 'win32') return;
  if (!existsSync(path)) {
    try {
      // created 0600 from its first byte, not opened by SQLite with the umask's mode and tightened later
      closeSync(openSync(path, 'wx', 0o600));
    } catch (error) {
      throw folderFailure(path, dir, error as NodeJS.ErrnoException, `create the archive file in ${dir}`);
    }
    return;
  }
  if (statSync(path).isDirectory()) throw new UsageError(`--db ${path} is a folder: give the path of the archive file inside it`);
  for (const file of [path, ...WAL_SIDE_FILES.map((s) => path + s)]) {
    try {
      if (existsSync(file) && statSync(file).mode & 0o077) chmodSync(file, 0o600);
    } catch (error) {
      throw folderFailure(path, dir, error as NodeJS.ErrnoException, `make ${file} readable by its owner only (chmod 600)`);
    }
  }
}

/** A reader's open failed because SQLite wanted to write beside a WAL-mode file (its -shm), and cannot. */
export function unreadableWithoutWriting(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code ?? '');
  return code === 'SQLITE_READONLY_DIRECTORY' || code === 'SQLITE_READONLY_CANTINIT' || code === 'SQLITE_READONLY_CANTLOCK' || code.startsWith('SQLITE_CANTOPEN');
}

/** Bytes 18 and 19 of an SQLite header: the file format versions, 2 for WAL mode and 1 for a rollback journal. */
const FORMAT_BYTES = [18, 19] as const;

/**
 * The archive's bytes, for an in-memory read-only connection: the whole file
 * is read (memory: the file's size), marked as a rollback-journal database,
 * which needs no -shm file. What a -wal file beside it holds is not read: a
 * copy taken while a sync was running misses that sync's last pages.
 */
export function readOnlyCopy(path: string): Buffer {
  const bytes = readFileSync(path);
  if (bytes.length >= 20) for (const i of FORMAT_BYTES) if (bytes[i] === 2) bytes[i] = 1;
  return bytes;
}
