import type { Command } from 'commander';

export interface HelpExtras {
  /** The API operation the command calls, e.g. "GET /campaigns". */
  api?: string;
  /** Two or three complete command lines a user can copy. */
  examples: string[];
}

/** Adds the examples and the API operation under a command's --help. */
export function withHelp(cmd: Command, extras: HelpExtras): Command {
  const lines = ['', 'Examples:', ...extras.examples.map((e) => `  $ ${e}`)];
  if (extras.api) lines.push('', `API: ${extras.api}`);
  return cmd.addHelpText('after', lines.join('\n'));
}
