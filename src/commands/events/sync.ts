import { OPERATIONS } from '../../api/operations.js';
import { EMAIL_EVENT_TYPES, MAX_EVENTS_PER_PAGE } from '../../api/vocabulary.js';
import type { ArchiveLocation } from '../../archive/location.js';
import type { RunCounts, SyncKey } from '../../archive/sync-state.js';
import type { SyncTarget } from '../../archive/sync-target.js';
import { requireBaseUrl } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { archiveLocationOf, pgConnectOptions, type DbFlag } from '../../archive/db-flag.js';
import { dbFlag } from '../archive-db.js';
import { commandLine } from '../../output/command-line.js';
import { globalArgs } from '../command-line.js';
import { command, flag, type Parsed } from '../define.js';
import { firstRunFrom, parseOverlap, planPasses, type SyncPass } from '../../archive/sync-plan.js';
import { retentionWarning } from '../../input/window.js';
import { syncProgress, type SyncProgress } from '../../archive/sync-progress.js';
import { printSyncDryRun, SYNC_SUMMARY_KEYS, writeSyncSummary } from '../../archive/sync-report.js';
import { counted, thousands } from '../../counts.js';

// `events sync`: copies the account's events into the archive (an SQLite
// file, or a PostgreSQL database shared by a team). Every page is stored in
// one transaction together with the cursor of the next one, so an
// interruption of any kind loses nothing and the next run continues where the
// last committed page ends.

interface SyncOptions {
  db?: DbFlag;
  from?: string;
  events?: string[];
  overlapDays: number;
  dryRun: boolean;
  wait: boolean;
}

const FLAGS = {
  db: dbFlag('archive file or postgres://user@host:port/dbname URL (--db alone: the default)').defaultShown(
    '$MAILCTL_DB, else events.sqlite in the data directory, one per profile',
  ),
  from: flag.string('first run only: first day to copy, YYYY-MM-DD or 30d', { value: 'day' }).defaultShown("90 days ago, the service's retention"),
  events: flag.enumList(EMAIL_EVENT_TYPES, 'store only these event types, repeatable', 'types'),
  overlap: flag.string('later runs re-read this much before the newest archived day, in days or hours', { value: 'duration' }).defaultShown('1d, the newest day'),
  dryRun: flag.boolean('print the days it would read and the requests they would cost; send nothing'),
  wait: flag.negated('PostgreSQL: when another sync of the same archive runs, stop at once (exit 5) instead of waiting for it'),
};

function check(o: Parsed<typeof FLAGS, Record<never, never>>): SyncOptions {
  return {
    db: o.db, from: o.from, events: o.events ? [...o.events].sort() : undefined, overlapDays: parseOverlap(o.overlap), dryRun: o.dryRun, wait: o.wait,
  };
}

interface RunState {
  target: SyncTarget;
  /** Read, new and already present: of committed pages only. Requests: sent. */
  counts: RunCounts;
  /** Pages committed. */
  pages: number;
  progress: SyncProgress;
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
      async (cursor, perPage) => {
        const page = await listEmailEvents(api, { events: types, from: range.from, to: range.to, cursor, per_page: perPage });
        // A range read from its start, on a sandbox key: say when the day budget cannot cover its pages.
        if (cursor === undefined && page.totalCount !== undefined && page.nextCursor !== null) {
          const message = api.dayBudgetWarning(Math.ceil(Math.max(0, page.totalCount - page.items.length) / (perPage ?? MAX_EVENTS_PER_PAGE)), 'this sync');
          if (message) ctx.warn(message);
        }
        return page;
      },
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
        const done = await run.target.commit({
          events: kept,
          read: page.items.length,
          requests: run.counts.requests,
          range,
          nextCursor: page.nextCursor,
          firstOfPassTotal: firstPage ? page.totalCount : undefined,
        });
        for (const why of done.skipped) ctx.warn(`not archived: ${why}`);
        // A page may be held to be committed with the next ones: count only those committed.
        run.pages = done.counts.requests;
        run.counts.read = done.counts.read;
        run.counts.added = done.counts.added;
        run.counts.present = done.counts.present;
        firstPage = false;
        run.progress.page({ pages: run.counts.requests, events: read, total: page.totalCount, range: label });
      }
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

/** Opens the archive of either store for the sync of one position. */
async function openTarget(ctx: Context, loc: ArchiveLocation, key: SyncKey, wait: boolean): Promise<SyncTarget> {
  if (loc.kind === 'sqlite') return (await import('../../archive/sqlite-sync.js')).openSqliteSync(loc.path, key);
  const { openPgSync } = await import('../../archive/pg/sync.js');
  return openPgSync(loc.target, key, { ...pgConnectOptions(ctx, 'mailctl events sync'), wait, notice: (m) => ctx.notice(m) });
}

