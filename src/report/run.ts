import type { Context } from '../context.js';
import { CheckFailedError, UsageError } from '../errors.js';
import { checkFields } from '../output/fields.js';
import { checkRunFiles } from '../output/whole-file.js';
import { ownFiles } from '../config/paths.js';
import type { Aggregate, Breakdown } from './aggregate.js';
import { CHANGE_FIELDS, REPORT_ROW_FIELDS } from './columns.js';
import type { SignalGap } from './archive.js';
import { buildDocument, signedPoints, type Earlier, type ReportDocument, type ReportSource } from './document.js';
import type { Signal } from './thresholds.js';
import { compareWindow, resolveWindow, retentionWarning, type CompareSpec } from '../input/window.js';
import { displayZone } from '../input/zone.js';
import { checkBreakdownWindow, DEFAULT_REPORT_DAYS, type Window } from './window.js';
import type { Coverage } from '../archive/coverage.js';
import type { PgTarget } from '../archive/location.js';
import { archiveLocationOf, openArchiveForReading, pgConnectOptions, type DbFlag } from '../archive/db-flag.js';
import { streamAccountEvents, streamCampaignEvents } from './stream.js';
import { writeReport } from './write.js';

export interface ReportOptions {
  from?: string;
  to?: string;
  campaign?: string;
  /** --db [PATH]: read the local archive instead of the API (true: the default archive). */
  db?: DbFlag;
  by: Breakdown;
  judge: Signal[];
  failOn?: 'warning' | 'critical';
  /** --fail-on rising: exit 8 when a judged rate rose by half or more against --compare */
  failOnRising?: boolean;
  compare?: CompareSpec;
  html?: string;
}

const ARCHIVE_GAP_HINT =
  'run `mailctl events sync` without --events, with a --from that covers the window, or report from the API (without --db)';

/**
 * A rate the archive cannot compute (its syncs filtered out a type it divides,
 * did not read the whole window, or it was pruned) never passes a gate: exit
 * 2, naming what is missing; without a gate, a warning.
 */
async function judgeCoverage(ctx: Context, opts: ReportOptions, windows: readonly Window[], label: string, coverage: Coverage[] | null): Promise<void> {
  const { archiveGaps, describeGaps } = await import('./archive.js');
  const [window, earlierWindow] = windows;
  const gaps = archiveGaps(coverage, opts.judge, window!);
  if (gaps.length > 0) {
    const what = `the archive ${label} cannot compute ${describeGaps(gaps)}`;
    const gate = [opts.failOn, opts.failOnRising ? 'rising' : undefined].filter(Boolean).join(',');
    if (gate) throw new UsageError(`--fail-on ${gate}: ${what}: the gate cannot be judged`, { hint: ARCHIVE_GAP_HINT });
    ctx.warn(`${what}: its verdict is not the account's`);
  }
  if (earlierWindow) compareGaps(ctx, opts, archiveGaps(coverage, opts.judge, earlierWindow), describeGaps, label);
}

