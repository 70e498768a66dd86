import type { Command } from 'commander';
import { completionScript, type Shell, type ValueTable } from '../../completion/index.js';
import { GLOBAL_OPTIONS } from '../globals.js';
import { HELP_TOPICS } from '../help-topics/names.js';
import { commandsTaking, specOf, specValueTable } from '../register.js';
import { ALL_FORMATS, isExtraFormat } from '../../format.js';
import type { CommandSpec } from '../spec.js';

/** The value table of the scripts: the value sets the specs of the program's commands declare, and the help topics. */
export function completionValues(program: Command): ValueTable {
  const specs = program.commands.map(specOf).filter((s): s is CommandSpec => s !== undefined);
  const markdown = commandsTaking(specs, 'markdown').map((path) => [`${path} --output`, { kind: 'words', words: ALL_FORMATS }] as const);
  return {
    ...specValueTable(GLOBAL_OPTIONS, specs),
    // the other commands refuse -o markdown: it is offered only where it is taken
    '--output': { kind: 'words', words: ALL_FORMATS.filter((f) => !isExtraFormat(f)) },
    ...Object.fromEntries(markdown),
    'help <topic>': { kind: 'help', topics: HELP_TOPICS },
  };
}

/** What `mailctl completion SHELL` prints and `npm run completions` writes into completions/. */
export function scriptFor(shell: Shell, program: Command): string {
  return completionScript(shell, program, completionValues(program));
}

export { COMPLETION_FILES, SHELLS, type Shell } from '../../completion/index.js';
