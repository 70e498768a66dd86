import { readFileSync } from 'node:fs';
import type { CommanderError } from 'commander';
import type { IO } from './io.js';
import type { Runtime } from './commands/verb.js';
import type { ExitCode } from './errors.js';

type Errors = typeof import('./errors.js');

function isCommanderError(error: unknown): error is CommanderError {
  return error instanceof Error && typeof (error as CommanderError).code === 'string' && (error as CommanderError).code.startsWith('commander.');
}

/** The one place where a failure becomes an exit code. */
async function report(error: unknown, runtime: Runtime, errors: Errors): Promise<ExitCode> {
  const { CliError, ExitCode, InterruptedError } = errors;
  const { stderr } = runtime.io;
  if (runtime.signal.reason instanceof InterruptedError || error instanceof InterruptedError) return ExitCode.Interrupted;
  if (runtime.signal.aborted) return ExitCode.Terminated;
  if (isCommanderError(error)) {
    // commander has printed its message (with a "did you mean" where one fits)
    if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return ExitCode.Ok;
    return ExitCode.Usage;
  }
  // loaded only to print a failure: a successful run or --help never needs it
  const { errorText, errorJson, unexpectedErrorText } = await import('./output/error.js');
  if (error instanceof CliError) {
    stderr.write(errorText(error, runtime.state?.quiet ?? false));
    if (runtime.state?.errorFormat === 'json') stderr.write(errorJson(error));
    return error.exitCode;
  }
  stderr.write(unexpectedErrorText(error, Boolean(runtime.io.env.MAILCTL_DEBUG)));
  return ExitCode.Failure;
}

/**
 * Parses argv with the real program, runs the command and maps the outcome to
 * its exit code. main() uses it, and so do the in-process tests (test/helpers/context.ts),
 * so both see the same exit codes.
 */
export async function runArgv(argv: string[], runtime: Runtime, errors: Errors): Promise<ExitCode> {
  const { ExitCode, InterruptedError } = errors;
  try {
    const { buildProgram } = await import('./program.js');
    const program = buildProgram(runtime);
    if (argv.length <= 2) {
      program.outputHelp();
      return ExitCode.Ok;
    }
    await program.parseAsync(argv);
    return runtime.signal.reason instanceof InterruptedError ? ExitCode.Interrupted : ExitCode.Ok;
  } catch (error) {
    return report(error, runtime, errors);
  }
}

function captureIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
    columns: process.stdout.columns || 80,
    env: process.env,
  };
}

/**
 * Set before any command loads undici, so before undici compiles anything.
 *
 * undici parses HTTP with a WebAssembly build of llhttp. V8 first compiles it
 * with its baseline compiler, then re-optimises it on a background thread;
 * the process cannot exit until that thread is done (about 150 ms after a one-call command)
 * and the optimised code keeps some 30 MB resident during a long export. The
 * baseline code is fast enough for JSON pages, so stay on it. A long export
 * turns every page into garbage: a young heap that does not grow and V8's
 * optimise-for-size heap policy collect it early, so peak memory stays flat
 * (measured: 61 MB at 20,000 events, 70 MB at 600,000; 68 and 102 MB without).
 * These flags steer only WebAssembly tiering and heap sizing.
 */
async function tuneV8(): Promise<void> {
  // loaded here, not at the top: `--version` and `--help` return before this and pay nothing
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--optimize-for-size');
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/**
 * The root help as the build wrote it (dist/help.txt, see scripts/build.mjs),
 * for `mailctl`, `mailctl --help` and `-h` where commander would print the same
 * text: in a pipe, or on an 80-column terminal. Elsewhere (or when the file is
 * missing) commander renders it for the terminal's width.
 */
function cachedRootHelp(argv: string[]): string | undefined {
  const plain = argv.length === 2 || (argv.length === 3 && (argv[2] === '--help' || argv[2] === '-h'));
  if (!plain || (process.stdout.isTTY && process.stdout.columns !== 80)) return undefined;
  try {
    return readFileSync(new URL('./help.txt', import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

/** Runs mailctl with argv and ends the process with the mapped exit code. */
export async function main(argv: string[] = process.argv): Promise<void> {
  const version = packageVersion();
  // What scripts probe first, answered without loading anything: exit 0 as the event loop empties.
  if (argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V')) {
    process.stdout.write(`${version}\n`);
    return;
  }
  const help = cachedRootHelp(argv);
  if (help !== undefined) {
    process.stdout.write(help);
    return;
  }
  await tuneV8();
  const errors = await import('./errors.js');
  const { ExitCode, InterruptedError } = errors;
  const io = captureIO();
  const controller = new AbortController();
  const runtime: Runtime = { io, version, signal: controller.signal, disposers: [] };
  process.on('SIGINT', () => {
    // Each write is a whole line (or a whole page of lines), so stopping
    // between writes leaves valid NDJSON/CSV behind. A second Ctrl-C, or a
    // command that does not stop within 2 s, ends the process at once.
    if (controller.signal.aborted) process.exit(ExitCode.Interrupted);
    controller.abort(new InterruptedError());
    setTimeout(() => process.exit(ExitCode.Interrupted), 2000).unref();
  });
  // SIGTERM (a CI runner stopping a job, `kill`) stops the command the same
  // way; a command that then ends normally (the emulator) exits 0.
  process.on('SIGTERM', () => controller.abort(new Error('terminated')));
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // The reader went away (`| head`): stop quietly, as Unix tools do.
    if (error.code === 'EPIPE') process.exit(ExitCode.Ok);
  });
  const code = await runArgv(argv, runtime, errors);
  for (const dispose of runtime.disposers) await dispose().catch(() => undefined);
  process.exit(code);
}
