import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { startCli, type CliOptions, type CliResult } from './cli.js';

/** A started `mailctl webhook listen|forward`, its output so far, and how it ended. */
export interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** resolves once stderr matches */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  done: Promise<CliResult>;
}

export function startRunning(args: string[], opts: CliOptions = {}): Running {
  const child = startCli(args, opts);
  let out = '';
  let err = '';
  const waiters: Array<{ pattern: RegExp; resolve: (m: RegExpExecArray) => void }> = [];
  const check = () => {
    for (const w of [...waiters]) {
      const m = w.pattern.exec(err);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    check();
  });
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      for (const w of waiters) w.resolve(Object.assign([`exited (${code}) before ${w.pattern}: ${err}`], { index: 0, input: '' }) as RegExpExecArray);
      resolve({ code, signal, stdout: out, stderr: err });
    });
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor: (pattern) =>
      new Promise((resolve) => {
        waiters.push({ pattern, resolve });
        check();
      }),
    done,
  };
}

/** Starts `webhook listen ARGS` and waits for the URL it prints. */
export async function startListen(args: string[], opts: CliOptions = {}): Promise<Running & { url: string }> {
  const r = startRunning(['webhook', 'listen', ...args], opts);
  const m = await r.waitFor(/Listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
  if (!m[1]) throw new Error(m[0]);
  return { ...r, url: m[1] };
}
