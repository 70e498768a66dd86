import { fstatSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommanderError } from 'commander';
import type { IO } from './io.js';
import type { Runtime } from './commands/verb.js';
import type { ExitCode } from './errors.js';
import type { BundleHashes } from './boot/code-cache.js';
import { cachedRootHelp, writeOut } from './boot/fast-paths.js';
import { tuneV8BeforeWasm } from './boot/v8-flags.js';
import { warmFirstWasm } from './boot/wasm-warmup.js';

type Errors = typeof import('./errors.js');
type App = typeof import('./app.js');

// Defined by scripts/build.mjs in dist/main.js: the CommonJS bundles beside it
// and the hashes of their content. Undefined when the source runs (the tests).
declare const __MAILCTL_BUNDLES__: BundleHashes | undefined;

let appModule: Promise<App> | undefined;

/**
 * Our modules: built, from dist/app.js through the V8 code cache; from source,
 * as they are. The loader is imported here, not at the top, so that `--version`
 * and `--help` do not load node:vm and node:module (it is bundled into main.js).
 */
function app(): Promise<App> {
  if (typeof __MAILCTL_BUNDLES__ === 'undefined') return (appModule ??= import('./app.js'));
  const bundles = __MAILCTL_BUNDLES__;
  const dist = dirname(fileURLToPath(import.meta.url));
  return (appModule ??= import('./boot/code-cache.js').then(({ bundleLoader }) => bundleLoader(dist, bundles, process.env)('app.js') as App));
}

function isCommanderError(error: unknown): error is CommanderError {
  return error instanceof Error && typeof (error as CommanderError).code === 'string' && (error as CommanderError).code.startsWith('commander.');
}

/** --json, --ndjson, -o/--output json|ndjson among the options (before a `--`). */
function argvAsksJson(argv: readonly string[], own: Runtime['ownFlags']): boolean {
  const json = (v: string | undefined) => v === 'json' || v === 'ndjson';
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return false;
    // `template create --json FILE`: the command's input, not the output format
    if (own && i - 2 > own.after && own.flags.has(a)) continue;
    if (a === '--json' || a === '--ndjson') return true;
    if ((a === '-o' || a === '--output') && json(argv[i + 1])) return true;
    if (a.startsWith('--output=') && json(a.slice('--output='.length))) return true;
    if (a.startsWith('-o') && !a.startsWith('--') && json(a.slice(2).replace(/^=/, ''))) return true;
  }
  return false;
}

