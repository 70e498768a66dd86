import type { GlobalOptions } from '../context.js';

/**
 * Global flags the user gave on the command line, so the hinted command talks
 * to the same profile and server (--profile, --base-url) in the same format;
 * env and profile values stay where they came from.
 */
export function globalArgs(g: GlobalOptions): string[] {
  const args: string[] = [];
  if (g.profile !== undefined) args.push('--profile', g.profile);
  if (g.baseUrl !== undefined) args.push('--base-url', g.baseUrl);
  if (g.output !== undefined) args.push('--output', g.output);
  if (g.json) args.push('--json');
  if (g.ndjson) args.push('--ndjson');
  if (g.csv) args.push('--csv');
  if (g.fields !== undefined) args.push('--fields', g.fields);
  if (g.csvRaw) args.push('--csv-raw');
  if (g.timeout !== undefined) args.push('--timeout', g.timeout);
  if (g.retries !== undefined) args.push('--retries', g.retries);
  if (g.verbose) args.push('--verbose');
  if (g.color === false) args.push('--no-color');
  // dates in a hint (--from 2026-11-25) are days of the display zone: without --utc the next
  // command would read them as local days, a different window from the one listed
  if (g.utc) args.push('--utc');
  return args;
}
