import type { CommandModel, OptionModel, ProgramModel, ValueSource } from './model.js';
import { flagsOf, walk } from './model.js';

// Helpers shared by the three renderers.

/** A word list for shell code: the words were checked by the model to need no quoting. */
export function words(list: readonly string[]): string {
  return list.join(' ');
}

/** Single-quoted for sh, bash, zsh: 'it'\''s'. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A description on one line, without the parts a completion menu does not need. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface FlagValue {
  flag: string;
  values: ValueSource | undefined;
}

/** Every spelling of every value-taking option of a command, with its values. */
export function valueFlags(options: OptionModel[]): FlagValue[] {
  return options.filter((o) => o.takesValue).flatMap((o) => flagsOf(o).map((flag) => ({ flag, values: o.values })));
}

/** Commands in a stable order: depth first, as registered. */
export function commandsOf(program: ProgramModel): CommandModel[] {
  return walk(program.root);
}

export const HEADER_NOTE = 'Generated from the command tree by `mailctl completion SHELL`; do not edit (npm run completions).';
