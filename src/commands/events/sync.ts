import { OPERATIONS } from '../../api/operations.js';
import { EMAIL_EVENT_TYPES, MAX_EVENTS_PER_PAGE } from '../../api/vocabulary.js';
import type { Database } from '../../archive/open.js';
import type { PageSink } from '../../archive/page-sink.js';
import type { RunCounts, SyncKey } from '../../archive/sync-state.js';
import { requireBaseUrl } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { archivePath, dbFlag, type DbFlag } from '../archive-db.js';
import { command, flag, type Parsed } from '../define.js';
import { firstRunFrom, parseOverlap, planPasses, type SyncPass } from './sync-plan.js';
import { syncProgress, type SyncProgress } from './sync-progress.js';
import { printSyncDryRun, writeSyncSummary } from './sync-report.js';

// `events sync`: copies the account's events into the local archive. Every
// page is stored in one transaction together with the cursor of the next one,
// so an interruption of any kind loses nothing and the next run continues
// where the last committed page ends.

interface SyncOptions {
  db?: DbFlag;
  from?: string;
  events?: string[];
  overlapDays: number;
  dryRun: boolean;
}

const FLAGS = {
  db: dbFlag('archive file (--db alone: the default)').defaultShown('$MAILCTL_DB, else events.sqlite in the data directory, one per profile'),
  from: flag.string('first run only: first day to copy, YYYY-MM-DD or 30d', { value: 'day' }).defaultShown("90 days ago, the service's retention"),
  events: flag.enumList(EMAIL_EVENT_TYPES, 'store only these event types, repeatable', 'types'),
  overlap: flag.string('later runs re-read this much before the newest archived day, in days or hours', { value: 'duration' }).defaultShown('1d, the newest day'),
  dryRun: flag.boolean('print the days it would read and the requests they would cost; send nothing'),
};

function check(o: Parsed<typeof FLAGS, Record<never, never>>): SyncOptions {
  return { db: o.db, from: o.from, events: o.events ? [...o.events].sort() : undefined, overlapDays: parseOverlap(o.overlap), dryRun: o.dryRun };
}

interface RunState {
  db: Database;
  /** Where pages go to be committed. */
  sink: PageSink;
  /** Read, new and already present: of committed pages only. Requests: sent. */
  counts: RunCounts;
  /** Pages committed. */
  pages: number;
  progress: SyncProgress;
  /** The indexes were dropped for this run: it must build them before it ends. */
  indexesDropped: boolean;
  /** Records the run's counts in the archive; called inside the index build's transaction. */
  recount: (counts: RunCounts) => void;
}

/**
 * Builds the indexes a run dropped. On the way out of a failed run a failure
 * here is only reported, so the run's own error stays the one that counts.
 */
async function restoreIndexes(ctx: Context, run: RunState, failing: boolean): Promise<void> {
  if (!run.indexesDropped) return;
  const { ensureIndexes } = await import('../../archive/indexes.js');
  try {
    // Without the unique index the run appended every event it read: the
    // copies of those the archive held (or it read twice) are removed now,
    // and counted as already present rather than new.
    let corrected: RunCounts | undefined;
    ensureIndexes(run.db, (removed) => {
      corrected = { ...run.counts, added: run.counts.added - removed, present: run.counts.present + removed };
      run.recount(corrected);
    });
    // Only once the build committed: a failed one removed nothing.
    if (corrected) Object.assign(run.counts, corrected);
    run.indexesDropped = false;
  } catch (error) {
    if (!failing) throw error;
    ctx.warn(`the archive's indexes were not rebuilt (${(error as Error).message}): the next \`mailctl events sync\` rebuilds them`);
  }
}

/** Reads one range to its end, handing each page over to be committed with the position after it. */
async function syncPass(ctx: Context, run: RunState, pass: SyncPass, types: readonly string[] | undefined): Promise<void> {
  const { listEmailEvents } = await import('../../api/emails.js');
  const { cursorPages } = await import('../../api/paginate.js');
  const api = await ctx.api();
  const keep = types ? new Set(types) : undefined;
  const range = { from: pass.from, to: pass.to };
  const label = pass.from === pass.to ? pass.from : `${pass.from}..${pass.to}`;
  let first = pass.cursor ?? undefined;
  if (pass.resumed) ctx.notice(`Continuing the interrupted sync of ${label}${first ? ' at its next page' : ''}.`);
  for (;;) {
    // The next page is requested while this one is stored: network and disk overlap.
    const pages = cursorPages(
      (cursor, perPage) => listEmailEvents(api, { events: types, from: range.from, to: range.to, cursor, per_page: perPage }),
      first,
      { all: true, pageSize: MAX_EVENTS_PER_PAGE, prefetch: true },
      OPERATIONS.listEmailEvents.name,
    );
    let read = 0;
    let firstPage = true;
    try {
      for await (const page of pages) {
        run.counts.requests++;
        read += page.items.length;
        const kept = keep ? page.items.filter((e) => keep.has(e.type as string)) : page.items;
        await run.sink.submit({
          events: kept,
          read: page.items.length,
          requests: run.counts.requests,
          range,
          nextCursor: page.nextCursor,
          firstOfPassTotal: firstPage ? page.totalCount : undefined,
        });
        firstPage = false;
        run.progress.page({ pages: run.counts.requests, events: read, total: page.totalCount, range: label });
      }
      // The range counts as read once its last page is committed.
      await run.sink.flush();
      return;
    } catch (error) {
      // A cursor the server no longer accepts (it expired): read the range again
      // from its start; the events already stored are recognised by event_id.
      if (first !== undefined && read === 0 && error instanceof ApiError && [400, 404, 422].includes(error.status)) {
        ctx.warn(`the server refused the saved cursor of ${label} (${error.message}): reading that range again from its newest page`);
        first = undefined;
        continue;
      }
      throw error;
    }
  }
}

