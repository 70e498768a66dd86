import type { Command } from 'commander';
import { completionScript, type Shell, type ValueTable } from '../../completion/index.js';
import { HELP_TOPICS } from '../help-topics/names.js';
import { COMMANDS, ROOT } from '../index.js';
import { specValueTable } from '../register.js';

/** The value table of the scripts: the value sets the specs declare, and the help topics. */
export const COMPLETION_VALUES: ValueTable = {
  ...specValueTable(ROOT.options, COMMANDS),
  'help <topic>': { kind: 'help', topics: HELP_TOPICS },
};

/** What `mailctl completion SHELL` prints and `npm run completions` writes into completions/. */
export function scriptFor(shell: Shell, program: Command): string {
  return completionScript(shell, program, COMPLETION_VALUES);
}

export { COMPLETION_FILES, SHELLS, type Shell } from '../../completion/index.js';
