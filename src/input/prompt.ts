import { InterruptedError } from '../errors.js';
import type { IO } from '../io.js';

/**
 * Reads one line from a TTY without echoing it (for API keys). Ctrl-C (raw
 * mode delivers it as a byte, not as SIGINT) rejects with InterruptedError, so
 * main.ts ends quietly with 130 as for any Ctrl-C; Backspace works; nothing
 * typed ever reaches stdout or stderr. Ctrl-D (raw mode delivers it as a byte)
 * or the end of stdin ends the input as Enter does: an empty key is then refused,
 * rather than the prompt waiting for ever or the process ending without a word.
 */
export function readHidden(io: IO, question: string): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadStream;
  io.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    let finished = false;
    const done = (error?: Error) => {
      if (finished) return;
      finished = true;
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onEnd = () => done();
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new InterruptedError());
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
    stdin.once('end', onEnd);
  });
}

/** Asks a yes/no question on a TTY; only "y" or "yes" is a yes. Ctrl-D (the end of stdin) is a no, on a line of its own. */
export function confirm(io: IO, question: string): Promise<boolean> {
  const stdin = io.stdin as NodeJS.ReadStream;
  io.stderr.write(`${question} [y/N] `);
  return new Promise((resolve) => {
    const answer = (yes: boolean) => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      stdin.pause();
      resolve(yes);
    };
    const onData = (chunk: Buffer | string) => answer(/^\s*y(es)?\s*$/i.test(chunk.toString('utf8')));
    const onEnd = () => {
      io.stderr.write('\n');
      answer(false);
    };
    stdin.resume();
    stdin.on('data', onData);
    stdin.once('end', onEnd);
  });
}