/** The API a sync position belongs to, without any credentials written into the URL (they must not reach the file). */
function accountOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return baseUrl;
  }
}

async function run(opts: SyncOptions, ctx: Context): Promise<void> {
  const baseUrl = accountOf(requireBaseUrl(ctx.settings()));
  const key: SyncKey = { baseUrl, eventTypes: opts.events?.join(',') ?? '' };
  const path = await archivePath(ctx, opts.db);
  const firstFrom = firstRunFrom(opts.from, ctx.now(), ctx.globals.utc);
  const { openArchive } = await import('../../archive/open.js');
  const { readSyncState } = await import('../../archive/sync-state.js');
  if (opts.dryRun) return printSyncDryRun(ctx, { path, key, firstFrom, overlapDays: opts.overlapDays, types: opts.events });

  // The key is checked before the archive file is created, the file before any request is sent.
  const api = await ctx.api();
  const db = openArchive(path);
  const { closeArchive } = await import('../../archive/open.js');
  try {
    // One request per run, answered while the page sink opens: the archive
    // holds one team's events, and refuses another team's key before anything is written.
    const { checkAuth } = await import('../../api/auth.js');
    const { claimForTeam } = await import('../../archive/identity.js');
    const team = checkAuth(api);
    team.catch(() => undefined);
    const state = readSyncState(db, key);
    if (opts.from !== undefined && (state.newestDay || state.pending)) {
      ctx.notice(`--from applies to the first sync only: this archive continues from what it holds (${state.newestDay ?? state.pending?.from}).`);
    }
    const passes = planPasses(state, { firstFrom, overlapDays: opts.overlapDays }, ctx.now());
    const { syncStateWriter } = await import('../../archive/sync-state.js');
    const stateWriter = syncStateWriter(db, key);
    const { openPageSink } = await import('../../archive/page-sink.js');
    let runState: RunState | undefined;
    const sink = openPageSink({
      db, key,
      onCommitted: (done) => {
        for (const why of done.skipped) ctx.warn(`not archived: ${why}`);
        const r = runState!;
        r.pages++;
        r.counts.read = done.counts.read;
        r.counts.added = done.counts.added;
        r.counts.present = done.counts.present;
        if (done.droppedIndexes) r.indexesDropped = true;
      },
    });
    try {
      claimForTeam(db, path, (await team).teamId);
    } catch (error) {
      await sink.close();
      throw error;
    }
    stateWriter.start(new Date(ctx.now()).toISOString(), passes[0]!.from);
    runState = { db, sink, counts: { read: 0, added: 0, present: 0, requests: 0 }, pages: 0, progress: await syncProgress(ctx), indexesDropped: false, recount: (c) => stateWriter.recount(c) };
    try {
      for (const pass of passes) await syncPass(ctx, runState, pass, opts.events);
    } catch (error) {
      runState.progress.stop();
      // The pages already handed over are committed (or the commit that failed
      // is the error): the counts below are exactly what the archive holds from this run.
      await sink.flush().catch(() => undefined);
      await sink.close();
      await restoreIndexes(ctx, runState, true);
      const { read, added } = runState.counts;
      ctx.warn(
        `events sync stopped after ${runState.pages} pages: ${read} events read, ${added} new, all committed to ${path}. ` +
          'Run `mailctl events sync` again to continue from the last committed page.',
      );
      throw error;
    }
    await sink.close();
    runState.progress.stop();
    await restoreIndexes(ctx, runState, false);
    // A damaged page the run never touched would go unnoticed until a reader trips on it.
    const { checkArchive, damagedArchive } = await import('../../archive/damage.js');
    const problems = checkArchive(db, 'quick');
    if (problems.length > 0) throw damagedArchive(path, problems.join('; '));
    stateWriter.finish(new Date(ctx.now()).toISOString());
    await writeSyncSummary(ctx, db, { path, passes, counts: runState.counts });
  } catch (error) {
    // A damaged page, a full disk: one line naming the archive, not an unexpected failure.
    throw (await import('../../archive/damage.js')).archiveFailure(error, path);
  } finally {
    closeArchive(db);
  }
}

export default command({
  name: 'sync',
  summary: "copy the account's events into a local SQLite archive, incrementally (read it with events list --db)",
  description: [
    'Every page is committed with the sync position: after Ctrl-C, a crash or a',
    'network failure, run it again and it continues. Re-read events are',
    'recognised by event_id, never duplicated.',
  ].join('\n'),
  flags: FLAGS,
  examples: ['mailctl events sync', 'mailctl events sync --from 30d --events bounce,spam_complaint', 'mailctl events sync --dry-run'],
  operation: OPERATIONS.listEmailEvents,
  check,
  run,
});
