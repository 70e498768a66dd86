import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { describeProgram, type ValueTable } from './model.js';
import { zshScript } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Where `npm run completions` writes each script, relative to the package root. */
export const COMPLETION_FILES: Record<Shell, string> = {
  bash: 'completions/mailctl.bash',
  zsh: 'completions/_mailctl',
  fish: 'completions/mailctl.fish',
};

/** The completion script of a shell for a built program (pure: the same tree gives the same text). */
export function completionScript(shell: Shell, program: Command, table: ValueTable): string {
  const model = describeProgram(program, table);
  switch (shell) {
    case 'bash':
      return bashScript(model);
    case 'zsh':
      return zshScript(model);
    case 'fish':
      return fishScript(model);
  }
}

export { describeProgram, walk, type ProgramModel, type CommandModel, type OptionModel, type ValueTable } from './model.js';
