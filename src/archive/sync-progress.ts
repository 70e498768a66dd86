import type { Context, Spinner } from '../context.js';

// The progress line of `events sync` on a TTY (stderr, through ctx.spinner:
// nothing in a pipe or with --quiet): pages, events, events per second, and an
// ETA from the range's total_count.

export interface SyncProgress {
  page(done: { pages: number; events: number; total?: number; range: string }): void;
  stop(): void;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${s % 60}s` : `${Math.floor(m / 60)}h ${m % 60}m`;
}

export async function syncProgress(ctx: Context): Promise<SyncProgress> {
  const started = ctx.now();
  const spinner: Spinner = await ctx.spinner('Syncing events…');
  return {
    page({ pages, events, total, range }) {
      const seconds = (ctx.now() - started) / 1000;
      const rate = seconds > 0 ? events / seconds : 0;
      const of = total === undefined ? '' : ` of ${total.toLocaleString('en-US')}`;
      const eta = total !== undefined && rate > 0 && total > events ? `, ETA ${duration(((total - events) / rate) * 1000)}` : '';
      spinner.update(`Syncing ${range}: page ${pages}, ${events.toLocaleString('en-US')}${of} events, ${Math.round(rate)} events/s${eta}`);
    },
    stop: () => spinner.stop(),
  };
}
