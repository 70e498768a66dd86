// Every failure a command can end with, and the one table that maps it to an
// exit code (cli.md "Exit codes"). Commands throw these; only main.ts exits.

export enum ExitCode {
  Ok = 0,
  Failure = 1,
  Usage = 2,
  Auth = 3,
  NotFound = 4,
  Refused = 5,
  RateLimited = 6,
  Network = 7,
  /**
   * A check ran to the end and what it checks does not hold (report --fail-on,
   * campaign check, schedule and send --check, domain verify, webhook listen
   * --expect, doctor).
   */
  CheckFailed = 8,
  Interrupted = 130,
  /** SIGTERM: 128 + 15, as shells report it. */
  Terminated = 143,
}

export interface CliErrorOptions {
  /** A next step for the user, printed after the error ("run `mailctl auth login`"). */
  hint?: string;
  /** Further lines printed under the message (field errors, one per line). */
  details?: string[];
  cause?: unknown;
  /**
   * A write whose answer was lost (a broken connection, a timeout, a 5xx) may
   * or may not have been applied: the user must check before repeating it.
   */
  outcomeUnknown?: boolean;
}

export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly hint?: string;
  readonly details: string[];
  readonly outcomeUnknown: boolean;

  constructor(message: string, exitCode: ExitCode = ExitCode.Failure, options: CliErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.hint = options.hint;
    this.details = options.details ?? [];
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }

  /**
   * The same error (same class, status, code) with another hint: a command
   * knows the next step better than the transport. `more` appends detail lines
   * and can mark the outcome unknown (a write whose answer was lost).
   */
  withHint(hint: string | undefined, more: Pick<CliErrorOptions, 'details' | 'outcomeUnknown'> = {}): this {
    // message and stack are own but not enumerable: copy descriptors, not values
    const copy = Object.create(Object.getPrototypeOf(this) as object, Object.getOwnPropertyDescriptors(this)) as this;
    Object.defineProperty(copy, 'hint', { value: hint, enumerable: true });
    Object.defineProperty(copy, 'details', { value: [...this.details, ...(more.details ?? [])], enumerable: true });
    Object.defineProperty(copy, 'outcomeUnknown', { value: more.outcomeUnknown ?? this.outcomeUnknown, enumerable: true });
    return copy;
  }
}

/** Bad flag, bad value, bad input file: nothing was sent. */
export class UsageError extends CliError {
  constructor(message: string, options: CliErrorOptions = {}) {
    super(message, ExitCode.Usage, options);
    this.name = 'UsageError';
  }
}

/** No key, or a key the CLI can tell will be refused before sending. */
export class AuthError extends CliError {
  constructor(message: string, options: CliErrorOptions = {}) {
    super(message, ExitCode.Auth, options);
    this.name = 'AuthError';
  }
}

/** Cannot connect, timed out, TLS. */
export class NetworkError extends CliError {
  constructor(message: string, options: CliErrorOptions = {}) {
    super(message, ExitCode.Network, options);
    this.name = 'NetworkError';
  }
}

/**
 * A gate that ran to the end and found what it checks does not hold: its
 * findings are already on stdout (or stderr), so the message only sums them up.
 */
export class CheckFailedError extends CliError {
  constructor(message: string, options: CliErrorOptions = {}) {
    super(message, ExitCode.CheckFailed, options);
    this.name = 'CheckFailedError';
  }
}

/** Ctrl-C: whatever was written stays valid. */
export class InterruptedError extends CliError {
  constructor() {
    super('interrupted', ExitCode.Interrupted);
    this.name = 'InterruptedError';
  }
}

/**
 * The user quit the pager (q in less) while the command was still writing: it stops there, quietly
 * and with exit 0, as it does when the reader of a pipe goes away (`| head`, EPIPE); a listing
 * fetches no further page for a screen that is gone.
 */
export class PagerQuitError extends CliError {
  constructor() {
    super('the pager was quit', ExitCode.Ok);
    this.name = 'PagerQuitError';
  }
}

/** SIGTERM (a CI runner cancelling a job, `kill`): same guarantees as Ctrl-C, exit 143. */
export class TerminatedError extends CliError {
  constructor() {
    super('terminated', ExitCode.Terminated);
    this.name = 'TerminatedError';
  }
}

/**
 * stdout or stderr refused a write (a full disk, /dev/full, a closed descriptor): the output
 * is incomplete, which must never look like success. EPIPE (the reader left) is not one.
 */
export class OutputError extends CliError {
  /**
   * `wholeLines`: what stays on a regular file (its cut line taken back off, see
   * output/file-stdout.ts); `cutBytesLeft`: a cut line that could not be taken off.
   */
  constructor(stream: 'stdout' | 'stderr', error: NodeJS.ErrnoException & { wholeLines?: number; cutBytesLeft?: number }) {
    const why = OUTPUT_FAILURES[error.code ?? ''] ?? error.message;
    const lines = error.wholeLines === undefined ? '' : `: ${plural(error.wholeLines, 'whole line')} ${error.wholeLines === 1 ? 'was' : 'were'} written before it`;
    const cut = error.cutBytesLeft ? `, then ${plural(error.cutBytesLeft, 'byte')} of a cut line` : '';
    super(`cannot write to ${stream}: ${why}${error.code ? ` (${error.code})` : ''}; the output is incomplete${lines}${cut}`, ExitCode.Failure);
    this.name = 'OutputError';
  }
}

