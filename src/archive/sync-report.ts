import { existsSync } from 'node:fs';
import { MAX_EVENTS_PER_PAGE } from '../api/vocabulary.js';
import { locationLabel } from './location.js';
import type { ArchiveTotals } from './store.js';
import type { RunCounts, SyncKey, SyncState } from './sync-state.js';
import { isSandboxKey } from '../config/resolve.js';
import type { Context } from '../context.js';
import { writeDetail } from '../output/detail.js';
import { archiveLocationOf, openArchiveReader, type DbFlag } from './db-flag.js';
import { planPasses, type SyncPass } from './sync-plan.js';

// What `events sync` prints on stdout: the summary of a run, or with
// --dry-run the ranges it would read and the requests they would cost.

/** The sandbox key's day budget (service-notes "Sandbox keys"). */
const SANDBOX_DAY_BUDGET = 100;

/** The keys of the summary a run prints, for checking --fields before the first request. */
export const SYNC_SUMMARY_KEYS = ['archive', 'from', 'to', 'requests', 'read', 'new', 'already_present', 'archive_total', 'archive_total_estimated', 'oldest', 'newest'];

export async function writeSyncSummary(ctx: Context, totals: ArchiveTotals, run: { path: string; passes: SyncPass[]; counts: RunCounts }): Promise<void> {
  const summary = {
    archive: run.path,
    from: run.passes[0]!.from,
    to: run.passes.at(-1)!.to,
    requests: run.counts.requests,
    read: run.counts.read,
    new: run.counts.added,
    already_present: run.counts.present,
    archive_total: totals.total,
    ...(totals.estimated ? { archive_total_estimated: true } : {}),
    oldest: totals.oldest,
    newest: totals.newest,
  };
  await writeDetail(ctx.output(), summary, [
    {
      fields: [
        { key: 'archive', label: 'Archive', value: summary.archive },
        { key: 'from', label: 'From', value: summary.from },
        { key: 'to', label: 'To', value: summary.to },
        { key: 'requests', label: 'Requests', value: summary.requests, kind: 'number' },
        { key: 'read', label: 'Events read', value: summary.read, kind: 'number' },
        { key: 'new', label: 'New', value: summary.new, kind: 'number' },
        { key: 'already_present', label: 'Already present', value: summary.already_present, kind: 'number' },
        { key: 'archive_total', label: 'Archive total', value: summary.archive_total, kind: 'number' },
        // only for an archive counted by the database's statistics (pg/count.ts)
        ...(totals.estimated ? [{ key: 'archive_total_estimated', label: 'Estimated', value: true, kind: 'bool' as const }] : []),
        { key: 'oldest', label: 'Oldest event', value: summary.oldest, kind: 'time' },
        { key: 'newest', label: 'Newest event', value: summary.newest, kind: 'time' },
      ],
    },
  ]);
}

interface DryRunInput {
  db: DbFlag | undefined;
  key: SyncKey;
  firstFrom: string;
  overlapDays: number;
  types?: readonly string[];
}

/** The last instant both stores can hold. */
const END_OF_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/** The position's state and the archived events since `planned`'s first day; nothing before a first sync. */
async function whatIsArchived(ctx: Context, input: DryRunInput): Promise<{ label: string; passes: SyncPass[]; known: number | null }> {
  const loc = await archiveLocationOf(ctx, input.db);
  const empty: SyncState = { newestDay: null, pending: null };
  if (loc.kind === 'sqlite' && !existsSync(loc.path)) return { label: loc.path, passes: planPasses(empty, input, ctx.now()), known: null };
  let reader;
  try {
    reader = await openArchiveReader(ctx, input.db, 'events sync');
  } catch (error) {
    // a database with no archive yet: a first run
    if (error instanceof Error && /^no event archive/.test(error.message)) {
      return { label: locationLabel(loc), passes: planPasses(empty, input, ctx.now()), known: null };
    }
    throw error;
  }
  try {
    const state = await reader.syncState(input.key);
    const passes = planPasses(state, input, ctx.now());
    if (!state.newestDay && !state.pending) return { label: reader.label, passes, known: null };
    const fromMs = Date.parse(`${passes[0]!.from}T00:00:00Z`);
    const known = await reader.countEvents({ window: { fromMs, toMs: END_OF_TIME }, types: input.types?.length ? input.types : undefined });
    return { label: reader.label, passes, known };
  } finally {
    await reader.close();
  }
}

/**
 * --dry-run: sends nothing, so the cost can only be estimated from what the
 * archive already holds for the days to re-read (one request per 100 events,
 * plus one per 100 new ones); before a first run it is unknown.
 */
export async function printSyncDryRun(ctx: Context, input: DryRunInput): Promise<void> {
  const { label, passes, known } = await whatIsArchived(ctx, input);
  const requests = known === null ? null : Math.max(passes.length, Math.ceil(known / MAX_EVENTS_PER_PAGE));
  const apiKey = ctx.settings().apiKey.value;
  const sandbox = apiKey !== undefined && isSandboxKey(apiKey);
  const budget = !sandbox
    ? null
    : requests === null
      ? `unknown before the first run; a sandbox key's ${SANDBOX_DAY_BUDGET} requests a day read at most ${SANDBOX_DAY_BUDGET * MAX_EVENTS_PER_PAGE} events`
      : requests <= SANDBOX_DAY_BUDGET
        ? `covered by a sandbox key's ${SANDBOX_DAY_BUDGET} requests a day (if none were spent today)`
        : `NOT covered: a sandbox key has ${SANDBOX_DAY_BUDGET} requests a day`;
  const plan = {
    dry_run: true,
    archive: label,
    ranges: passes.map((p) => ({ from: p.from, to: p.to, resumes: Boolean(p.resumed) })),
    per_page: MAX_EVENTS_PER_PAGE,
    requests_estimate: requests,
    estimate_basis:
      requests === null
        ? 'first run: one request per 100 events in the range (total_count is known after the first page)'
        : `${known} archived events in the days to re-read, plus one request per 100 new events`,
    ...(budget === null ? {} : { sandbox_budget: budget }),
  };
  await writeDetail(ctx.output(), plan, [
    {
      fields: [
        { key: 'archive', label: 'Archive', value: plan.archive },
        { key: 'ranges', label: 'Would read', value: plan.ranges.map((r) => `${r.from}..${r.to}${r.resumes ? ' (continuing)' : ''}`).join(', ') },
        { key: 'requests_estimate', label: 'Requests', value: requests === null ? 'unknown' : `at least ${requests}`, kind: 'text' },
        { key: 'estimate_basis', label: 'Estimate', value: plan.estimate_basis },
        ...(budget === null ? [] : [{ key: 'sandbox_budget', label: 'Sandbox budget', value: budget }]),
      ],
    },
  ]);
  ctx.notice('dry run: nothing was sent');
}
