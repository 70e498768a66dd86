import type { ApiError, CliError } from '../errors.js';
import { shorten, tidy } from './terminal-text.js';

// How a failure reads on stderr; main.ts picks the form, errors.ts only describes the failure.

/**
 * The API's answer behind a failure: the error itself, or the ApiError a command wrapped in its
 * own words (`email send`'s "may have been sent", a bulk request naming a missing id). Its status
 * and code stay on the error line and in the JSON error (cli.md "Exit codes").
 */
function apiAnswerOf(error: CliError): Partial<ApiError> {
  if (typeof (error as Partial<ApiError>).status === 'number') return error as Partial<ApiError>;
  const cause = error.cause;
  if (cause instanceof Error && cause.name === 'ApiError' && typeof (cause as Partial<ApiError>).status === 'number') return cause as Partial<ApiError>;
  return {};
}

/** How an error reads on stderr: `error: <message> (<code>, HTTP <status>)`, details, hint. */
export function errorText(error: CliError, quiet: boolean): string {
  const api = apiAnswerOf(error);
  const tag = api.status ? ` (${api.code ? `${api.code}, ` : ''}HTTP ${api.status})` : '';
  const lines = [`error: ${error.message}${tag}`, ...error.details];
  if (error.hint && !quiet) lines.push(`hint: ${error.hint}`);
  return `${lines.map(tidy).join('\n')}\n`;
}

/**
 * The same error as one JSON object, for --output json|ndjson: cli.md's
 * `{"error":{"status","code","message","errors"}}`, each of the four always there (null when
 * the failure has none), then `exit_code` and the hint.
 */
export function errorJson(error: CliError): string {
  const api = apiAnswerOf(error);
  const fieldErrors = api.fieldErrors && Object.keys(api.fieldErrors).length ? api.fieldErrors : undefined;
  const payload = {
    error: {
      status: api.status ?? null,
      code: api.code ?? null,
      message: shorten(error.message),
      errors: fieldErrors ?? (error.details.length ? error.details.map((d) => shorten(d.trim())) : null),
      exit_code: error.exitCode,
      ...(error.hint ? { hint: shorten(error.hint) } : {}),
    },
  };
  // JSON.stringify escapes C0 controls only: escape DEL, C1 and bidi overrides too (still valid JSON).
  const json = JSON.stringify(payload).replace(/[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${json}\n`;
}

/** A failure that is not a CliError (a bug): its message, and how to get the stack. */
export function unexpectedErrorText(error: unknown, debug: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = `${tidy(`error: unexpected failure: ${message}`)}\n`;
  if (debug && error instanceof Error && error.stack) return `${first}${error.stack}\n`;
  return `${first}hint: set MAILCTL_DEBUG=1 for the stack trace, and report it\n`;
}
