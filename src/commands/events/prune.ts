import type { PruneOutcome } from '../../archive/prune.js';
import { count, describePrune, printPruneOutcome } from '../../archive/prune-report.js';
import type { Context } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { firstDayKept } from '../../input/whole-day.js';
import { archiveLocationOf, pgConnectOptions, type DbFlag } from '../../archive/db-flag.js';
import { dbFlag } from '../archive-db.js';
import { command, flag } from '../define.js';
import { commandLine } from '../../output/command-line.js';
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

async function run(opts: PruneOptions, ctx: Context): Promise<void> {
  const before = firstDayKept(opts.before, ctx.now());
  const loc = await archiveLocationOf(ctx, opts.db);
  const { openPruner } = await import('../../archive/pruner.js');
  const pruner = await openPruner(loc, pgConnectOptions(ctx, 'mailctl events prune'));
  try {
    const plan = await pruner.plan(before);
    const where = pruner.label;
    if (opts.dryRun) {
      await printPruneOutcome(ctx, where, plan, true);
      ctx.notice(`dry run: nothing was removed (${commandLine(['events', 'prune'], ['--before', before, '--db', where, '--yes'])} removes ${describePrune(plan)})`);
      return;
    }
    const interactive = ctx.io.stdinIsTTY && ctx.io.stderrIsTTY;
    // Nothing to lose is not asked about on a terminal; a script without --yes is refused either way, so it fails on its first run.
    if (!(plan.events === 0 && interactive)) {
      await confirmOrRefuse(ctx, { command: 'events prune', what: `remove ${describePrune(plan)} before ${before} from the archive ${where}`, done: 'removed', yes: opts.yes });
    }
    const spinner = await ctx.spinner('Removing events…');
    let done: PruneOutcome;
    try {
      done = await pruner.prune(before, (n) => spinner.update(`Removing events… ${count(n)} of ${count(plan.events)}`));
    } finally {
      spinner.stop();
    }
    await printPruneOutcome(ctx, where, done, false);
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
