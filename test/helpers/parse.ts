// Readers of piped output (cli.md: tab-separated rows without a header; a
// single object as `key<TAB>value` lines), shared by the command tests.

/** The rows of tab-separated output, each split into cells; blank lines dropped. */
export function tsvRows(stdout: string): string[][] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** A single object printed as `key<TAB>value` lines. */
export function keyValues(stdout: string): Record<string, string> {
  return Object.fromEntries(tsvRows(stdout).map(([key, ...rest]) => [key!, rest.join('\t')]));
}
