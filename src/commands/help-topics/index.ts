import type { Command } from 'commander';
import { HELP_TOPICS } from './names.js';
import { addPrefixSuggestions } from './suggest.js';

/**
 * `mailctl help [TOPIC | COMMAND...]`: a help topic, or commander's help of any
 * command however deep (`mailctl help campaign list`). Replaces commander's
 * implicit help command, which only knows one level and shows the root help
 * for a word it does not know; here an unknown word is a usage error (exit 2)
 * with the nearest name. Registered last, so it is listed after the nouns,
 * and so that every command exists when prefix suggestions are added.
 */
export function register(program: Command): void {
  const width = Math.max(...HELP_TOPICS.map((t) => t.name.length));
  program.addHelpText(
    'after',
    [
      '',
      'Help topics:',
      ...HELP_TOPICS.map((t) => `  mailctl help ${t.name.padEnd(width)}  ${t.summary}`),
      '',
      'Options and examples of a command: mailctl help COMMAND..., or mailctl COMMAND... --help',
    ].join('\n'),
  );
  program
    .command('help')
    .argument('[topic...]', `a help topic (${HELP_TOPICS.map((t) => t.name).join(', ')}) or a command path such as "campaign list"`)
    .description('show a help topic, or the help of a command')
    .addHelpText(
      'after',
      ['', 'Examples:', '  $ mailctl help exit-codes', '  $ mailctl help campaign schedule', '  $ mailctl help environment'].join('\n'),
    )
    .action(async (words: string[], _opts: unknown, cmd: Command) => {
      const { showHelp } = await import('./show.js');
      showHelp(words, cmd);
    });
  addPrefixSuggestions(program);
}