/**
 * The command that continues this sync: the same archive (--db, --profile) and the same
 * --events, which are part of the sync position (without them it would start another one).
 */
function rerunCommand(ctx: Context, opts: SyncOptions): string {
  const args: string[] = [];
  if (typeof opts.db === 'string') args.push('--db', opts.db);
  if (opts.events) args.push('--events', opts.events.join(','));
  return commandLine(['events', 'sync'], [...args, ...globalArgs(ctx.globals)]);
}

async function run(opts: SyncOptions, ctx: Context): Promise<void> {
  const baseUrl = accountOf(requireBaseUrl(ctx.settings()));
  const key: SyncKey = { baseUrl, eventTypes: opts.events?.join(',') ?? '' };
  const loc = await archiveLocationOf(ctx, opts.db);
  const firstFrom = firstRunFrom(opts.from, ctx.now(), ctx.globals.utc);
  if (opts.from !== undefined) {
    // the first day read lies past the service's retention: the archive would hold nothing of it
    const old = retentionWarning(Date.parse(`${firstFrom}T00:00:00Z`), ctx.now(), { flag: '--from', text: opts.from });
    if (old) ctx.warn(old);
  }
  if (opts.dryRun) return printSyncDryRun(ctx, { db: opts.db, key, firstFrom, overlapDays: opts.overlapDays, types: opts.events });

  ctx.output({ fields: SYNC_SUMMARY_KEYS }); // --fields and the key before the archive is created, the archive before any request
  const api = await ctx.api();
  const target = await openTarget(ctx, loc, key, opts.wait);
  const path = target.label;
  try {
    // One request per run, answered while the archive is read: the archive
    // holds one team's events, and refuses another team's key before anything is written.
    const { checkAuth } = await import('../../api/auth.js');
    const team = checkAuth(api);
    team.catch(() => undefined);
    const state = await target.readSyncState();
    if (opts.from !== undefined && (state.newestDay || state.pending)) {
      ctx.notice(`--from applies to the first sync only: this archive continues from what it holds (${state.newestDay ?? state.pending?.from}).`);
    }
    const passes = planPasses(state, { firstFrom, overlapDays: opts.overlapDays }, ctx.now());
    await target.claimForTeam((await team).teamId);
    await target.start(new Date(ctx.now()).toISOString(), passes[0]!.from);
    const runState: RunState = { target, counts: { read: 0, added: 0, present: 0, requests: 0 }, pages: 0, progress: await syncProgress(ctx) };
    try {
      for (const pass of passes) await syncPass(ctx, runState, pass, opts.events);
    } catch (error) {
      runState.progress.stop();
      // Every page handed over is committed (or the commit that failed is the
      // error): the counts below are exactly what the archive holds from this run.
      // settle answers with the requests its commits cover: the pages committed.
      runState.counts = await target.settle({ ...runState.counts, requests: runState.pages }, true, (m) => ctx.warn(m));
      const { read, added, requests: pages } = runState.counts;
      ctx.warn(
        `events sync stopped after ${counted(pages, 'page')}: ${counted(read, 'event')} read, ${thousands(added)} new, all committed to ${path}. ` +
          `Run \`${rerunCommand(ctx, opts)}\` again to continue from the last committed page.`,
      );
      throw error;
    }
    runState.progress.stop();
    runState.counts = await target.settle(runState.counts, false, (m) => ctx.warn(m));
    await target.finish(new Date(ctx.now()).toISOString());
    await writeSyncSummary(ctx, await target.totals(), { path, passes, counts: runState.counts });
  } catch (error) {
    // A damaged page, a full disk, a lost server: one line naming the archive, not an unexpected failure.
    throw target.failure(error);
  } finally {
    await target.close();
  }
}

export default command({
  name: 'sync',
  summary: "copy the account's events into a local SQLite archive or a team's PostgreSQL database, incrementally (read it with events list --db)",
  description: [
    'Every page is committed with the sync position: after Ctrl-C, a crash or a',
    'network failure, run it again and it continues. Re-read events are',
    'recognised by event_id, never duplicated. With --db postgres://user@host/db',
    'several operators may sync the same team at once: the second waits for the',
    'first (or stops with --no-wait). The password comes from PGPASSWORD,',
    '~/.pgpass or the OS credential store, never from the URL.',
  ].join('\n'),
  flags: FLAGS,
  examples: ['mailctl events sync', 'mailctl events sync --from 30d --events bounce,spam_complaint', 'mailctl events sync --db postgres://mailctl@db.internal:5432/events --no-wait'],
  operation: OPERATIONS.listEmailEvents,
  check,
  run,
});