/** `--db postgres://…`: one aggregate statement run by the server (report/archive.ts). */
async function aggregatePg(ctx: Context, opts: ReportOptions, windows: readonly Window[], target: PgTarget): Promise<{ aggregates: Aggregate[] }> {
  const { connectPg, pgFailure } = await import('../archive/pg/connect.js');
  const { checkReadable } = await import('../archive/pg/schema.js');
  const { readPgCoverage } = await import('../archive/pg/coverage.js');
  const { aggregatePgArchive } = await import('./archive.js');
  const client = await connectPg(target, pgConnectOptions(ctx, 'mailctl report'));
  try {
    if (!(await checkReadable(client, target.display))) {
      throw new UsageError(`no event archive in ${target.display} (the database holds no table)`, { hint: 'create it with `mailctl events sync --db URL` (the same URL)' });
    }
    await judgeCoverage(ctx, opts, windows, target.display, await readPgCoverage(client));
    const query = async (sql: string, params: unknown[]) => (await client.query(sql, params)).rows;
    const aggregates: Aggregate[] = [];
    for (const window of windows) aggregates.push(await aggregatePgArchive(query, opts.by, window));
    return { aggregates };
  } catch (error) {
    throw pgFailure(error, target);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `--db [PATH]`: SQLite computes the aggregates over the file. */
async function aggregateSqlite(ctx: Context, opts: ReportOptions, windows: readonly Window[]): Promise<{ aggregates: Aggregate[]; path: string }> {
  // better-sqlite3 is a native module: loaded only when an archive is asked for.
  const { aggregateArchive } = await import('./archive.js');
  // the one opener of archive readers: a missing archive is a usage error naming `mailctl events sync`
  const { db, path } = await openArchiveForReading(ctx, opts.db);
  try {
    const { archiveCoverage } = await import('../archive/coverage.js');
    await judgeCoverage(ctx, opts, windows, path, archiveCoverage(db));
    return { aggregates: windows.map((w) => aggregateArchive(db, opts.by, w)), path };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const { archiveFailure } = await import('../archive/damage.js');
    const known = archiveFailure(error, path);
    if (known !== error) throw known;
    throw new UsageError(`--db ${path}: not an events archive (${(error as Error).message})`, { hint: 'an archive is written by `mailctl events sync`' });
  } finally {
    db.close();
  }
}

/** The report of the options, from the archive or the API; the caller decides what to print. */
export async function computeReport(opts: ReportOptions, ctx: Context, window: Window, earlierWindow?: Window): Promise<ReportDocument> {
  checkBreakdownWindow(opts.by, window);
  if (earlierWindow) checkBreakdownWindow(opts.by, earlierWindow);
  let aggregate: Aggregate;
  let skipped = 0;
  let source: ReportSource;
  let earlier: Earlier | undefined;
  const windows = earlierWindow ? [window, earlierWindow] : [window];
  if (opts.db !== undefined) {
    const loc = await archiveLocationOf(ctx, opts.db);
    const done = loc.kind === 'postgres'
      ? { ...(await aggregatePg(ctx, opts, windows, loc.target)), path: loc.target.display }
      : await aggregateSqlite(ctx, opts, windows);
    aggregate = done.aggregates[0]!;
    if (earlierWindow) earlier = { window: earlierWindow, aggregate: done.aggregates[1]!, skipped: 0 };
    source = { kind: 'archive', db: done.path };
  } else {
    if (!opts.campaign) {
      // the account's events: the service keeps 90 days (the earlier window of --compare too)
      const now = ctx.now();
      const old =
        (opts.from !== undefined ? retentionWarning(window.fromMs, now, { flag: '--from', text: opts.from }) : undefined) ??
        (earlierWindow && opts.compare !== undefined
          ? retentionWarning(earlierWindow.fromMs, now, { flag: '--compare', text: typeof opts.compare === 'string' ? opts.compare : `${opts.compare.from}..${opts.compare.to}` })
          : undefined);
      if (old) ctx.warn(old);
    }
    const api = await ctx.api();
    const spinner = await ctx.spinner('Reading events…');
    try {
      const progress = (n: number) => spinner.update(`Reading events… ${n.toLocaleString('en-US')}`);
      // one pass over each window's pages at the largest page size
      // Before a long read on a sandbox key: say when its day budget cannot cover the pages left.
      const budget = (requests: number) => {
        const message = api.dayBudgetWarning(requests, 'this report');
        if (message) ctx.warn(message);
      };
      const stream = (w: Window) =>
        opts.campaign ? streamCampaignEvents(api, opts.campaign, opts.by, w, progress) : streamAccountEvents(api, opts.by, w, progress, budget);
      const streamed = await stream(window);
      aggregate = streamed.aggregate;
      skipped = streamed.skipped;
      if (earlierWindow) earlier = { window: earlierWindow, ...(await stream(earlierWindow)) };
    } finally {
      spinner.stop();
    }
    source = opts.campaign ? { kind: 'campaign', campaign: opts.campaign } : { kind: 'api' };
  }
  return buildDocument({ aggregate, window, source, by: opts.by, judged: opts.judge, failOn: opts.failOn, skipped, earlier, failOnRising: opts.failOnRising });
}

/** The earlier window of --compare must be in the archive too: a trend gate never passes on events it lacks. */
function compareGaps(ctx: Context, opts: ReportOptions, gaps: SignalGap[], describe: (g: SignalGap[]) => string, path: string): void {
  if (gaps.length === 0) return;
  const what = `the archive ${path} cannot compute ${describe(gaps)} for the --compare window`;
  if (opts.failOnRising) throw new UsageError(`--fail-on rising: ${what}: the gate cannot be judged`, { hint: ARCHIVE_GAP_HINT });
  ctx.warn(`${what}: its changes are not the account's`);
}

/** "bounce rate rising 0.80% → 1.70% (+0.90 points)": a trend that failed the gate, in words. */
function risingText(s: Signal, doc: ReportDocument): string {
  const before = doc.compare!.totals[`${s}_rate`];
  const after = doc.totals[`${s}_rate`];
  const pct = (v: number | null) => (v === null ? 'no data' : `${v.toFixed(2)}%`);
  return `${s} rate ${doc.totals[`${s}_trend`]} ${pct(before)} → ${pct(after)} (${signedPoints(doc.totals[`${s}_change`])})`;
}

/** The report's window: the last 7 days unless --from/--to say otherwise. */
export function reportWindow(opts: { from?: string; to?: string }, ctx: Context): Window {
  const { fromMs, toMs } = resolveWindow(opts, ctx.now(), { defaultDays: DEFAULT_REPORT_DAYS, zone: displayZone(ctx.globals.utc) });
  return { fromMs, toMs };
}

export async function runReport(opts: ReportOptions, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, [], REPORT_ROW_FIELDS);
  const change = out.fields?.find((f) => CHANGE_FIELDS.includes(f));
  if (change && opts.compare === undefined) throw new UsageError(`--fields ${change}: a change needs --compare (previous or FROM..TO)`);
  const window = reportWindow(opts, ctx);
  const earlier = opts.compare === undefined ? undefined : compareWindow(opts.compare, window, ctx.now(), displayZone(ctx.globals.utc));
  // the archive is read and the HTML written in one run: never one over the other
  const loc = opts.db === undefined ? undefined : await archiveLocationOf(ctx, opts.db);
  const archive = loc?.kind === 'sqlite' ? loc.path : undefined;
  await checkRunFiles({ inputs: [{ flag: '--db', path: archive }], outputs: [{ flag: '--html', path: opts.html }], own: ownFiles(ctx.io.env) });
  const doc = await computeReport(opts, ctx, window, earlier);
  await writeReport(doc, ctx, opts.html);
  const reasons: string[] = [];
  if (doc.failing.length > 0) reasons.push(`--fail-on ${opts.failOn}: ${doc.failing.map((s) => `${s} rate ${doc.verdicts[s]}`).join(', ')}`);
  const rising = doc.compare?.failing ?? [];
  if (rising.length > 0) reasons.push(`--fail-on rising: ${rising.map((s) => risingText(s, doc)).join(', ')}`);
  if (reasons.length > 0) throw new CheckFailedError(`${reasons.join('; ')} (${doc.window.from} to ${doc.window.to})`);
}
