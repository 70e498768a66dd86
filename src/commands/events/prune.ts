import type { PruneOutcome } from '../../archive/prune.js';
import type { Context } from '../../context.js';
import { ExitCode, UsageError } from '../../errors.js';
import { parseBound } from '../../input/window.js';
import { displayZone, utcDay } from '../../input/zone.js';
import { writeDetail } from '../../output/detail.js';
import { archiveLocationOf, pgConnectOptions, type DbFlag } from '../../archive/db-flag.js';
import { dbFlag } from '../archive-db.js';
import { command, flag } from '../define.js';
import { commandLine } from '../command-line.js';
import { confirmOrRefuse } from '../runners/confirm.js';
import { yesFlag } from '../runners/write.js';

// `events prune --before DAY`: removes the archive's events of the days
// before DAY (cli.md "Team archive on PostgreSQL"). Destructive, so it asks
// on a terminal and needs --yes anywhere else, as every delete does;
// --dry-run says what it would remove and changes nothing.

interface PruneOptions {
  before: string;
  db?: DbFlag;
  dryRun: boolean;
  yes: boolean;
}

const FLAGS = {
  before: flag.string('remove the events of the days before this UTC day: YYYY-MM-DD, yesterday, 90d (not after today)', { value: 'day' }).required(),
  db: dbFlag('the archive to prune (--db alone: the default)').defaultShown('$MAILCTL_DB, else events.sqlite in the data directory, one per profile'),
  dryRun: flag.boolean('print what it would remove (events, days, oldest event left); change nothing'),
  yes: yesFlag,
};


/**
 * --before as a whole UTC day: the archive is pruned by days (PostgreSQL
 * drops day partitions), so a time of day or `24h` is refused rather than
 * rounded; a day after today would remove events of a day still arriving.
 */
function firstDayKept(text: string, now: number): string {
  const bound = parseBound(text, '--before', now, displayZone(true), 'from');
  // a span of whole days (90d, 2w) names the UTC day it reaches back to; 24h or a date-time names an instant
  const day = bound.day ?? (/^\s*\d+\s*[dw]\s*$/i.test(text) ? utcDay(bound.ms) : undefined);
  if (day === undefined) {
    throw new UsageError(`--before takes a whole day (YYYY-MM-DD, today, yesterday, 30d), not a time: the archive is pruned by UTC days (got "${text}")`);
  }
  const today = utcDay(now);
  if (day > today) {
    throw new UsageError(`--before ${day} is after today (${today}, UTC): prune removes past days only (today's events are still arriving)`);
  }
  return day;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "1,204 events of 12 days (2026-08-01 to 2026-08-12)". */
function describe(p: PruneOutcome): string {
  if (p.events === 0 && p.days === 0) return 'nothing (no event is older)';
  const span = p.firstDay === null ? '' : p.firstDay === p.lastDay ? ` (${p.firstDay})` : ` (${p.firstDay} to ${p.lastDay})`;
  return `${count(p.events)} events of ${count(p.days)} day${p.days === 1 ? '' : 's'}${span}`;
}

async function printOutcome(ctx: Context, path: string, p: PruneOutcome, dryRun: boolean): Promise<void> {
  const summary = {
    ...(dryRun ? { dry_run: true } : {}),
    archive: path,
    before: p.before,
    removed_events: p.events,
    removed_days: p.days,
    first_day: p.firstDay,
    last_day: p.lastDay,
    archive_total: p.remaining,
    oldest: p.oldestRemaining,
  };
  const verb = dryRun ? 'Would remove' : 'Removed';
  await writeDetail(ctx.output(), summary, [
    {
      fields: [
        { key: 'archive', label: 'Archive', value: path },
        { key: 'before', label: 'Before', value: p.before },
        { key: 'removed_events', label: `${verb} (events)`, value: p.events, kind: 'number' },
        { key: 'removed_days', label: `${verb} (days)`, value: p.days, kind: 'number' },
        { key: 'first_day', label: 'First day removed', value: p.firstDay },
        { key: 'last_day', label: 'Last day removed', value: p.lastDay },
        { key: 'archive_total', label: dryRun ? 'Events left' : 'Archive total', value: p.remaining, kind: 'number' },
        { key: 'oldest', label: 'Oldest event left', value: p.oldestRemaining, kind: 'time' },
      ],
    },
  ]);
}

async function run(opts: PruneOptions, ctx: Context): Promise<void> {
  const before = firstDayKept(opts.before, ctx.now());
  const loc = await archiveLocationOf(ctx, opts.db);
  const { openPruner } = await import('../../archive/pruner.js');
  const pruner = await openPruner(loc, pgConnectOptions(ctx, 'mailctl events prune'));
  try {
    const plan = await pruner.plan(before);
    const where = pruner.label;
    if (opts.dryRun) {
      await printOutcome(ctx, where, plan, true);
      ctx.notice(`dry run: nothing was removed (${commandLine(['events', 'prune'], ['--before', before, '--db', where, '--yes'])} removes ${describe(plan)})`);
      return;
    }
    const interactive = ctx.io.stdinIsTTY && ctx.io.stderrIsTTY;
    // Nothing to lose is not asked about on a terminal; a script without --yes is refused either way, so it fails on its first run.
    if (!(plan.events === 0 && interactive)) {
      await confirmOrRefuse(ctx, { command: 'events prune', what: `remove ${describe(plan)} before ${before} from the archive ${where}`, done: 'removed', yes: opts.yes });
    }
    const spinner = await ctx.spinner('Removing events…');
    let done: PruneOutcome;
    try {
      done = await pruner.prune(before, (n) => spinner.update(`Removing events… ${count(n)} of ${count(plan.events)}`));
    } finally {
      spinner.stop();
    }
    await printOutcome(ctx, where, done, false);
    // SQLite's DELETE leaves the freed pages in the file, for later syncs to reuse; a dropped partition's space is the server's again.
    if (done.events > 0 && loc.kind === 'sqlite') {
      ctx.notice(`the file keeps its size: later syncs reuse the freed space; to give it back, run when no sync is running: sqlite3 '${where}' 'VACUUM'`);
    }
  } finally {
    await pruner.close();
  }
}

export default command({
  name: 'prune',
  summary: "remove the archive's events of the days before a day; asks first (--yes when not at a terminal)",
  description: [
    'The archive stops claiming the removed days: a report --db over them says',
    'the archive lacks them instead of judging what it no longer holds.',
  ].join('\n'),
  flags: FLAGS,
  examples: ['mailctl events prune --before 90d --dry-run', 'mailctl events prune --before 2026-09-01 --yes', 'mailctl events prune --before 30d --db team.sqlite --yes'],
  // No API operation: the archive only. A PostgreSQL archive can refuse the login (3) or be unreachable (7).
  exitCodes: [ExitCode.Auth, ExitCode.Network],
  run,
});