const OUTPUT_FAILURES: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EBADF: 'the descriptor is closed',
};

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return ExitCode.Auth;
  if (status === 404) return ExitCode.NotFound;
  if (status === 400 || status === 409 || status === 422) return ExitCode.Refused;
  if (status === 429) return ExitCode.RateLimited;
  return ExitCode.Failure;
}

/** An answer from the API that is not a success, after retries. */
export class ApiError extends CliError {
  readonly status: number;
  readonly code?: string;
  readonly fieldErrors: Record<string, string[]>;
  readonly retryAfter?: number;
  /** The answer's headers, when the transport kept them (quota refusals carry their reset times there). */
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;

  constructor(
    init: {
      status: number;
      code?: string;
      message: string;
      fieldErrors?: Record<string, string[]>;
      retryAfter?: number;
      headers?: Readonly<Record<string, string | string[] | undefined>>;
    },
    options: CliErrorOptions = {},
  ) {
    const fieldErrors = init.fieldErrors ?? {};
    const details = Object.entries(fieldErrors).flatMap(([field, messages]) => messages.map((m) => `  ${field}: ${m}`));
    super(init.message, exitCodeForStatus(init.status), { ...options, details: [...details, ...(options.details ?? [])] });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = fieldErrors;
    this.retryAfter = init.retryAfter;
    this.headers = init.headers;
  }
}

/**
 * What a flag's value parser throws (src/input/values.ts): the rule the value
 * broke, in words. The command's parser names the flag and quotes the value,
 * and turns it into a UsageError.
 */
export class ValueError extends Error {}

/**
 * Everyday conditions of the machine or of a path, as Node's fs reports them (a full disk, a
 * read-only mount, a folder mailctl may not write, a file where a folder must be): one line
 * saying what failed and where, instead of "unexpected failure". Exit 2 where the path itself
 * is wrong (the user, a flag or a setting named it), 1 where the machine refuses.
 */
const SYSTEM_FAILURES: Record<string, { why: string; exitCode: ExitCode; hint?: string }> = {
  ENOSPC: { why: 'no space left on device', exitCode: ExitCode.Failure, hint: 'free some space on that disk, then run the command again' },
  EDQUOT: { why: 'disk quota exceeded', exitCode: ExitCode.Failure, hint: 'free some space within your quota, then run the command again' },
  EFBIG: { why: 'file too large', exitCode: ExitCode.Failure, hint: 'a file size limit (ulimit -f) or the file system refuses the write' },
  EROFS: { why: 'read-only file system', exitCode: ExitCode.Failure, hint: 'choose a place on a writable file system' },
  EACCES: { why: 'permission denied', exitCode: ExitCode.Failure, hint: 'check the owner and mode of that path and of the folders above it' },
  EPERM: { why: 'operation not permitted', exitCode: ExitCode.Failure, hint: 'check the owner and mode of that path and of the folders above it' },
  EIO: { why: 'input/output error', exitCode: ExitCode.Failure },
  EMFILE: { why: 'too many open files', exitCode: ExitCode.Failure, hint: 'raise the limit of open files (ulimit -n)' },
  ENFILE: { why: 'too many open files on this machine', exitCode: ExitCode.Failure },
  EBUSY: { why: 'resource busy', exitCode: ExitCode.Failure },
  ENOTDIR: { why: 'a part of the path is a file, not a folder', exitCode: ExitCode.Usage },
  EISDIR: { why: 'it is a folder, not a file', exitCode: ExitCode.Usage },
  EEXIST: { why: 'something else already exists there', exitCode: ExitCode.Usage },
  ENOENT: { why: 'no such file or folder', exitCode: ExitCode.Usage },
  ENAMETOOLONG: { why: 'the name is too long', exitCode: ExitCode.Usage },
  ELOOP: { why: 'too many symbolic links', exitCode: ExitCode.Usage },
};

const SYSTEM_ACTIONS: Record<string, string> = {
  open: 'open', read: 'read', write: 'write to', mkdir: 'create the folder', rename: 'rename', unlink: 'remove',
  rmdir: 'remove the folder', rm: 'remove', scandir: 'list the folder', stat: 'read', lstat: 'read', fstat: 'read',
  chmod: 'change the mode of', copyfile: 'copy', fsync: 'write to', ftruncate: 'write to', access: 'reach', mkdtemp: 'create a folder in',
};

/** An error of Node's fs on a path, as a CliError (see SYSTEM_FAILURES); undefined for anything else. */
export function systemFailure(error: unknown): CliError | undefined {
  if (!(error instanceof Error) || error instanceof CliError) return undefined;
  const e = error as NodeJS.ErrnoException & { dest?: string };
  const known = SYSTEM_FAILURES[e.code ?? ''];
  if (!known || typeof e.syscall !== 'string') return undefined;
  const action = SYSTEM_ACTIONS[e.syscall] ?? e.syscall;
  const where = typeof e.path === 'string' ? ` ${e.path}${typeof e.dest === 'string' ? ` to ${e.dest}` : ''}` : '';
  return new CliError(`cannot ${action}${where}: ${known.why} (${e.code})`, known.exitCode, { cause: error, ...(known.hint ? { hint: known.hint } : {}) });
}
