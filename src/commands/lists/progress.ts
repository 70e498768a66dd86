import type { Context } from '../../context.js';
import { SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../../time-units.js';

// A one-line progress display on stderr, only when stderr is a TTY (and not
// --quiet or --verbose, whose request lines would run into it); pipes get nothing:
//   attaching [██████░░░░░░░░░░░░░░] 150,000/1,200,000 pairs · 3/40 requests · ETA 9s
// Written by hand rather than with ctx.spinner: ora loops forever clearing
// lines when the terminal reports 0 columns (script(1), some CI pseudo-TTYs).

const WIDTH = 20;
const n = (x: number) => x.toLocaleString('en-US');

function formatEta(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < SECONDS_PER_HOUR) return `${Math.floor(s / SECONDS_PER_MINUTE)}m ${String(s % SECONDS_PER_MINUTE).padStart(2, '0')}s`;
  return `${Math.floor(s / SECONDS_PER_HOUR)}h ${String(Math.floor((s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE)).padStart(2, '0')}m`;
}

export interface Progress {
  update(requestsDone: number, pairsDone: number): void;
  stop(): void;
}

function progressText(verbing: string, requestsDone: number, totalRequests: number, pairsDone: number, totalPairs: number, elapsedMs: number, unit: string): string {
  const share = totalPairs === 0 ? 1 : pairsDone / totalPairs;
  const filled = Math.round(share * WIDTH);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
  // Requests take about the same time each (the rate limit sets the pace), so the ETA counts requests.
  const eta = requestsDone === 0 ? '…' : formatEta((elapsedMs / requestsDone) * (totalRequests - requestsDone));
  return `${verbing} [${bar}] ${n(pairsDone)}/${n(totalPairs)} ${unit} · ${requestsDone}/${totalRequests} requests · ETA ${eta}`;
}

/** `unit` names what is counted: "pairs" (attach, detach), "addresses" (import). */
export function startProgress(ctx: Context, verbing: string, totalRequests: number, totalPairs: number, unit = 'pairs'): Progress {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet || ctx.globals.verbose) return { update() {}, stop() {} };
  const started = ctx.now();
  const stderr = ctx.io.stderr as NodeJS.WriteStream;
  let shown = false;
  const draw = (requestsDone: number, pairsDone: number) => {
    let text = progressText(verbing, requestsDone, totalRequests, pairsDone, totalPairs, ctx.now() - started, unit);
    // Never wider than the terminal: a wrapped line cannot be redrawn in place.
    const columns = stderr.columns ?? 0;
    if (columns > 1 && text.length >= columns) text = text.slice(0, columns - 1);
    stderr.write(`\r\x1b[2K${text}`);
    shown = true;
  };
  ctx.holdSpinner(true); // the bar owns the line: no request spinner over it
  draw(0, 0);
  return {
    update: draw,
    stop: () => {
      if (shown) stderr.write('\r\x1b[2K');
      shown = false;
      ctx.holdSpinner(false);
    },
  };
}
