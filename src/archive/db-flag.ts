import type { Context } from '../context.js';
import type { Database } from './open.js';
import type { ArchiveReader } from './reader.js';
import type { PgConnectOptions } from './pg/connect.js';
import { archiveLocation, type ArchiveLocation } from './location.js';
import { UsageError } from '../errors.js';

// Where the --db [PATH|URL] of archive commands points: the path or PostgreSQL
// URL given, else $MAILCTL_DB, else the profile's file in the data directory
// (`--db` alone means that default). The stores (better-sqlite3, pg) load
// here, on first use only.

/** commander's value of an optional-value flag: true for `--db` alone. */
export type DbFlag = string | true;

/** Where the archive is: --db, else MAILCTL_DB (a URL with a password refused alike), else the profile's file. */
export async function archiveLocationOf(ctx: Context, flag: DbFlag | undefined): Promise<ArchiveLocation> {
  if (typeof flag === 'string') return archiveLocation(flag, '--db');
  const fromEnv = ctx.io.env.MAILCTL_DB?.trim();
  if (fromEnv) return archiveLocation(fromEnv, 'MAILCTL_DB');
  const { defaultArchivePath } = await import('./open.js');
  return { kind: 'sqlite', path: defaultArchivePath(ctx.io.env, ctx.settings().profile.value) };
}

/** How archive commands connect to PostgreSQL: the run's env, Ctrl-C, --verbose, the OS credential store, the secret set. */
export function pgConnectOptions(ctx: Context, applicationName: string): PgConnectOptions {
  return {
    env: ctx.io.env,
    signal: ctx.signal,
    warn: (message) => ctx.warn(message),
    trace: (line) => ctx.trace(line),
    storedPassword: async (account) => (await import('../config/keychain.js')).readDbPassword(account, ctx.io.env, ctx.signal),
    addSecret: (secret) => ctx.addSecret(secret),
    applicationName,
  };
}

/** Opens the SQLite archive for reading: a missing one is a usage error naming `mailctl events sync`. */
export async function openArchiveForReading(ctx: Context, flag: DbFlag | undefined): Promise<{ db: Database; path: string }> {
  const loc = await archiveLocationOf(ctx, flag);
  if (loc.kind !== 'sqlite') throw new UsageError(`--db ${loc.target.display}: this command reads an SQLite archive only`);
  const { openArchive } = await import('./open.js');
  return { db: openArchive(loc.path, { readonly: true }), path: loc.path };
}

/** Opens the archive, of either store, for reading (events list --db, email show --db). */
export async function openArchiveReader(ctx: Context, flag: DbFlag | undefined, command: string): Promise<ArchiveReader> {
  const loc = await archiveLocationOf(ctx, flag);
  if (loc.kind === 'sqlite') return (await import('./sqlite-reader.js')).openSqliteReader(loc.path);
  return (await import('./pg/reader.js')).openPgReader(loc.target, pgConnectOptions(ctx, `mailctl ${command}`));
}
