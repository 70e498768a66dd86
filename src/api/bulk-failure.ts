import { ApiError, CliError, ExitCode, NetworkError } from '../errors.js';
import type { BulkOperation } from './audience.js';
import { describeRequest, idsNamedBy, type PlanEntry, type PlannedRequest } from './bulk-plan.js';

// How a failed request of `lists attach|detach` is explained (service-api-rest.md 4.29, 4.30):
// which request failed, which ids the API named, what ran and what did not, and whether
// running the same command again is safe. The plan itself is in bulk-plan.ts.

/** For a 422 naming `contact_ids.3`: which id of the input that was. */
function explainFieldErrors(error: unknown, req: PlanEntry | PlannedRequest): string[] {
  return idsNamedBy(error, req).map((x) => `  ${x.field} is ${x.id} (${x.what} ${x.position} of the input)`);
}

/** Ids the API named as invalid in a 422 (`list_ids.0`): well-formed (checked before sending), so they do not exist in this team. */
export function missingIds(error: unknown, req: PlanEntry | PlannedRequest): string[] {
  return error instanceof ApiError && error.status === 422 ? idsNamedBy(error, req).map((x) => `${x.what} ${x.id}`) : [];
}

/**
 * The API refuses the whole request when one id does not exist in the team
 * (nothing of it is applied): say that first, and do not suggest a re-run,
 * which would fail the same way.
 */
export function missingIdError(op: BulkOperation, plan: PlanEntry[], failed: PlannedRequest, error: ApiError, missing: string[]): CliError {
  const total = plan.length;
  const k = failed.index;
  const which = missing.length === 1 ? `${missing[0]} does not exist` : `${missing.join(', ')} do not exist`;
  const done = k === 1 ? 'nothing was changed' : `request ${k} of ${total} changed nothing; requests 1-${k - 1} were applied (their totals are on stdout)`;
  return new CliError(`${which} in this team: ${done}`, ExitCode.Refused, {
    cause: error,
    details: [
      // its code and status close the error line itself (output/error.ts), as for every API answer;
      // then its field errors, one per line, as every error prints them (cli.md "Exit codes")
      `the API answered: ${error.message}`,
      ...error.details,
      ...(k < total ? [k + 1 === total ? `request ${total} did not run` : `requests ${k + 1}-${total} did not run`] : []),
      ...explainFieldErrors(error, failed),
    ],
    hint: `check the id (and --profile: ids belong to one team), remove it from the input, then run the command again${
      k > 1 ? ` (${op === 'attach' ? 'pairs already attached are counted as already_attached' : 'pairs already gone are counted as not_present'})` : ''
    }`,
  });
}

export function failureLines(interrupted: boolean, op: BulkOperation, plan: PlanEntry[], failed: PlanEntry, error: unknown): string[] {
  const total = plan.length;
  const k = failed.index;
  // A dropped connection, a 5xx or Ctrl-C may come after the server applied the request.
  const unsure = interrupted || error instanceof NetworkError || (error instanceof CliError && error.outcomeUnknown);
  let rest: string;
  const notRun = (from: number) => (from === total ? `request ${total} did not run` : `requests ${from}-${total} did not run`);
  if (unsure) rest = `request ${k} may or may not have been applied${k < total ? `; ${notRun(k + 1)}` : ''}`;
  else rest = notRun(k);
  const again =
    op === 'attach'
      ? 'attaching is idempotent (pairs already attached are counted as already_attached)'
      : 'detaching is idempotent (pairs already gone are counted as not_present)';
  return [
    `request ${k} of ${total} ${interrupted ? 'was interrupted' : 'failed'}: ${describeRequest(failed)}; ${rest}`,
    ...explainFieldErrors(error, failed),
    `${k - 1} of ${total} requests succeeded; their totals are on stdout`,
    `re-running the same command is safe: ${again}`,
  ];
}
