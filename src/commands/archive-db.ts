import type { Context } from '../context.js';
import type { Database } from '../archive/open.js';
import { ValueError } from '../errors.js';
import { flag } from './define.js';

// The --db [PATH] of archive commands: the path given, else $MAILCTL_DB, else
// the profile's file in the data directory (`--db` alone means that default).
// The archive module (and its native binding) loads here, on first use only.

/** commander's value of an optional-value flag: true for `--db` alone. */
export type DbFlag = string | true;

function dbPath(raw: string): string {
  const value = raw.trim();
  if (value === '') throw new ValueError('must be a file path (or leave the value out for the default archive)');
  return value;
}

/** The --db flag of an archive command; `description` says what it does there. */
export function dbFlag(description: string) {
  return flag.optionalValue(description, { value: 'path', parse: dbPath });
}

export async function archivePath(ctx: Context, flag: DbFlag | undefined): Promise<string> {
  if (typeof flag === 'string') return flag;
  const { defaultArchivePath } = await import('../archive/open.js');
  return defaultArchivePath(ctx.io.env, ctx.settings().profile.value);
}

/** Opens the archive for reading: a missing one is a usage error naming `mailctl events sync`. */
export async function openArchiveForReading(ctx: Context, flag: DbFlag | undefined): Promise<{ db: Database; path: string }> {
  const path = await archivePath(ctx, flag);
  const { openArchive } = await import('../archive/open.js');
  return { db: openArchive(path, { readonly: true }), path };
}
