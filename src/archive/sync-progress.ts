import type { Context, Spinner } from '../context.js';

// The progress line of `events sync` on a TTY (stderr, through ctx.spinner:
// nothing in a pipe or with --quiet): pages, events, events per second, and an
// ETA from the range's total_count, then the range:
//   ⠙ Syncing: page 9, 900 of 2,000 events, 194 events/s, ETA 10s (2026-08-28..2026-11-26)

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
      // What matters first: the spinner cuts the line short of the terminal's width (80 columns
      // often), and the range, which the summary repeats, is what may go.
      spinner.update(`Syncing: page ${pages}, ${events.toLocaleString('en-US')}${of} events, ${Math.round(rate).toLocaleString('en-US')} events/s${eta} (${range})`);
    },
    stop: () => spinner.stop(),
  };
}
