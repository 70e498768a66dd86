import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Stream } from 'node:stream';
import type { Env } from '../io.js';

// A pager for output longer than the screen, as git and gh do: on a terminal
// only, for tables and JSON, off with --no-pager or MAILCTL_PAGER= (empty).
// Output is held until it is longer than the screen: a short answer is written
// straight to the terminal and never starts a pager; a long one starts
// $MAILCTL_PAGER, else $PAGER, else `less -FRX` (-F quits when it fits, -R keeps colour,
// -X leaves the text on the screen), and everything after streams into it.

/** The pager command to run, or undefined when paging is off. */
export function pagerCommand(env: Env): string | undefined {
  if (env.MAILCTL_PAGER !== undefined) return env.MAILCTL_PAGER.trim() || undefined;
  if (env.PAGER !== undefined) return env.PAGER.trim() || undefined;
  return 'less -FRX';
}

/** The shell's search path when the environment names none (dash's and bash's). */
const SHELL_DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** A program name the shell runs as it is: no quotes, variables, assignments or other syntax. */
const PLAIN_PROGRAM = /^[\w./+-]+$/;
/** Shell builtins that run the rest of the line (`exec less`): not programs on PATH. */
const SHELL_BUILTINS = new Set(['exec', 'command', 'eval', 'builtin', '.']);

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * False when the pager's program is surely missing (`MAILCTL_PAGER=lss`): the shell would say
 * "not found" and everything written to it would be lost, the command still exiting 0. A command
 * with shell syntax is left to the shell.
 */
export function pagerFound(command: string, env: Env): boolean {
  if (process.platform === 'win32') return true;
  const program = command.trim().split(/\s+/)[0] ?? '';
  if (!PLAIN_PROGRAM.test(program) || SHELL_BUILTINS.has(program)) return true;
  if (program.includes('/')) return executable(program);
  return (env.PATH ?? SHELL_DEFAULT_PATH).split(':').some((dir) => executable(join(dir || '.', program)));
}

/** Lines the text takes on a terminal `columns` wide (long lines wrap). */
function screenLines(text: string, columns: number): number {
  let lines = 0;
  for (const line of text.split('\n')) {
    const visible = line.replace(/\u001b\[[0-9;]*m/g, '').length;
    lines += Math.max(1, Math.ceil(visible / Math.max(1, columns)));
  }
  return lines - 1; // the text ends with a line break
}

export interface PagedOutput {
  write(text: string): Promise<void>;
  /**
   * A line for stderr (a notice, the next-page hint, a summary), shown after the output: while
   * the output is held or paged, a line written at once would land above the data it is about.
   */
  afterOutput(line: string): void;
  /** Writes what is held, or closes the pager's input and waits until the user quits it; then the stderr lines. */
  end(): Promise<void>;
  /**
   * The user quit the pager (q in less) while the command was still writing to it: the rest of
   * the output has nowhere to go, as for a pipe whose reader went away (`| head`).
   */
  readonly quit: boolean;
}

export interface PagerOptions {
  command: string;
  rows: number;
  columns: number;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Env;
  /** Writes to the terminal directly (when the output fits, or the pager cannot start). */
  direct: (text: string) => Promise<void>;
  /** Called as the pager starts, before it draws: from then on it owns the screen until end(). */
  onStart?: () => void;
  /** Called when the pager has exited (quit by the user, or after end()): the screen is the shell's again. */
  onClose?: () => void;
}

/** A stream with a file descriptor (the terminal) is handed to the pager; anything else is fed from its stdout. */
function hasFd(stream: NodeJS.WritableStream): boolean {
  return typeof (stream as { fd?: unknown }).fd === 'number';
}

export function pagedOutput(opts: PagerOptions): PagedOutput {
  let held = '';
  const after: string[] = [];
  let child: ChildProcess | undefined;
  let closed: Promise<void> | undefined;
  // The user quit the pager before the end (q in less): the rest has nowhere to go.
  let gone = false;
  /** Writes waiting for room in the pager's pipe. */
  const draining: Array<() => void> = [];
  // end() has been called: the pager closing now is the normal end, not a quit.
  let ending = false;

  const start = (): boolean => {
    try {
      child = spawn(opts.command, {
        shell: true,
        stdio: ['pipe', hasFd(opts.stdout) ? (opts.stdout as unknown as Stream) : 'pipe', hasFd(opts.stderr) ? (opts.stderr as unknown as Stream) : 'ignore'],
        env: { ...opts.env, LESS: opts.env.LESS ?? 'FRX', LV: opts.env.LV ?? '-c' },
      });
    } catch {
      return false;
    }
    // the child runs once this turn ends: the screen is still ours to tidy up
    opts.onStart?.();
    child!.stdout?.on('data', (chunk: Buffer) => opts.stdout.write(chunk));
    child!.stdin!.on('error', () => (gone = true));
    closed = new Promise((resolve) => {
      let once = false;
      const done = () => {
        if (once) return;
        once = true;
        gone = true;
        // a write waiting for room in the pipe gets none from a pager that is gone: no 'drain' comes
        for (const waiting of draining.splice(0)) waiting();
        opts.onClose?.();
        resolve();
      };
      child!.on('close', done);
      child!.on('error', done);
    });
    return true;
  };

  const toPager = (text: string) =>
    new Promise<void>((resolve) => {
      if (gone || !child?.stdin) return resolve();
      if (child.stdin.write(text)) return resolve();
      const done = () => {
        child?.stdin?.off('drain', done);
        // drained: no longer one for the pager's exit to release (a long export waits thousands of times)
        const at = draining.indexOf(done);
        if (at >= 0) draining.splice(at, 1);
        resolve();
      };
      draining.push(done);
      child.stdin.once('drain', done);
    });

  return {
    async write(text) {
      if (child) return toPager(text);
      held += text;
      if (opts.rows > 0 && screenLines(held, opts.columns) >= opts.rows && start()) {
        const all = held;
        held = '';
        await toPager(all);
      }
    },
    afterOutput(line) {
      after.push(line);
    },
    get quit() {
      return gone && !ending;
    },
    async end() {
      ending = true;
      if (!child) {
        if (held) await opts.direct(held);
        held = '';
      } else {
        child.stdin?.end();
        await closed;
      }
      for (const line of after.splice(0)) opts.stderr.write(line);
    },
  };
}
