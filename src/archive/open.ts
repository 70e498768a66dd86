import Database from 'better-sqlite3';
import { join } from 'node:path';
import { configDir, type Env } from '../config/paths.js';

// Minimal stand-in for the archive opener of issue 18 (its branch keeps the
// real one): same signature, so `report --db` queries either.

export type { Database };

/** Opens an archive file; readonly refuses a missing file instead of creating one. */
export function openArchive(path: string, opts: { readonly?: boolean } = {}): Database.Database {
  return new Database(path, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
}

/** Where `events sync` keeps a profile's archive when --db names no file. */
export function defaultArchivePath(env: Env, profile: string): string {
  return join(configDir(env), 'archive', `${profile}.sqlite`);
}
