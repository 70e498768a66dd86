import type { ExitCode } from '../errors.js';
import { exitCodesOf } from './exit-codes.js';
import type { ArgumentSpec, CommandGroup, CommandSpec, OptionSpec } from './spec.js';

// What the help of one command says, in the order gh shows it: usage, summary
// (and description), the subcommands or the command's own flags, examples,
// the API operation and exit codes, then the inherited global flags last.
// `--help` (help-text.ts), docs/commands/*.md and man/*.1 (reference/) are
// three renderings of this one document, so they cannot disagree.

export interface HelpRow {
  readonly term: string;
  readonly text: string;
}

export interface HelpGroup {
  readonly title: string;
  readonly rows: readonly HelpRow[];
}

/** The root program: its name, summary, global options, commands and examples. */
export interface RootSpec {
  readonly name: string;
  readonly summary: string;
  readonly description?: string;
  readonly options: readonly OptionSpec[];
  readonly commands: readonly CommandSpec[];
  readonly examples: readonly string[];
  /** `mailctl help TOPIC` lines of the root help. */
  readonly topics: readonly HelpRow[];
}

export interface HelpDocument {
  /** The command's words after the program name: [] for the root, ["campaign", "list"]. */
  readonly path: readonly string[];
  readonly usage: string;
  readonly summary: string;
  readonly description?: string;
  /** The root's groups, or a noun's one "Commands" group. */
  readonly commands: readonly HelpGroup[];
  readonly args: readonly HelpRow[];
  readonly flags: readonly HelpRow[];
  readonly examples: readonly string[];
  /** "GET /campaigns (scope campaigns:read)". */
  readonly api?: string;
  readonly exitCodes: readonly ExitCode[];
  /** The global flags as terms, for the compact last section (empty for the root, whose own flags they are). */
  readonly inherited: readonly string[];
  readonly topics: readonly HelpRow[];
}

const GROUP_TITLES: Record<CommandGroup, string> = {
  reading: 'Reading commands',
  writing: 'Writing commands',
  setup: 'Setup commands',
  tools: 'Tools',
};

const HELP_FLAG: HelpRow = { term: '-h, --help', text: 'show help' };

/**
 * The description with the value set, bounds and default the spec declares
 * (completion scripts leave the value set out: they offer the values themselves).
 */
export function optionText(option: OptionSpec, withValues = true): string {
  const extras: string[] = [];
  const words = option.choices ?? (Array.isArray(option.values) ? option.values : undefined);
  if (withValues && words) extras.push(`${option.list ? 'comma-separated, of' : 'one of'}: ${words.join(', ')}`);
  if (option.range) extras.push(`${option.range[0]}-${option.range[1]}`);
  if (option.default !== undefined) extras.push(`default: ${option.default}`);
  return extras.length ? `${option.description} (${extras.join('; ')})` : option.description;
}

function argTerm(arg: ArgumentSpec): string {
  const name = `${arg.name}${arg.variadic ? '...' : ''}`;
  return arg.optional ? `[${name}]` : `<${name}>`;
}

function argText(arg: ArgumentSpec): string {
  return arg.choices ? `${arg.description} (one of: ${arg.choices.join(', ')})` : arg.description;
}

function visible<T extends { hidden?: boolean }>(items: readonly T[] | undefined): T[] {
  return (items ?? []).filter((i) => !i.hidden);
}

function apiLine(spec: CommandSpec): string | undefined {
  const op = spec.operation;
  if (!op) return undefined;
  if (typeof op === 'string') return op;
  const notes = [op.scope ? `scope ${op.scope}` : '', op.sandboxRefused ? 'sandbox keys refused' : '', spec.operationNote ?? ''].filter(Boolean);
  return notes.length ? `${op.name} (${notes.join('; ')})` : op.name;
}

export function rootDocument(root: RootSpec): HelpDocument {
  const groups = (Object.keys(GROUP_TITLES) as CommandGroup[])
    .map((group) => ({
      title: GROUP_TITLES[group],
      rows: visible(root.commands)
        .filter((c) => (c.group ?? 'tools') === group)
        .map((c) => ({ term: c.name, text: c.summary })),
    }))
    .filter((g) => g.rows.length > 0);
  return {
    path: [],
    usage: `${root.name} <command> [flags]`,
    summary: root.summary,
    description: root.description,
    commands: groups,
    args: [],
    flags: [...visible(root.options).map((o) => ({ term: o.flags, text: optionText(o) })), HELP_FLAG, { term: '-V, --version', text: 'print the version' }],
    examples: root.examples,
    exitCodes: [],
    inherited: [],
    topics: root.topics,
  };
}

/** The extra formats a command prints (`-o markdown`): listed with its own flags, since other commands refuse them. */
function formatRows(spec: CommandSpec): HelpRow[] {
  if (!spec.formats?.length) return [];
  return [{ term: '-o, --output <format>', text: `also ${spec.formats.join(', ')}: a summary for CI job pages (heading, verdict line, table); see \`mailctl help formats\`` }];
}

/** The help of a command, given the specs from the top-level command down to it. */
export function commandDocument(root: RootSpec, chain: readonly CommandSpec[]): HelpDocument {
  const spec = chain[chain.length - 1]!;
  const path = chain.map((c) => c.name);
  const subcommands = visible(spec.commands);
  const args = spec.args ?? [];
  const usageWords = [root.name, ...path, ...(subcommands.length ? ['<command>'] : args.map(argTerm)), '[flags]'];
  return {
    path,
    usage: usageWords.join(' '),
    summary: spec.summary,
    description: spec.description,
    commands: subcommands.length ? [{ title: 'Commands', rows: subcommands.map((c) => ({ term: c.name, text: c.summary })) }] : [],
    args: args.map((a) => ({ term: argTerm(a), text: argText(a) })),
    flags: [...visible(spec.options).map((o) => ({ term: o.flags, text: optionText(o) })), ...formatRows(spec), HELP_FLAG],
    // A noun without examples of its own shows its verbs' first ones, three in all.
    examples: spec.examples ?? subcommands.flatMap((c) => c.examples?.slice(0, Math.ceil(3 / subcommands.length)) ?? []).slice(0, 3),
    api: apiLine(spec),
    // A noun runs nothing itself: its verbs list their codes.
    exitCodes: subcommands.length && !spec.load ? [] : exitCodesOf(spec),
    inherited: visible(root.options).map((o) => o.flags),
    topics: [],
  };
}

/** Every visible command with its chain of specs, depth first (nouns before their verbs). */
export function everyCommand(root: RootSpec): CommandSpec[][] {
  const out: CommandSpec[][] = [];
  const visit = (chain: CommandSpec[]) => {
    out.push(chain);
    for (const sub of visible(chain[chain.length - 1]!.commands)) visit([...chain, sub]);
  };
  for (const spec of visible(root.commands)) visit([spec]);
  return out;
}
