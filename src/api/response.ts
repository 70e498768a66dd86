import type * as z from 'zod';
import { CliError, ExitCode, type CliErrorOptions } from '../errors.js';

// Shared by every api/<resource>.ts: checks a 2xx body against the zod schema
// of its operation. zod itself is not loaded here: the schemas live in
// api/<resource>-schemas.ts, which a resource imports while its request waits
// for the answer (RequestSpec.prepare). A body that does not match is not
// something the user can fix with a flag, so it is a plain failure (exit 1)
// that names the operation and the first field that broke, e.g.
//   unexpected response from GET /campaigns: data.campaigns missing

/** The value at a zod issue's path in what was parsed (undefined when a step is missing). */
function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function describeIssue(root: unknown, issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.map(String).join('.') : 'body';
  if (issue.code === 'invalid_type' && valueAt(root, issue.path) === undefined) return `${where} missing`;
  return `${where}: ${issue.message}`;
}

const parsedBefore = new WeakSet<z.ZodType>();

/**
 * What a write answered 2xx tells the user when its answer cannot be read (empty, cut short,
 * not JSON, another shape): the server said it took the change, so "nothing was changed" would
 * be wrong and a blind re-run may apply it twice (a second topic, a second email). Marked
 * outcomeUnknown, so email send, bulk runs and pushes say "may have been" and how to check.
 */
export function appliedUnread(method: string, status?: number): CliErrorOptions {
  return {
    details: [`  the ${method} was answered ${status === undefined ? 'with success' : `HTTP ${status}`}, so it was most likely applied; only its answer could not be read`],
    hint: 'check the current state before running the command again',
    outcomeUnknown: true,
  };
}

/**
 * The body parsed by `schema`, or a CliError (exit 1). `operation` is how the
 * user would name the call: "GET /campaigns", "POST /campaigns/{id}/schedule".
 */
export function parseResponse<S extends z.ZodType>(schema: S, body: unknown, operation: string): z.output<S> {
  // zod compiles a parser for each object schema on its first parse: that pays over the pages
  // of a listing, not for the one answer most commands parse, so the first parse goes without.
  const again = parsedBefore.has(schema);
  parsedBefore.add(schema);
  const result = schema.safeParse(body, again ? undefined : { jitless: true });
  if (result.success) return result.data;
  const [first, ...rest] = result.error.issues.map((issue) => describeIssue(body, issue));
  const details = rest.slice(0, 5).map((line) => `  ${line}`);
  const hint = 'the server answered in a shape mailctl does not know: check --base-url, or report it with the output of --verbose';
  // parseResponse only sees 2xx bodies: a write's answer in another shape still means it was taken
  const method = operation.split(' ')[0]!;
  if (method !== 'GET') {
    const applied = appliedUnread(method);
    throw new CliError(`unexpected response from ${operation}: ${first}`, ExitCode.Failure, { ...applied, details: [...details, ...applied.details!], hint: `${applied.hint!}; ${hint}` });
  }
  throw new CliError(`unexpected response from ${operation}: ${first}`, ExitCode.Failure, { details, hint });
}
