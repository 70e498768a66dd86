import type { Context } from '../../context.js';
import { CheckFailedError, UsageError } from '../../errors.js';
import { checkFields } from '../../output/fields.js';
import { checkRunFiles } from '../../output/whole-file.js';
import type { Aggregate, Breakdown } from '../../report/aggregate.js';
import { REPORT_ROW_FIELDS } from '../../report/columns.js';
import { buildDocument, type ReportDocument, type ReportSource } from '../../report/document.js';
import type { Signal } from '../../report/thresholds.js';
import { resolveWindow } from '../../input/window.js';
import { displayZone } from '../../input/zone.js';
import { checkBreakdownWindow, DEFAULT_REPORT_DAYS, type Window } from '../../report/window.js';
import type { Coverage } from '../../archive/coverage.js';
import type { PgTarget } from '../../archive/location.js';
import { archiveLocationOf, openArchiveForReading, pgConnectOptions, type DbFlag } from '../archive-db.js';
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
  html?: string;
}

const ARCHIVE_GAP_HINT =
  'run `mailctl events sync` without --events, with a --from that covers the window, or report from the API (without --db)';

/**
 * A rate the archive cannot compute (its syncs filtered out a type it divides,
 * did not read the whole window, or it was pruned) never passes a gate: exit
 * 2, naming what is missing; without a gate, a warning.
 */
async function judgeCoverage(ctx: Context, opts: ReportOptions, window: Window, label: string, coverage: Coverage[] | null): Promise<void> {
  const { archiveGaps, describeGaps } = await import('../../report/archive.js');
  const gaps = archiveGaps(coverage, opts.judge, window);
  if (gaps.length === 0) return;
  const what = `the archive ${label} cannot compute ${describeGaps(gaps)}`;
  if (opts.failOn) throw new UsageError(`--fail-on ${opts.failOn}: ${what}: the gate cannot be judged`, { hint: ARCHIVE_GAP_HINT });
  ctx.warn(`${what}: its verdict is not the account's`);
}

/** `--db postgres://…`: one aggregate statement run by the server (report/archive.ts). */
async function aggregatePg(ctx: Context, opts: ReportOptions, window: Window, target: PgTarget): Promise<Aggregate> {
  const { connectPg, pgFailure } = await import('../../archive/pg/connect.js');
  const { checkReadable } = await import('../../archive/pg/schema.js');
  const { readPgCoverage } = await import('../../archive/pg/coverage.js');
  const { aggregatePgArchive } = await import('../../report/archive.js');
  const client = await connectPg(target, pgConnectOptions(ctx, 'mailctl report'));
  try {
    if (!(await checkReadable(client, target.display))) {
      throw new UsageError(`no event archive in ${target.display} (the database holds no table)`, { hint: 'create it with `mailctl events sync --db URL` (the same URL)' });
    }
    await judgeCoverage(ctx, opts, window, target.display, await readPgCoverage(client));
    return await aggregatePgArchive(async (sql, params) => (await client.query(sql, params)).rows, opts.by, window);
  } catch (error) {
    throw pgFailure(error, target);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `--db [PATH]`: SQLite computes the aggregates over the file. */
async function aggregateSqlite(ctx: Context, opts: ReportOptions, window: Window): Promise<{ aggregate: Aggregate; path: string }> {
  // better-sqlite3 is a native module: loaded only when an archive is asked for.
  const { aggregateArchive } = await import('../../report/archive.js');
  // the one opener of archive readers: a missing archive is a usage error naming `mailctl events sync`
  const { db, path } = await openArchiveForReading(ctx, opts.db);
  try {
    const { archiveCoverage } = await import('../../archive/coverage.js');
    await judgeCoverage(ctx, opts, window, path, archiveCoverage(db));
    return { aggregate: aggregateArchive(db, opts.by, window), path };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const { archiveFailure } = await import('../../archive/damage.js');
    const known = archiveFailure(error, path);
    if (known !== error) throw known;
    throw new UsageError(`--db ${path}: not an events archive (${(error as Error).message})`, { hint: 'an archive is written by `mailctl events sync`' });
  } finally {
    db.close();
  }
}

/** The report of the options, from the archive or the API; the caller decides what to print. */
export async function computeReport(opts: ReportOptions, ctx: Context, window: Window): Promise<ReportDocument> {
  checkBreakdownWindow(opts.by, window);
  let aggregate: Aggregate;
  let skipped = 0;
  let source: ReportSource;
  if (opts.db !== undefined) {
    const loc = await archiveLocationOf(ctx, opts.db);
    if (loc.kind === 'postgres') {
      aggregate = await aggregatePg(ctx, opts, window, loc.target);
      source = { kind: 'archive', db: loc.target.display };
    } else {
      const done = await aggregateSqlite(ctx, opts, window);
      aggregate = done.aggregate;
      source = { kind: 'archive', db: done.path };
    }
  } else {
    const api = await ctx.api();
    const spinner = await ctx.spinner('Reading events…');
    try {
      const progress = (n: number) => spinner.update(`Reading events… ${n.toLocaleString('en-US')}`);
      const streamed = opts.campaign
        ? await streamCampaignEvents(api, opts.campaign, opts.by, window, progress)
        : await streamAccountEvents(api, opts.by, window, progress);
      aggregate = streamed.aggregate;
      skipped = streamed.skipped;
    } finally {
      spinner.stop();
    }
    source = opts.campaign ? { kind: 'campaign', campaign: opts.campaign } : { kind: 'api' };
  }
  return buildDocument({ aggregate, window, source, by: opts.by, judged: opts.judge, failOn: opts.failOn, skipped });
}

/** The report's window: the last 7 days unless --from/--to say otherwise. */
export function reportWindow(opts: { from?: string; to?: string }, ctx: Context): Window {
  const { fromMs, toMs } = resolveWindow(opts, ctx.now(), { defaultDays: DEFAULT_REPORT_DAYS, zone: displayZone(ctx.globals.utc) });
  return { fromMs, toMs };
}

export async function runReport(opts: ReportOptions, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, [], REPORT_ROW_FIELDS);
  const window = reportWindow(opts, ctx);
  // the archive is read and the HTML written in one run: never one over the other
  const loc = opts.db === undefined ? undefined : await archiveLocationOf(ctx, opts.db);
  const archive = loc?.kind === 'sqlite' ? loc.path : undefined;
  await checkRunFiles({ inputs: [{ flag: '--db', path: archive }], outputs: [{ flag: '--html', path: opts.html }] });
  const doc = await computeReport(opts, ctx, window);
  await writeReport(doc, ctx, opts.html);
  if (doc.failing.length > 0) {
    throw new CheckFailedError(
      `--fail-on ${opts.failOn}: ${doc.failing.map((s) => `${s} rate ${doc.verdicts[s]}`).join(', ')} (${doc.window.from} to ${doc.window.to})`,
    );
  }
}
