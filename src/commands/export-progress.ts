import type { Context } from '../context.js';
import { durationText, exportText, fitLine } from '../output/progress-text.js';
import { counted, thousands as n } from '../counts.js';

// The live count of an export (--all, --limit) on stderr, for a person at a
// terminal even when stdout goes to a file:
//   events: 12,400 rows · 124 pages · 1,850 rows/s · ETA 41s
// then one summary line. Drawn only when stderr is a TTY, not with --quiet
// (nothing) or --verbose (its request lines would run into it).


export interface ExportProgress {
  update(rows: number, pages: number, total?: number): void;
  clear(): void;
  summary(rows: number, pages: number): void;
  /** Ctrl-C or SIGTERM stopped the export: how far it got, in place of the summary. */
  stopped(rows: number, pages: number): void;
}

const NONE: ExportProgress = { update() {}, clear() {}, summary() {}, stopped() {} };

export async function exportProgress(ctx: Context, noun: string): Promise<ExportProgress> {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet || ctx.globals.verbose) return NONE;
  const { statusLine } = await import('../output/status-line.js');
  const line = statusLine(ctx.liveStderr, true, false);
  const started = ctx.now();
  const rate = (rows: number) => {
    const elapsed = ctx.now() - started;
    return elapsed > 0 ? Math.round((rows * 1000) / elapsed) : undefined;
  };
  ctx.holdSpinner(true);
  return {
    update(rows, pages, total) {
      line.show(fitLine(exportText(noun, rows, pages, rate(rows), total), (ctx.io.stderr as NodeJS.WriteStream).columns));
    },
    clear: () => line.clear(),
    summary(rows, pages) {
      line.clear();
      ctx.holdSpinner(false);
      const perSecond = rate(rows);
      const took = durationText(ctx.now() - started);
      ctx.notice(`${noun}: ${counted(rows, 'row')} in ${counted(pages, 'page')}, ${took}${perSecond !== undefined ? ` (${n(perSecond)} rows/s)` : ''}`);
    },
    stopped(rows, pages) {
      // the live count vanished with Ctrl-C: say how far the export got (its rows are whole)
      line.clear();
      ctx.holdSpinner(false);
      ctx.notice(`${noun}: stopped after ${counted(rows, 'row')} in ${counted(pages, 'page')}, ${durationText(ctx.now() - started)}`);
    },
  };
}
