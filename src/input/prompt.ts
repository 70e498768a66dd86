import { InterruptedError } from '../errors.js';
import type { IO } from '../io.js';

/**
 * Reads one line from a TTY without echoing it (for API keys). Ctrl-C (raw
 * mode delivers it as a byte, not as SIGINT) rejects with InterruptedError, so
 * main.ts ends quietly with 130 as for any Ctrl-C; Backspace works; nothing
 * typed ever reaches stdout or stderr.
 */
export function readHidden(io: IO, question: string): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadStream;
  io.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new InterruptedError());
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** Asks a yes/no question on a TTY; only "y" or "yes" is a yes. */
export function confirm(io: IO, question: string): Promise<boolean> {
  const stdin = io.stdin as NodeJS.ReadStream;
  io.stderr.write(`${question} [y/N] `);
  return new Promise((resolve) => {
    const onData = (chunk: Buffer | string) => {
      stdin.removeListener('data', onData);
      stdin.pause();
      resolve(/^\s*y(es)?\s*$/i.test(chunk.toString('utf8')));
    };
    stdin.resume();
    stdin.on('data', onData);
  });
}
