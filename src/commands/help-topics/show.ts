import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { nearest } from '../../input/suggest.js';
import { HELP_TOPICS } from './names.js';
import { TOPIC_TEXT } from './topics.js';

function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}


function visibleNames(cmd: Command): string[] {
  return cmd.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden).map((c) => c.name());
}

/** Prints a topic, or the help of the command the words name; anything else is a usage error. */
export function showHelp(words: string[], helpCmd: Command): void {
  const root = rootOf(helpCmd);
  if (words.length === 0) {
    root.outputHelp();
    return;
  }
  const topic = HELP_TOPICS.find((t) => t.name === words[0]!.toLowerCase());
  if (topic) {
    if (words.length > 1) throw new UsageError(`help topic "${topic.name}" takes no further words (got "${words.slice(1).join(' ')}")`);
    root.configureOutput().writeOut?.(TOPIC_TEXT[topic.name]);
    return;
  }
  let cmd = root;
  for (const [index, word] of words.entries()) {
    const next = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const names = visibleNames(cmd);
      const candidates = index === 0 ? [...HELP_TOPICS.map((t) => t.name), ...names.filter((n) => n !== 'help')] : names;
      const close = nearest(word, candidates);
      const what = index === 0 ? `help topic or command "${word}"` : `command "${words.slice(0, index + 1).join(' ')}"`;
      const listed = index === 0 ? `topics: ${HELP_TOPICS.map((t) => t.name).join(', ')}; commands: ${names.filter((n) => n !== 'help').join(', ')}` : `subcommands: ${names.join(', ')}`;
      throw new UsageError(`unknown ${what}`, {
        hint: close.length ? `did you mean ${close.map((c) => `"${[...words.slice(0, index), c].join(' ')}"`).join(' or ')}? (${listed})` : listed,
      });
    }
    cmd = next;
  }
  cmd.outputHelp();
}
