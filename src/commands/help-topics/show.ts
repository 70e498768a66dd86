import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { HELP_TOPICS } from './names.js';
import { TOPIC_TEXT } from './topics.js';

function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), as commander's suggestions use. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidates nearest to a word: a prefix match, or within 40% of its length in edits. */
function nearest(word: string, candidates: string[]): string[] {
  const prefixed = candidates.filter((c) => word.length >= 2 && c.startsWith(word));
  if (prefixed.length) return prefixed;
  let best = Infinity;
  let found: string[] = [];
  for (const c of candidates) {
    const distance = editDistance(word, c);
    if (distance > Math.max(1, Math.floor(c.length * 0.4))) continue;
    if (distance < best) [best, found] = [distance, [c]];
    else if (distance === best) found.push(c);
  }
  return found;
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
