import { ExitCode } from '../errors.js';
import type { CommandSpec } from './spec.js';

// The meaning of every exit code, keyed by the ExitCode enum: `mailctl help
// exit-codes`, each command's help, docs/commands and the man pages print
// from here, so no exit-code table is typed by hand. A member added to the
// enum without a line here is a type error.

export const EXIT_CODE_MEANINGS = {
  [ExitCode.Ok]: 'success (also --dry-run, and --help)',
  [ExitCode.Failure]: 'any other failure: a 5xx answer after retries, an unexpected response',
  [ExitCode.Usage]: 'usage error: unknown command or flag, bad value, bad input file; nothing was sent',
  [ExitCode.Auth]: 'authentication or permission: no API key, 401, 403 (missing scope, sandbox key refused on a write operation)',
  [ExitCode.NotFound]: 'not found: 404',
  [ExitCode.Refused]: 'refused by the API: 400, 409, 422 (validation failed, campaign not scheduled or not sendable)',
  [ExitCode.RateLimited]: 'rate limited or quota exceeded, after retries: 429',
  [ExitCode.Network]: 'network: cannot connect, timed out, TLS error',
  [ExitCode.CheckFailed]: 'a check failed: report --fail-on, campaign check, campaign schedule --check, campaign send --check, domain verify, webhook listen --expect, doctor ran to the end and what they check does not hold',
  [ExitCode.Interrupted]: 'interrupted (Ctrl-C); what was already written stays valid (whole NDJSON lines, a closed JSON array)',
  [ExitCode.Terminated]: 'terminated (SIGTERM); the same guarantees as 130',
} satisfies Record<ExitCode, string>;

/** Every exit code, ascending. */
export function allExitCodes(): ExitCode[] {
  return (Object.keys(EXIT_CODE_MEANINGS).map(Number) as ExitCode[]).sort((a, b) => a - b);
}

const EVERY_COMMAND = [ExitCode.Ok, ExitCode.Failure, ExitCode.Usage, ExitCode.Interrupted, ExitCode.Terminated];
const API_ANSWERS = [ExitCode.Auth, ExitCode.NotFound, ExitCode.Refused, ExitCode.RateLimited, ExitCode.Network];

/** The codes one command can end with: every command's, the API's when it calls it, and its own. */
export function exitCodesOf(spec: CommandSpec): ExitCode[] {
  const codes = new Set<ExitCode>(EVERY_COMMAND);
  if ((spec.operation || spec.callsApi) && !spec.apiFailuresAsRows) for (const code of API_ANSWERS) codes.add(code);
  for (const code of spec.exitCodes ?? []) codes.add(code);
  return [...codes].sort((a, b) => a - b);
}
