// A spinner on stderr, drawn by hand on one line (\r, clear line), as the
// lists progress bar is. ora hooks stdout/stderr.write to keep its line below
// other output, which recursed without end through the run's secret-scrubbing
// stderr (a stack overflow on every terminal), and its import() failed under
// the V8 code cache; this needs neither.

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR = '\r\u001b[2K';

export interface DrawnSpinner {
  update(text: string): void;
  stop(): void;
}

export function drawSpinner(stderr: NodeJS.WritableStream, text: string, columns: number, colour: boolean): DrawnSpinner {
  let frame = 0;
  let current = text;
  const draw = () => {
    let line = `${FRAMES[frame++ % FRAMES.length]} ${current}`;
    // never wider than the terminal: a wrapped line cannot be redrawn in place
    if (line.length >= columns) line = line.slice(0, columns - 1);
    stderr.write(`${CLEAR}${colour ? `\u001b[36m${line.slice(0, 1)}\u001b[39m${line.slice(1)}` : line}`);
  };
  draw();
  const timer = setInterval(draw, 80);
  timer.unref();
  let stopped = false;
  return {
    update(t) {
      current = t;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stderr.write(CLEAR);
    },
  };
}
