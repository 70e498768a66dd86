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
  /** A check ran to the end and what it checks does not hold (doctor, report --fail-on, campaign check). */
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
}

/** The same error with another hint (a command knows the next step better than the transport). */
export function withHint<E extends CliError>(error: E, hint: string): E {
  // message and stack are own but not enumerable: copy descriptors, not values
  const copy = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as E;
  Object.defineProperty(copy, 'hint', { value: hint, enumerable: true });
  return copy;
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

/** A check command ran to the end and found a problem; its findings are already on stdout. */
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

  constructor(
    init: { status: number; code?: string; message: string; fieldErrors?: Record<string, string[]>; retryAfter?: number },
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
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR');
}

const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\u001b': '\\e' };

/**
 * Text from outside (flag values, files, API answers) made safe for a terminal:
 * control characters (escape sequences that clear the screen, set the title or
 * plant links) and bidirectional overrides are shown as escapes, never obeyed.
 * Tabs stay; `keepNewlines` keeps line breaks for messages that are several lines.
 */
export function escapeControls(text: string, keepNewlines = false): string {
  return text.replace(CONTROLS, (c) => {
    if (keepNewlines && c === '\n') return c;
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
  });
}

/** Longest value an error quotes whole; longer ones are cut (a 100 KB flag value is not a message). */
const QUOTED_MAX = 80;
const LINE_MAX = 1000;

const LONG_QUOTED = new RegExp(`"([^"]{${QUOTED_MAX + 1},})"`, 'g');

/**
 * Error text echoes what the user (or a server) gave: cut quoted values that
 * are too long to read, then any line still too long. Errors are built in many
 * places (flags, files, dates, JSON); main.ts and commander's own messages (program.ts) all pass here.
 */
export function shorten(text: string): string {
  const cut = text.replace(LONG_QUOTED, (_m, v: string) => `"${v.slice(0, QUOTED_MAX - 20)}…" (${v.length} characters)`);
  return cut.length > LINE_MAX ? `${cut.slice(0, LINE_MAX)}… (${cut.length - LINE_MAX} more characters)` : cut;
}

/** One line for a terminal: control characters made visible, long values cut. */
export function tidy(text: string): string {
  return shorten(escapeControls(text));
}

/** How an error reads on stderr: `error: <message> (<code>, HTTP <status>)`, details, hint. */
export function errorText(error: CliError, quiet: boolean): string {
  const api = error as Partial<ApiError>;
  const tag = api.status ? ` (${api.code ? `${api.code}, ` : ''}HTTP ${api.status})` : '';
  const lines = [`error: ${error.message}${tag}`, ...error.details];
  if (error.hint && !quiet) lines.push(`hint: ${error.hint}`);
  return `${lines.map(tidy).join('\n')}\n`;
}

/** The same error as one JSON object, for --output json|ndjson (cli.md). */
export function errorJson(error: CliError): string {
  const api = error as Partial<ApiError>;
  const errors = api.fieldErrors && Object.keys(api.fieldErrors).length ? api.fieldErrors : undefined;
  const payload = {
    error: {
      status: api.status ?? null,
      code: api.code ?? null,
      message: shorten(error.message),
      ...(errors ? { errors } : error.details.length ? { errors: error.details.map((d) => shorten(d.trim())) } : {}),
      exit_code: error.exitCode,
      ...(error.hint ? { hint: shorten(error.hint) } : {}),
    },
  };
  // JSON.stringify escapes C0 controls only: escape DEL, C1 and bidi overrides too (still valid JSON).
  const json = JSON.stringify(payload).replace(/[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${json}\n`;
}
