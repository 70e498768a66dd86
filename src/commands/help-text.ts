import type { Command, Help } from 'commander';
import { allExitCodes, EXIT_CODE_MEANINGS } from './exit-codes.js';
import { commandDocument, rootDocument, type HelpDocument, type HelpRow, type RootSpec } from './help-layout.js';
import { specOf } from './register.js';
import type { CommandSpec } from './spec.js';

// `--help` as text for a terminal or a pipe: the HelpDocument of
// help-layout.ts, with two-column rows wrapped to the width.

/** Words of text wrapped to width, each line after the first indented. */
function wrap(text: string, width: number, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width - indent) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** Two columns, the text wrapped to width; termWidth aligns several lists alike. */
function rows(list: readonly HelpRow[], width: number, termWidth = termColumn(list)): string[] {
  const out: string[] = [];
  for (const { term, text } of list) {
    const textIndent = 2 + termWidth + 2;
    const wrapped = wrap(text, Math.max(width, textIndent + 30), textIndent);
    if (term.length > termWidth) {
      out.push(`  ${term}`);
      out.push(...wrapped.map((l) => `${' '.repeat(textIndent)}${l}`));
    } else {
      out.push(`  ${term.padEnd(termWidth)}  ${wrapped[0]}`, ...wrapped.slice(1).map((l) => `${' '.repeat(textIndent)}${l}`));
    }
  }
  return out;
}

function termColumn(list: readonly HelpRow[]): number {
  return Math.min(Math.max(0, ...list.map((r) => r.term.length)), 28);
}

/** Items joined by ", " into lines of at most width, indented by two. */
function compact(items: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line}, ${item}` : item;
    if (line && next.length + 2 > width) {
      lines.push(`  ${line},`);
      line = item;
    } else line = next;
  }
  if (line) lines.push(`  ${line}`);
  return lines;
}

/** Paragraphs as written (their lines stay under 80 columns), indented by nothing. */
function paragraphs(text: string): string[] {
  return text.split('\n');
}

function renderHelpText(doc: HelpDocument, width: number): string {
  const out: string[] = [`Usage: ${doc.usage}`, '', doc.summary.charAt(0).toUpperCase() + doc.summary.slice(1) + (doc.summary.endsWith('.') ? '' : '.')];
  if (doc.description) out.push('', ...paragraphs(doc.description));
  const commandColumn = termColumn(doc.commands.flatMap((g) => g.rows));
  for (const group of doc.commands) out.push('', `${group.title}:`, ...rows(group.rows, width, commandColumn));
  if (doc.args.length) out.push('', 'Arguments:', ...rows(doc.args, width));
  if (doc.path.length) out.push('', 'Flags:', ...rows(doc.flags, width));
  if (doc.examples.length) out.push('', 'Examples:', ...doc.examples.map((e) => `  $ ${e}`));
  if (doc.api) out.push('', `API: ${doc.api}`);
  if (doc.exitCodes.length) out.push(`${doc.api ? '' : '\n'}Exit codes: ${doc.exitCodes.join(', ')} (mailctl help exit-codes)`);
  if (doc.topics.length) out.push('', 'Help topics:', ...rows(doc.topics, width));
  // The root's own flags are the global ones: after the commands, in full.
  if (!doc.path.length) out.push('', 'Global flags (any command):', ...rows(doc.flags, width));
  if (doc.inherited.length) out.push('', 'Inherited flags (mailctl --help describes them):', ...compact(doc.inherited.map((t) => t.replace(', ', '/')), width));
  if (!doc.path.length) out.push('', 'Help of a command: mailctl help COMMAND..., or mailctl COMMAND... --help');
  return `${out.join('\n')}\n`;
}

/** The table of `mailctl help exit-codes`, from the ExitCode enum's meanings. */
export function exitCodeTable(width = 80): string {
  return rows(exitCodeRows(), width, 3).join('\n');
}

function exitCodeRows(): HelpRow[] {
  return allExitCodes().map((code) => ({ term: String(code), text: EXIT_CODE_MEANINGS[code] }));
}

/** Commander's formatHelp for every command of the program: the spec's document as text. */
export function helpFormatter(root: RootSpec): (cmd: Command, helper: Help) => string {
  return (cmd, helper) => {
    const chain: CommandSpec[] = [];
    for (let c: Command | null = cmd; c; c = c.parent) {
      const spec = specOf(c);
      if (spec) chain.unshift(spec);
    }
    const width = helper.helpWidth ?? 80;
    return renderHelpText(chain.length ? commandDocument(root, chain) : rootDocument(root), width);
  };
}
