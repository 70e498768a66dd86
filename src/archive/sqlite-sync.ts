import { archiveFailure, checkArchive, damagedArchive } from './damage.js';
import { claimForTeam } from './identity.js';
import { ensureIndexes } from './indexes.js';
import { closeArchive, openArchive } from './open.js';
import { pageCommitter } from './page-commit.js';
import { archiveTotals } from './store.js';
import { readSyncState, syncStateWriter, type RunCounts, type SyncKey } from './sync-state.js';
import type { SyncTarget } from './sync-target.js';

// The SQLite file behind the sync target interface (sync-target.ts). Pages are
// committed on the main thread: at the service's rate a sync waits on the rate
// limit far longer than it spends committing.

export function openSqliteSync(path: string, key: SyncKey): SyncTarget {
  const db = openArchive(path);
  const committer = pageCommitter(db, key);
  const state = syncStateWriter(db, key);
  /** This run dropped the indexes (indexes.ts): it must build them before it ends. */
  let indexesDropped = false;
  return {
    label: path,
    async readSyncState() {
      return readSyncState(db, key);
    },
    async claimForTeam(teamId) {
      claimForTeam(db, path, teamId);
    },
    async start(at, firstDay) {
      state.start(at, firstDay);
    },
    async commit(page) {
      const done = committer.commit(page);
      if (done.droppedIndexes) indexesDropped = true;
      return done;
    },
    async settle(counts, failing, warn) {
      if (!indexesDropped) return counts;
      try {
        // Without the unique index the run appended every event it read: the
        // copies of those the archive held (or it read twice) are removed now,
        // and counted as already present rather than new.
        let corrected: RunCounts | undefined;
        ensureIndexes(db, (removed) => {
          corrected = { ...counts, added: counts.added - removed, present: counts.present + removed };
          state.recount(corrected);
        });
        indexesDropped = false;
        // Only once the build committed: a failed one removed nothing.
        return corrected ?? counts;
      } catch (error) {
        if (!failing) throw error;
        warn(`the archive's indexes were not rebuilt (${(error as Error).message}): the next \`mailctl events sync\` rebuilds them`);
        return counts;
      }
    },
    async finish(at) {
      // A damaged page the run never touched would go unnoticed until a reader trips on it.
      const problems = checkArchive(db, 'quick');
      if (problems.length > 0) throw damagedArchive(path, problems.join('; '));
      state.finish(at);
    },
    async totals() {
      return archiveTotals(db);
    },
    failure: (error) => archiveFailure(error, path),
    async close() {
      closeArchive(db);
    },
  };
}
