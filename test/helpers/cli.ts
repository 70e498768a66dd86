import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/mailctl.js', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Added to a clean environment (PATH, HOME, a fresh MAILCTL_CONFIG_DIR, a code cache dir and MAILCTL_NO_KEYCHAIN=1 only); undefined removes. */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. Without it stdin is closed at once (not a TTY). */
  input?: string | Buffer;
  /** A config directory to share between calls; a fresh one by default. */
  configDir?: string;
}

export function tempDir(prefix = 'mailctl-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** One code cache (src/boot/code-cache.ts) for the CLIs this test file starts: not the user's. */
let codeCacheDir: string | undefined;

function cleanEnv(opts: CliOptions): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    MAILCTL_CONFIG_DIR: opts.configDir ?? tempDir('mailctl-config-'),
    MAILCTL_CACHE_DIR: (codeCacheDir ??= tempDir('mailctl-cache-')),
    // HOME is the developer's: on macOS or Windows a test's `auth login` would
    // otherwise write to their real credential store. Keychain tests remove it.
    MAILCTL_NO_KEYCHAIN: '1',
    ...opts.env,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

/**
 * A child may end before it has read all its input (a usage error, a signal):
 * what is left of the write then fails with EPIPE, which is not the test's
 * failure. Any other error of the stream still is.
 */
export function allowEarlyExit(stdin: NodeJS.WritableStream): void {
  stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

/** Starts the built CLI; the caller controls its streams (for --follow and Ctrl-C tests). */
export function startCli(args: string[], opts: CliOptions = {}): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv(opts), stdio: 'pipe' });
  allowEarlyExit(child.stdin);
  if (opts.input !== undefined) child.stdin.end(opts.input);
  else child.stdin.end();
  return child;
}

/** Collects a started CLI's output until it exits. */
export function finished(child: ChildProcessWithoutNullStreams): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * Sends `signal` to a started CLI as soon as `ready()` holds (checked every 2 ms: say, the
 * emulator has received the request to interrupt), or lets it finish if it ends first; its result.
 */
export async function interruptWhen(child: ChildProcessWithoutNullStreams, ready: () => boolean, signal: NodeJS.Signals): Promise<CliResult> {
  const done = finished(child);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise<void>((resolve) => (timer = setInterval(() => ready() && resolve(), 2)))]);
  clearInterval(timer);
  child.kill(signal);
  return done;
}

/**
 * Runs the built bin/mailctl.js asynchronously, so that an emulator running in
 * the test's own process can answer it (spawnSync would block the event loop).
 */
export function runCli(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  return finished(startCli(args, opts));
}

/** The env that points the CLI at an emulator with one of its keys. */
export function emulatorEnv(
  emu: { baseUrl: string; keys: Record<string, string> },
  key: 'full' | 'read_only' | 'sandbox' | 'other_team' = 'full',
): Record<string, string> {
  return { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys[key]! };
}

/** Parses NDJSON output, failing on any line that is not a whole JSON value. */
export function ndjson(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}
