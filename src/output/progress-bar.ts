import type { IO } from '../io.js';
import { barText, fitLine } from './progress-text.js';

// A one-line progress display on stderr, only when stderr is a TTY (and not
// --quiet or --verbose, whose request lines would run into it); pipes get nothing:
//   attaching [██████░░░░░░░░░░░░░░] 150,000/1,200,000 pairs · 3/40 requests · ETA 9s
// Written by hand rather than with ctx.spinner: ora loops forever clearing
// lines when the terminal reports 0 columns (script(1), some CI pseudo-TTYs).

/** What the bar needs of the run (a Context is one). */
export interface ProgressHost {
  io: Pick<IO, 'stderr' | 'stderrIsTTY'>;
  globals: { quiet?: boolean; verbose?: boolean };
  now(): number;
  holdSpinner(held: boolean): void;
}

export interface Progress {
  update(requestsDone: number, pairsDone: number): void;
  stop(): void;
}

/** `unit` names what is counted: "pairs" (attach, detach), "addresses" (import). */
export function startProgress(ctx: ProgressHost, verbing: string, totalRequests: number, totalPairs: number, unit = 'pairs'): Progress {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet || ctx.globals.verbose) return { update() {}, stop() {} };
  const started = ctx.now();
  const stderr = ctx.io.stderr as NodeJS.WriteStream;
  let shown = false;
  const draw = (requestsDone: number, pairsDone: number) => {
    const text = fitLine(barText(verbing, [requestsDone, totalRequests], [pairsDone, totalPairs], ctx.now() - started, unit), stderr.columns);
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
