import type { Command } from 'commander';
import { COMMANDS } from './commands/index.js';
import { invokedNoun, rootProgram, withCommands } from './commands/root.js';
import type { Runtime } from './commands/verb.js';

/**
 * The root program with every command from its spec, or with argv only the noun it runs
 * (and `help`), as a run registers it (commands/root.ts, which main.ts uses: it loads the
 * invoked noun without importing the others at all).
 */
export function buildProgram(runtime: Runtime, argv?: readonly string[]): Command {
  const program = rootProgram(runtime);
  const [only] = (argv && invokedNoun(argv, program, COMMANDS.map((c) => c.name))) ?? [];
  return withCommands(program, only ? COMMANDS.filter((spec) => spec.name === only || spec.name === 'help') : COMMANDS);
}
