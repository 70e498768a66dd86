// In-process command tests: a real Context (src/context.ts) over memory streams,
// a fake clock, a temp config dir and an in-process emulator, and `runInProcess`,
// which parses argv with the real commander program and maps failures to exit
// codes exactly as src/main.ts does (its runArgv). A spawned bin/mailctl.js is
// kept for what only a process shows: exit codes end to end, signals, start-up.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Clock, Context, GlobalOptions } from '../../src/context.js';
import type { IO } from '../../src/io.js';
import { createContext } from '../../src/context.js';
import { waitForDisk } from '../../src/archive/writer-pragmas.js';
import type { Runtime } from '../../src/commands/verb.js';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { startEmulator, type Emulator, type EmulatorOptions, type RecordedRequest } from '../../src/emulator/index.js';
import { MemoryOutput as MemoryStream } from '../../src/output/memory.js';
import { tempDir } from './cli.js';

// The archives written in this process do not wait for the disk at each commit, as the
// PostgreSQL test cluster runs with fsync = off: a killed process keeps its committed pages
// either way, and each open and close of an archive otherwise waits for the disk several times.
waitForDisk(false);

/** What `--version` prints in-process; the spawned tests check the real one. */
const VERSION = '0.0.0-test';

/** A clock that never waits: sleep() moves time forward at once and records how long was asked for. */
export interface FakeClock extends Clock {
  /** Every wait asked for, in ms, in order (retries, Retry-After, pacing). */
  sleeps: number[];
  advance(ms: number): void;
}

export function fakeClock(start = Date.now()): FakeClock {
  let time = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    advance(ms) {
      time += ms;
    },
    async sleep(ms, signal) {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      time += ms;
    },
  };
}

export interface TestContextOptions {
  /** The emulator to talk to; a started one is shared, options start one that close() stops. false: none. */
  emulator?: Emulator | EmulatorOptions | false;
  /** Which of the emulator's keys goes into MAILCTL_API_KEY (default full), or a key of your own; null: none. */
  key?: 'full' | 'read_only' | 'sandbox' | 'other_team' | (string & {}) | null;
  /** Added to the env (MAILCTL_CONFIG_DIR, and MAILCTL_BASE_URL/MAILCTL_API_KEY from the emulator); undefined removes. */
  env?: Record<string, string | undefined>;
  /** A config directory to share between runs; by default a fresh path of its own, made when a command writes there. */
  configDir?: string;
  /** stdin's whole content; stdin is empty (and not a TTY) by default. */
  stdin?: string | Buffer;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  stdinIsTTY?: boolean;
  /** Terminal width (default 80). */
  columns?: number;
  /** Terminal height (default 0: unknown, so nothing is paged). */
  rows?: number;
  /** The fake clock; a fresh one starting now by default. */
  clock?: FakeClock;
}

export interface TestContext {
  io: IO;
  env: Record<string, string | undefined>;
  /** MAILCTL_CONFIG_DIR of the run: may not exist until a command writes its config there. */
  configDir: string;
  clock: FakeClock;
  emulator?: Emulator;
  /** Aborts the command's signal, as main.ts does on SIGINT (pass errors.InterruptedError) or SIGTERM. */
  abort(reason?: unknown): void;
  runtime: Runtime;
  /** A Context as a verb's run(opts, ctx) receives it, for these global options. */
  context(globals?: GlobalOptions): Context;
  stdout(): string;
  stderr(): string;
  /** Releases the HTTP pool (and stops an emulator this context started). */
  close(): Promise<void>;
}

/**
 * A fresh config directory for each run: a path of its own inside one directory of this
 * process, not made until a command writes its config (as on a user's first run; a command
 * that only reads finds no file there, as in an empty directory). Making a directory per run
 * cost a disk operation each, for the few runs that write. The one directory is made once (not
 * straight in a crowded temp directory) and removed when the process exits on its own (a
 * worker that is killed leaves it behind).
 */
let configRoot: string | undefined;
let configRuns = 0;
function freshConfigDir(): string {
  if (configRoot === undefined) {
    const root = tempDir('mailctl-configs-');
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    configRoot = root;
  }
  return join(configRoot, `config-${++configRuns}`);
}

function isEmulator(e: Emulator | EmulatorOptions): e is Emulator {
  return typeof (e as Emulator).baseUrl === 'string';
}

