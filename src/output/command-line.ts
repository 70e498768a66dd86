// The one quoter of copy-paste command lines (next-page hints, and any hint
// that names a command to run). A command is rebuilt from the parsed options
// rather than from argv: relative dates are written as the days they resolved
// to, so the command still means the same range when it is run tomorrow.

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** POSIX shell quoting: bare when safe, else single quotes. */
export function shellQuote(value: string): string {
  return SAFE.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `mailctl <words> <args>`, each word and argument quoted for a POSIX shell. */
export function commandLine(words: string[], args: string[]): string {
  return ['mailctl', ...words, ...args].map(shellQuote).join(' ');
}
