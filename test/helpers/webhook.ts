import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { startCli, type CliOptions, type CliResult } from './cli.js';
import { testContext, type FakeClock, type TestContextOptions } from './context.js';

/**
 * A clock for the long-running webhook verbs in-process: each wait asked for (a poll
 * interval, a retry delay) passes `speed` times faster in real time, and now() moves by the
 * whole wait, so the command sees the times it asked for; between waits, time is real.
 * The instant fake clock would make a poll loop spin.
 */
export function quickClock(speed = 20): FakeClock {
  let skipped = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => Date.now() + skipped,
    advance(ms) {
      skipped += ms;
    },
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        sleeps.push(ms);
        const real = ms / speed;
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          skipped += ms - real;
          resolve();
        }, real);
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

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

/**
 * `mailctl ARGS` running in this process (main.ts's runArgv on a testContext), for the
 * long-running webhook verbs: its output so far, a wait for a stderr line, and Ctrl-C.
 */
export async function startInProcess(args: string[], options: TestContextOptions = {}) {
  // No emulator, no key unless the test gives one (listen talks to no API).
  const tc = await testContext(options.emulator ? options : { emulator: false, key: null, ...options });
  const done = runArgv(['node', 'mailctl', ...args], tc.runtime, errors)
    .then((code) => ({ code, signal: null, stdout: tc.stdout(), stderr: tc.stderr() }) as CliResult)
    .finally(() => tc.close());
  let finished = false;
  void done.then(() => (finished = true));
  return {
    stdout: () => tc.stdout(),
    stderr: () => tc.stderr(),
    done,
    interrupt: () => tc.abort(new errors.InterruptedError()),
    /** Polls stderr (a memory stream) until it matches, or the command ends. */
    async waitFor(pattern: RegExp): Promise<RegExpExecArray> {
      for (;;) {
        const m = pattern.exec(tc.stderr());
        if (m) return m;
        if (finished) throw new Error(`ended before ${pattern}: ${tc.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

/** `webhook listen ARGS` in this process, once it printed its URL. */
export async function listenInProcess(args: string[], options: TestContextOptions = {}) {
  const r = await startInProcess(['webhook', 'listen', ...args], options);
  const m = await r.waitFor(/Listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
  return { ...r, url: m[1]! };
}
