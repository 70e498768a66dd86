import type { PgTarget } from '../location.js';
import type { SyncKey } from '../sync-state.js';
import type { SyncTarget } from '../sync-target.js';
import { connectPg, pgFailure, type PgConnectOptions } from './connect.js';
import { lockSyncPosition } from './lock.js';
import { pgPageCommitter, type PageBatching } from './page.js';
import { prepareWritable } from './schema.js';
import { claimPgForTeam, pgArchiveTotals, pgSyncStateWriter, readPgSyncState } from './sync-state.js';

// The PostgreSQL database behind the sync target interface (sync-target.ts):
// one connection for the run, the schema created or migrated, the position's
// advisory lock held from before its state is read until the connection closes.

export async function openPgSync(target: PgTarget, key: SyncKey, opts: PgConnectOptions & { wait: boolean; notice: (m: string) => void; batching?: PageBatching }): Promise<SyncTarget> {
  const client = await connectPg(target, opts);
  const label = target.display;
  let committer: Awaited<ReturnType<typeof pgPageCommitter>>;
  try {
    await prepareWritable(client, label);
    await lockSyncPosition(client, key, { wait: opts.wait, label, notice: opts.notice });
    committer = await pgPageCommitter(client, key, opts.batching);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw opts.signal?.aborted ? opts.signal.reason : pgFailure(error, target);
  }
  const state = pgSyncStateWriter(client, key);
  return {
    label,
    readSyncState: () => readPgSyncState(client, key),
    claimForTeam: (teamId) => claimPgForTeam(client, label, teamId),
    start: (at, firstDay) => state.start(at, firstDay),
    commit: (page) => committer.commit(page),
    // What is deferred: the pages held for the next commit (page.ts). Every
    // page goes in with the table's key and indexes, nothing else waits.
    async settle(counts, failing) {
      const committed = await committer.settle(failing);
      return { ...counts, read: committed.read, added: committed.added, present: committed.present, requests: committed.requests };
    },
    finish: (at) => state.finish(at),
    totals: () => pgArchiveTotals(client),
    // Ctrl-C closes the connection under the query in flight: the interruption is the error, not the lost connection.
    failure: (error) => (opts.signal?.aborted ? opts.signal.reason : pgFailure(error, target)),
    async close() {
      committer.discard();
      // Ending the session releases the advisory lock.
      await client.end().catch(() => undefined);
    },
  };
}
