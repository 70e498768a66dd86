import { spawn } from 'node:child_process';
import type { TestContext } from 'vitest';
import { allowEarlyExit, BIN, tempDir } from './cli.js';
import { requireCommand } from './tools.js';

// The one way a test runs the built CLI on a real pseudo-terminal, as a user's
// shell would: util-linux script(1). In-process tests fake a TTY (stdoutIsTTY);
// these check what only a real terminal shows (its size from stty, TZ, a pager,
// a prompt read in raw mode). Without script(1) the test skips, saying so, and
// fails under MAILCTL_CI_STRICT=1 (.ci/run).

export interface TtyOptions {
  /** Added to PATH, HOME, TERM=xterm, a fresh MAILCTL_CONFIG_DIR and MAILCTL_NO_KEYCHAIN=1; undefined removes. */
  env?: Record<string, string | undefined>;
  /** Typed into the terminal; the terminal then stays open until the CLI exits. */
  input?: string;
  /** The terminal's size (stty), when the test depends on it. */
  rows?: number;
  cols?: number;
}

export interface TtyResult {
  /** script's exit code, which is the CLI's (script -e). */
  code: number | null;
  /** What the terminal showed, stdout and stderr mixed, with CRLF turned back into LF. */
  out: string;
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** Runs `mailctl ARGS` on a pseudo-terminal; `args` as a list, or as words separated by single spaces. */
export function runOnTty(t: Pick<TestContext, 'skip'>, args: readonly string[] | string, opts: TtyOptions = {}): Promise<TtyResult> {
  requireCommand(t, 'script');
  const words = typeof args === 'string' ? args.split(' ') : args;
  const size = [opts.rows && `rows ${opts.rows}`, opts.cols && `cols ${opts.cols}`].filter(Boolean).join(' ');
  const line = `${size ? `stty ${size}; ` : ''}${[process.execPath, BIN, ...words].map(quote).join(' ')}`;
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TERM: 'xterm',
    MAILCTL_CONFIG_DIR: tempDir('mailctl-config-'),
    MAILCTL_NO_KEYCHAIN: '1',
    ...opts.env,
  };
  const child = spawn('script', ['-qfec', line, '/dev/null'], {
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
  });
  // An ended stdin lets script finish as soon as the CLI does; typed input keeps the terminal open.
  allowEarlyExit(child.stdin);
  if (opts.input !== undefined) child.stdin.write(opts.input);
  else child.stdin.end();
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out: out.replace(/\r\n/g, '\n') }));
  });
}
