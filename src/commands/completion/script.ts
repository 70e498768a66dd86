import type { Command } from 'commander';
import { completionScript, VALUE_TABLE, type Shell, type ValueTable } from '../../completion/index.js';
import { HELP_TOPICS } from '../help-topics/names.js';

/** The value table of the scripts: the enum values of completion/values.ts, and the help topics. */
export const COMPLETION_VALUES: ValueTable = {
  ...VALUE_TABLE,
  'help <topic>': { kind: 'help', topics: HELP_TOPICS },
};

/** What `mailctl completion SHELL` prints and `npm run completions` writes into completions/. */
export function scriptFor(shell: Shell, program: Command): string {
  return completionScript(shell, program, COMPLETION_VALUES);
}

export { COMPLETION_FILES, SHELLS, type Shell } from '../../completion/index.js';