/** The one place where a failure becomes an exit code. */
async function report(error: unknown, runtime: Runtime, errors: Errors, argv: readonly string[]): Promise<ExitCode> {
  const { CliError, ExitCode, InterruptedError } = errors;
  const { stderr } = runtime.io;
  if (runtime.signal.reason instanceof InterruptedError || error instanceof InterruptedError) return ExitCode.Interrupted;
  if (runtime.signal.aborted) return ExitCode.Terminated;
  if (error instanceof errors.PagerQuitError) return ExitCode.Ok;
  if (isCommanderError(error)) {
    // commander has printed its message (with a "did you mean" where one fits)
    if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return ExitCode.Ok;
    // cli.md: with --output json|ndjson every error is also one JSON object on stderr; commander
    // stopped before any command ran, so the flags are read from argv
    if (argvAsksJson(argv, runtime.ownFlags)) {
      const { errorJson } = await (await app()).loadOutputError();
      const [first = '', ...rest] = error.message.replace(/^error: /, '').split('\n');
      const hint = rest.map((l) => l.trim().replace(/^\((.*)\)$/, '$1')).filter(Boolean).join(' ');
      stderr.write(errorJson(new errors.UsageError(first, hint ? { hint } : {})));
    }
    return ExitCode.Usage;
  }
  // loaded only to print a failure: a successful run or --help never needs it
  const { errorText, errorJson, unexpectedErrorText } = await (await app()).loadOutputError();
  // a full disk, a read-only mount, a file where a folder must be: a known condition, not a bug
  const known = error instanceof CliError ? error : errors.systemFailure(error);
  if (known) {
    stderr.write(errorText(known, runtime.state?.quiet ?? false));
    if (runtime.state?.errorFormat === 'json') stderr.write(errorJson(known));
    return known.exitCode;
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
  const { ExitCode, InterruptedError, TerminatedError } = errors;
  try {
    const { programFor } = await (await app()).loadProgram();
    const program = await programFor(runtime, argv);
    if (argv.length <= 2) {
      program.outputHelp();
      return ExitCode.Ok;
    }
    await program.parseAsync(argv);
    // A command that stops on the signal and returns (the emulator, a server) was still
    // stopped by it: 130 for Ctrl-C, 143 for SIGTERM (cli.md's exit codes), never 0.
    if (runtime.signal.reason instanceof InterruptedError) return ExitCode.Interrupted;
    return runtime.signal.reason instanceof TerminatedError ? ExitCode.Terminated : ExitCode.Ok;
  } catch (error) {
    return report(error, runtime, errors, argv);
  }
}

/**
 * stdout on a regular file gets a writer that never leaves a cut line (output/file-stdout.ts);
 * anything else is process.stdout, made when first written to (see captureIO).
 */
async function stdoutStream(): Promise<{ make: () => NodeJS.WritableStream; stdoutFormat?: IO['stdoutFormat'] }> {
  let regularFile = false;
  try {
    regularFile = fstatSync(1).isFile();
  } catch {
    // no descriptor 1 to ask about: process.stdout reports what it can
  }
  if (!regularFile) return { make: () => process.stdout };
  const { FileStdout } = await (await app()).loadFileStdout();
  const stdout = new FileStdout(1);
  return { make: () => stdout, stdoutFormat: (format) => (stdout.csv = format === 'csv') };
}

/**
 * The process as a command sees it. process.stdout and process.stderr are streams
 * Node builds when first read (for a pipe, a socket and the modules behind it):
 * they are made when first used, with their error handler, so that a command
 * builds them while it waits for the API (context.ts), not before it asks.
 */
function captureIO(
  out: { make: () => NodeJS.WritableStream; stdoutFormat?: IO['stdoutFormat'] },
  terminals: { stdout: boolean; stderr: boolean },
  onError: (stream: 'stdout' | 'stderr') => (error: NodeJS.ErrnoException) => void,
): IO {
  let stdout: NodeJS.WritableStream | undefined;
  let stderr: NodeJS.WritableStream | undefined;
  const stdoutIsTTY = terminals.stdout;
  return {
    get stdout() {
      return (stdout ??= out.make().on('error', onError('stdout')));
    },
    get stderr() {
      return (stderr ??= process.stderr.on('error', onError('stderr')));
    },
    stdoutFormat: out.stdoutFormat,
    // process.stdin is a stream Node makes on first access (for a pipe or
    // /dev/null, a stream and the modules behind it): only the commands that
    // read it, or ask whether it is a terminal, pay for it.
    get stdin() {
      return process.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY: terminals.stderr,
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    // a terminal's size is known to its stream only; anything else is 80 columns, not paged
    columns: (stdoutIsTTY && process.stdout.columns) || 80,
    rows: (stdoutIsTTY && process.stdout.rows) || 0,
    env: process.env,
  };
}

/** Which of stdout and stderr are terminals: only a character device can be one, so node:tty loads for those only. */
function terminals(): { stdout: boolean; stderr: boolean } {
  const device = (fd: number) => {
    try {
      return fstatSync(fd).isCharacterDevice();
    } catch {
      return false;
    }
  };
  const [stdout, stderr] = [device(1), device(2)];
  if (!stdout && !stderr) return { stdout, stderr };
  const { isatty } = process.getBuiltinModule('node:tty');
  return { stdout: stdout && isatty(1), stderr: stderr && isatty(2) };
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** `--version > /dev/full`: the same one line and exit 1 as any other command, not a stack trace. */
async function fastPathFailed(error: NodeJS.ErrnoException): Promise<void> {
  const { ExitCode, OutputError } = await (await app()).loadErrors();
  try {
    process.stderr.write(`error: ${new OutputError('stdout', error).message}\n`);
  } catch {
    // stderr is gone too: the exit code is all that is left
  }
  process.exitCode = ExitCode.Failure;
}

/** Runs mailctl with argv and ends the process with the mapped exit code. */
export async function main(argv: string[] = process.argv): Promise<void> {
  const version = packageVersion();
  // What scripts probe first, answered without loading anything: exit 0 as the event loop empties.
  if (argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V')) {
    await writeOut(`${version}\n`, fastPathFailed);
    return;
  }
  const help = cachedRootHelp(argv, new URL('./help.txt', import.meta.url));
  if (help !== undefined) {
    await writeOut(help, fastPathFailed);
    return;
  }
  tuneV8BeforeWasm();
  const errors = await (await app()).loadErrors();
  const { ExitCode, InterruptedError, TerminatedError } = errors;
  const controller = new AbortController();
  // A stdout that refuses a write (ENOSPC, EBADF, EIO) fails the run at once with one line:
  // what was written before stays, and NDJSON rows are whole lines because each write is
  // (on a regular file, a cut line is taken back off and the line says how many stay).
  const outputFailed = (stream: 'stdout' | 'stderr') => (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      // A command whose exit code is a verdict (report --fail-on, campaign check, doctor...)
      // runs on to it, writing nowhere (context.ts): a gate piped into `head` must not pass.
      if (runtime.state?.judges) return;
      // The reader went away (`| head`): stop quietly, as Unix tools do.
      process.exit(ExitCode.Ok);
    }
    if (stream === 'stdout') {
      try {
        process.stderr.write(`error: ${new errors.OutputError(stream, error).message}\n`);
      } catch {
        // stderr is gone too: the exit code is all that is left
      }
    }
    process.exit(ExitCode.Failure);
  };
  const io = captureIO(await stdoutStream(), terminals(), outputFailed);
  const runtime: Runtime = { io, version, signal: controller.signal, disposers: [], whileWaiting: warmFirstWasm, endsWithProcess: true };
  // A pager (less) shows the output: it owns the terminal until the user quits it, and Ctrl-C,
  // which reaches it too, does not end it. Exiting under it would hand the terminal back to the
  // shell while less still reads it, so the process waits for it, as git does.
  let pagerOpen = false;
  runtime.pagerOpen = (open) => (pagerOpen = open);
  const interruptedExit = () => {
    if (!pagerOpen) process.exit(ExitCode.Interrupted);
    else setTimeout(interruptedExit, 100).unref();
  };
  process.on('SIGINT', () => {
    // Each write is a whole line (or a whole page of lines), so stopping
    // between writes leaves valid NDJSON/CSV behind. A second Ctrl-C, or a
    // command that does not stop within 2 s, ends the process at once (once
    // the pager, if one is open, has been quit).
    if (controller.signal.aborted) return interruptedExit();
    controller.abort(new InterruptedError());
    setTimeout(interruptedExit, 2000).unref();
  });
  // SIGTERM (a CI runner cancelling a job, `kill`) stops the command the same
  // way and exits 143, a server (the emulator) included, as Ctrl-C exits 130.
  // A command blocked where the signal cannot reach it (a read of
  // stdin) is ended after a short grace, and a second SIGTERM ends it at once.
  process.on('SIGTERM', () => {
    if (controller.signal.aborted) process.exit(ExitCode.Terminated);
    controller.abort(new TerminatedError());
    setTimeout(() => process.exit(ExitCode.Terminated), 1000).unref();
  });
  const code = await runArgv(argv, runtime, errors);
  // A write that failed as the command ended (`help > /dev/full`: commander writes and
  // returns) reports its error on the next tick: let outputFailed see it before exiting 0.
  await new Promise((resolve) => setImmediate(resolve));
  for (const dispose of runtime.disposers) await dispose().catch(() => undefined);
  process.exit(code);
}