export async function testContext(options: TestContextOptions = {}): Promise<TestContext> {
  const owned = options.emulator !== undefined && options.emulator !== false && !isEmulator(options.emulator);
  const emulator =
    options.emulator === undefined || options.emulator === false
      ? undefined
      : isEmulator(options.emulator)
        ? options.emulator
        : await startEmulator(options.emulator);
  const configDir = options.configDir ?? freshConfigDir();
  const keyName = options.key === undefined ? 'full' : options.key;
  const key = keyName === null ? undefined : emulator && keyName in emulator.keys ? emulator.keys[keyName as 'full'] : keyName;
  const env: Record<string, string | undefined> = {
    MAILCTL_CONFIG_DIR: configDir,
    // The credential store is the real one of this machine (macOS, Windows): never by default.
    MAILCTL_NO_KEYCHAIN: '1',
    ...(emulator ? { MAILCTL_BASE_URL: emulator.baseUrl } : {}),
    ...(key !== undefined ? { MAILCTL_API_KEY: key } : {}),
    ...options.env,
  };
  for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];

  const stdout = new MemoryStream();
  const stderr = new MemoryStream();
  const io: IO = {
    stdout,
    stderr,
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    stderrIsTTY: options.stderrIsTTY ?? false,
    stdinIsTTY: options.stdinIsTTY ?? false,
    columns: options.columns ?? 80,
    rows: options.rows ?? 0,
    env,
  };
  const clock = options.clock ?? fakeClock();
  const controller = new AbortController();
  const runtime: Runtime = { io, version: VERSION, signal: controller.signal, disposers: [], clock };
  return {
    io,
    env,
    configDir,
    clock,
    emulator,
    runtime,
    abort: (reason) => controller.abort(reason),
    // The one place a test Context is built: when Context's construction changes, fix it here.
    context: (globals = {}) => createContext(io, globals, controller.signal, runtime),
    stdout: () => stdout.text(),
    stderr: () => stderr.text(),
    async close() {
      for (const dispose of runtime.disposers.splice(0)) await dispose().catch(() => undefined);
      if (owned) await emulator!.close();
    },
  };
}

export interface InProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** What the emulator received during this run (tell concurrent runs on one emulator apart by key). */
  requests: RecordedRequest[];
  /** The waits the command asked for (fake clock). */
  sleeps: number[];
}

/** Runs `mailctl <args>` in this process, with main.ts's parsing and exit-code mapping. */
export async function runInProcess(args: string[], options: TestContextOptions = {}): Promise<InProcessResult> {
  const tc = await testContext(options);
  const firstSeq = tc.emulator ? (tc.emulator.requests.at(-1)?.seq ?? -1) : -1;
  try {
    const exitCode = await runArgv(['node', 'mailctl', ...args], tc.runtime, errors);
    return {
      exitCode,
      stdout: tc.stdout(),
      stderr: tc.stderr(),
      requests: tc.emulator ? tc.emulator.requests.filter((r) => r.seq > firstSeq) : [],
      sleeps: tc.clock.sleeps,
    };
  } finally {
    await tc.close();
  }
}

/**
 * One emulator for the whole test file: started before its tests, stopped after
 * them, its request log (and scripted faults) cleared before each test unless
 * `clearEach` is false (concurrent tests, which tell their requests apart).
 * Returns the emulator itself, usable in every hook and test of the file.
 */
export function useEmulator(options: EmulatorOptions = {}, { clearEach = true } = {}): Emulator {
  let emu: Emulator | undefined;
  beforeAll(async () => {
    emu = await startEmulator(options);
  });
  afterAll(async () => {
    await emu?.close();
  });
  beforeEach(() => {
    if (!clearEach) return;
    emu?.clearRequests();
    emu?.clearFaults();
  });
  const started = (): Emulator => {
    if (!emu) throw new Error('useEmulator: the emulator starts in beforeAll; use it inside hooks and tests');
    return emu;
  };
  return new Proxy({} as Emulator, {
    get: (_target, name) => {
      const value = Reflect.get(started(), name);
      return typeof value === 'function' ? value.bind(started()) : value;
    },
  });
}

/**
 * runInProcess with the argument shape and result of helpers/cli.ts's runCli,
 * so that a spawned test moves in-process by changing its import. The env is
 * what the test gives (no emulator is implied): point it at one with emulatorEnv().
 */
export async function runCliInProcess(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string | Buffer; configDir?: string; clock?: FakeClock; columns?: number } = {},
): Promise<{ code: number; signal: null; stdout: string; stderr: string }> {
  const { NODE_OPTIONS: _preload, ...env } = opts.env ?? {};
  const r = await runInProcess(args, { emulator: false, key: null, env, stdin: opts.input, configDir: opts.configDir, clock: opts.clock, columns: opts.columns });
  return { code: r.exitCode, signal: null, stdout: r.stdout, stderr: r.stderr };
}
