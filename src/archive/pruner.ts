import { existsSync } from 'node:fs';
import { UsageError } from '../errors.js';
import type { ArchiveLocation } from './location.js';
import type { PgConnectOptions } from './pg/connect.js';
import type { PruneOutcome } from './prune.js';

// `events prune` on either store: the command never knows which. SQLite
// deletes the rows of the days (prune.ts), PostgreSQL drops their day
// partitions (pg/prune.ts). Each store's module loads only for its own kind.

export interface Pruner {
  /** The archive's path, or its URL without a password. */
  readonly label: string;
  /** What pruning before the day would remove, and leave; changes nothing. */
  plan(before: string): Promise<PruneOutcome>;
  prune(before: string, onProgress?: (removed: number) => void): Promise<PruneOutcome>;
  close(): Promise<void>;
}

function noArchive(label: string): UsageError {
  return new UsageError(`no event archive at ${label}: nothing to prune`, {
    hint: 'check --db (or MAILCTL_DB, --profile); `mailctl events sync` creates an archive',
  });
}

async function sqlitePruner(path: string): Promise<Pruner> {
  // Never created here: a prune of a mistyped path must not leave an empty archive behind.
  if (!existsSync(path)) throw noArchive(path);
  const { openArchive, closeArchive } = await import('./open.js');
  const { archiveFailure } = await import('./damage.js');
  const { planSqlitePrune, pruneSqlite } = await import('./prune.js');
  return {
    label: path,
    async plan(before) {
      // Read-only: a refusal or a dry run leaves the file exactly as it was.
      const db = openArchive(path, { readonly: true });
      try {
        return planSqlitePrune(db, before);
      } catch (error) {
        throw archiveFailure(error, path);
      } finally {
        db.close();
      }
    },
    async prune(before, onProgress) {
      const db = openArchive(path);
      try {
        return pruneSqlite(db, before, onProgress);
      } catch (error) {
        throw archiveFailure(error, path);
      } finally {
        closeArchive(db);
      }
    },
    async close() {},
  };
}

async function pgPruner(target: Extract<ArchiveLocation, { kind: 'postgres' }>['target'], opts: PgConnectOptions): Promise<Pruner> {
  const { connectPg, pgFailure } = await import('./pg/connect.js');
  const { checkReadable } = await import('./pg/schema.js');
  const { planPgPrune, prunePg } = await import('./pg/prune.js');
  const client = await connectPg(target, opts);
  const failure = (error: unknown) => pgFailure(error, target);
  try {
    if (!(await checkReadable(client, target.display))) throw noArchive(target.display);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw failure(error);
  }
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw failure(error);
    }
  };
  return {
    label: target.display,
    plan: (before) => guarded(() => planPgPrune(client, before)),
    prune: (before, onProgress) => guarded(() => prunePg(client, before, onProgress)),
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

export async function openPruner(loc: ArchiveLocation, pg: PgConnectOptions): Promise<Pruner> {
  return loc.kind === 'sqlite' ? sqlitePruner(loc.path) : pgPruner(loc.target, pg);
}
