import { ApiError, CliError, ExitCode } from '../errors.js';
import { quotaHint } from './errors.js';

// What the answer of a send means beyond its body (service-api-rest.md 4.3, section 8): a quota
// refusal says when the quota resets, a lost answer says the email may have gone out, and the
// quota headers of a success say what is left. The send itself is in sending.ts.

type Headers = Record<string, string | string[] | undefined>;

function header1(headers: Headers, name: string): number | undefined {
  const v = headers[name.toLowerCase()];
  const n = Number(Array.isArray(v) ? v[0] : v);
  return v === undefined || !Number.isFinite(n) ? undefined : n;
}

/**
 * A quota refusal (429 quota_exceeded / daily_quota_exceeded): when it resets, from the quota
 * headers, as a line of the error itself, which -q keeps (it drops hints).
 */
function quotaRefusal(error: ApiError): ApiError {
  return error.withHint('nothing was sent: send it again once the quota has reset', { details: [`  ${quotaHint(error.code, error.headers)!}`] });
}

/** The error a failed send ends the run with: `recipient` is the first --to, for the way to check. */
export function sendFailure(error: unknown, recipient: string): unknown {
  if (error instanceof ApiError && error.status === 429 && (error.code === 'quota_exceeded' || error.code === 'daily_quota_exceeded')) return quotaRefusal(error);
  if (error instanceof CliError && error.outcomeUnknown) {
    return new CliError(`the email may have been sent: ${error.message}`, error.exitCode === ExitCode.Failure ? ExitCode.Failure : ExitCode.Network, {
      details: error.details,
      hint: `mailctl did not send it again; check with \`mailctl email list --recipient ${recipient}\` before sending again`,
      cause: error,
      outcomeUnknown: true,
    });
  }
  return error;
}

/**
 * What stderr says when Ctrl-C or SIGTERM stops a send that may have left: an interrupted run
 * ends without an error line (main.ts), yet the email may be on its way, and running the same
 * command again could send it twice.
 */
export function interruptedSend(recipient: string): string {
  return `the email may have been sent: interrupted while waiting for its answer\ncheck with \`mailctl email list --recipient ${recipient}\` before sending again\n`;
}

/** The free-tier quota left after a send, from its answer's headers; undefined when the answer has none. */
export function quotaLeft(headers: Headers): string | undefined {
  const daily = header1(headers, 'X-Daily-Remaining');
  const monthly = header1(headers, 'X-Monthly-Remaining');
  return daily !== undefined || monthly !== undefined ? `free-tier quota left: ${daily ?? '?'} today, ${monthly ?? '?'} this month` : undefined;
}
