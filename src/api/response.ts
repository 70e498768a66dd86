import type * as z from 'zod';
import { CliError, ExitCode } from '../errors.js';

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
  throw new CliError(`unexpected response from ${operation}: ${first}`, ExitCode.Failure, {
    details: rest.slice(0, 5).map((line) => `  ${line}`),
    hint: 'the server answered in a shape mailctl does not know: check --base-url, or report it with the output of --verbose',
  });
}
