import type { Context } from '../context.js';
import { SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../time-units.js';

// The live count of an export (--all, --limit) on stderr, for a person at a
// terminal even when stdout goes to a file:
//   events: 12,400 rows · 124 pages · 1,850 rows/s · ETA 41s
// then one summary line. Drawn only when stderr is a TTY, not with --quiet
// (nothing) or --verbose (its request lines would run into it).

const n = (x: number) => x.toLocaleString('en-US');

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < SECONDS_PER_HOUR) return `${Math.floor(s / SECONDS_PER_MINUTE)}m ${String(s % SECONDS_PER_MINUTE).padStart(2, '0')}s`;
  return `${Math.floor(s / SECONDS_PER_HOUR)}h ${String(Math.floor((s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE)).padStart(2, '0')}m`;
}

export interface ExportProgress {
  update(rows: number, pages: number, total?: number): void;
  clear(): void;
  summary(rows: number, pages: number): void;
}

const NONE: ExportProgress = { update() {}, clear() {}, summary() {} };

export async function exportProgress(ctx: Context, noun: string): Promise<ExportProgress> {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet || ctx.globals.verbose) return NONE;
  const { statusLine } = await import('../output/status-line.js');
  const line = statusLine(ctx.io.stderr, true, false);
  const started = ctx.now();
  const rate = (rows: number) => {
    const elapsed = ctx.now() - started;
    return elapsed > 0 ? Math.round((rows * 1000) / elapsed) : undefined;
  };
  ctx.holdSpinner(true);
  return {
    update(rows, pages, total) {
      const perSecond = rate(rows);
      const parts = [`${noun}: ${n(rows)} rows`, `${n(pages)} page${pages === 1 ? '' : 's'}`];
      if (perSecond !== undefined) parts.push(`${n(perSecond)} rows/s`);
      if (total !== undefined && perSecond) parts.push(`ETA ${duration(((Math.max(0, total - rows)) / perSecond) * 1000)}`);
      else if (total !== undefined) parts.push(`of ${n(total)}`);
      let text = parts.join(' · ');
      // never wider than the terminal: a wrapped line cannot be redrawn in place
      const columns = (ctx.io.stderr as NodeJS.WriteStream).columns ?? 0;
      if (columns > 1 && text.length >= columns) text = text.slice(0, columns - 1);
      line.show(text);
    },
    clear: () => line.clear(),
    summary(rows, pages) {
      line.clear();
      ctx.holdSpinner(false);
      const perSecond = rate(rows);
      const took = duration(ctx.now() - started);
      ctx.notice(`${noun}: ${n(rows)} rows in ${n(pages)} page${pages === 1 ? '' : 's'}, ${took}${perSecond !== undefined ? ` (${n(perSecond)} rows/s)` : ''}`);
    },
  };
}
