// One quiet line at the bottom of a terminal, on stderr ("last polled 14:03:22"),
// redrawn in place. Rows on stdout go to the same screen: the line is cleared
// before they are written and drawn again after, so it never ends up inside
// the data. Only on a TTY; a no-op elsewhere.

const CLEAR = '\r\u001b[2K';

export interface StatusLine {
  show(text: string): void;
  /** Removes the line (before stdout writes, and at the end). */
  clear(): void;
}

export function statusLine(stderr: NodeJS.WritableStream, enabled: boolean, colour: boolean): StatusLine {
  let shown = false;
  return {
    show(text) {
      if (!enabled) return;
      stderr.write(`${CLEAR}${colour ? `\u001b[2m${text}\u001b[22m` : text}`);
      shown = true;
    },
    clear() {
      if (!shown) return;
      stderr.write(CLEAR);
      shown = false;
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss of an instant, local or UTC. */
export function clockTime(ms: number, utc: boolean): string {
  const d = new Date(ms);
  return utc
    ? `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    : `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
