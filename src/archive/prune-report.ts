import type { Context } from '../context.js';
import { writeDetail } from '../output/detail.js';
import type { PruneOutcome } from './prune.js';

// What `events prune` reports: the summary of what it removed (or, with
// --dry-run, would remove) and what is left, as a detail or as JSON.

export const count = (n: number) => n.toLocaleString('en-US');

/** "1,204 events of 12 days (2026-08-01 to 2026-08-12)". */
export function describePrune(p: PruneOutcome): string {
  if (p.events === 0 && p.days === 0) return 'nothing (no event is older)';
  const span = p.firstDay === null ? '' : p.firstDay === p.lastDay ? ` (${p.firstDay})` : ` (${p.firstDay} to ${p.lastDay})`;
  return `${p.estimated ? 'about ' : ''}${count(p.events)} events of ${count(p.days)} day${p.days === 1 ? '' : 's'}${span}`;
}

export async function printPruneOutcome(ctx: Context, path: string, p: PruneOutcome, dryRun: boolean): Promise<void> {
  const summary = {
    ...(dryRun ? { dry_run: true } : {}),
    archive: path,
    before: p.before,
    removed_events: p.events,
    ...(p.estimated ? { removed_events_estimated: true } : {}),
    removed_days: p.days,
    first_day: p.firstDay,
    last_day: p.lastDay,
    archive_total: p.remaining,
    ...(p.remainingEstimated ? { archive_total_estimated: true } : {}),
    oldest: p.oldestRemaining,
  };
  const verb = dryRun ? 'Would remove' : 'Removed';
  await writeDetail(ctx.output(), summary, [
    {
      fields: [
        { key: 'archive', label: 'Archive', value: path },
        { key: 'before', label: 'Before', value: p.before },
        { key: 'removed_events', label: `${verb} (events)`, value: p.events, kind: 'number' },
        // only for an archive counted by the database's statistics (pg/count.ts)
        ...(p.estimated ? [{ key: 'removed_events_estimated', label: 'Estimated', value: true, kind: 'bool' as const }] : []),
        { key: 'removed_days', label: `${verb} (days)`, value: p.days, kind: 'number' },
        { key: 'first_day', label: 'First day removed', value: p.firstDay },
        { key: 'last_day', label: 'Last day removed', value: p.lastDay },
        { key: 'archive_total', label: dryRun ? 'Events left' : 'Archive total', value: p.remaining, kind: 'number' },
        ...(p.remainingEstimated ? [{ key: 'archive_total_estimated', label: 'Estimated', value: true, kind: 'bool' as const }] : []),
        { key: 'oldest', label: 'Oldest event left', value: p.oldestRemaining, kind: 'time' },
      ],
    },
  ]);
}
