import type { Command } from 'commander';
import type { CommandSpec } from '../spec.js';
import { HELP_TOPICS } from './names.js';
import { addPrefixSuggestions } from './suggest.js';

/**
 * `mailctl help [TOPIC | COMMAND...]`: a help topic, or the help of any
 * command however deep (`mailctl help campaign list`). Replaces commander's
 * implicit help command, which only knows one level and shows the root help
 * for a word it does not know; here an unknown word is a usage error (exit 2)
 * with the nearest name. It has no verb module: it needs neither config nor
 * API, only the command tree (see enableHelp).
 */
export const spec: CommandSpec = {
  name: 'help',
  summary: 'show a help topic, or the help of a command',
  group: 'tools',
  args: [
    {
      name: 'topic',
      description: `a help topic (${HELP_TOPICS.map((t) => t.name).join(', ')}) or a command path such as "campaign list"`,
      optional: true,
      variadic: true,
    },
  ],
  examples: ['mailctl help exit-codes', 'mailctl help campaign schedule', 'mailctl help environment'],
};

/** The root help's topic lines. */
export const TOPIC_ROWS = HELP_TOPICS.map((t) => ({ term: `mailctl help ${t.name}`, text: t.summary }));

/**
 * Gives the registered help command its action, and every command prefix
 * suggestions; called once every command exists.
 */
export function enableHelp(program: Command): void {
  const help = program.commands.find((c) => c.name() === 'help');
  help?.action(async (words: string[], _opts: unknown, cmd: Command) => {
    const { showHelp } = await import('./show.js');
    showHelp(words, cmd);
  });
  addPrefixSuggestions(program);
}
