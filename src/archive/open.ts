import Database from 'better-sqlite3';

// Minimal stand-in for the archive opener of issue 18 (its branch keeps the
// real one, with defaultArchivePath): same signature, so `report --db` queries either.

export type { Database };

/** Opens an archive file; readonly refuses a missing file instead of creating one. */
export function openArchive(path: string, opts: { readonly?: boolean } = {}): Database.Database {
  return new Database(path, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
}
