import type { GlobalOptions } from '../context.js';

// The one quoter of copy-paste command lines (next-page hints, and any hint
// that names a command to run). A command is rebuilt from the parsed options
// rather than from argv: relative dates are written as the days they resolved
// to, so the command still means the same range when it is run tomorrow.

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** POSIX shell quoting: bare when safe, else single quotes. */
export function shellQuote(value: string): string {
  return SAFE.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

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
  if (g.fields !== undefined) args.push('--fields', g.fields);
  if (g.csvRaw) args.push('--csv-raw');
  if (g.timeout !== undefined) args.push('--timeout', g.timeout);
  if (g.retries !== undefined) args.push('--retries', g.retries);
  if (g.verbose) args.push('--verbose');
  if (g.color === false) args.push('--no-color');
  return args;
}

/** `mailctl <words> <args>`, each word and argument quoted for a POSIX shell. */
export function commandLine(words: string[], args: string[]): string {
  return ['mailctl', ...words, ...args].map(shellQuote).join(' ');
}
