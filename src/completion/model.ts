import type { Argument, Command, Option } from 'commander';

// The completion scripts are rendered from this model, and the model is read
// from the live commander tree: a command, option or `.choices()` added
// anywhere in src/commands appears in the scripts without touching this code.

/** What a shell offers for the value of an option or a positional argument. */
export type ValueSource =
  /** fixed words (commander `.choices()`, or the `values` of a command spec) */
  | { kind: 'words'; words: readonly string[]; list?: false }
  /** a comma-separated list of these words (`--events delivery,bounce`): the item after the last comma is completed */
  | { kind: 'words'; words: readonly string[]; list: true }
  /** profile names, asked of `mailctl completion profiles` when the user presses tab */
  | { kind: 'profiles' }
  /** file names */
  | { kind: 'files' }
  /** help topics, then command names, then subcommand names: `mailctl help campaign list` */
  | { kind: 'help'; topics: readonly HelpTopicName[] };

export interface HelpTopicName {
  name: string;
  summary: string;
}

export interface OptionModel {
  long?: string;
  short?: string;
  description: string;
  takesValue: boolean;
  /** "state" for `--status <state>`: the prompt zsh shows */
  valueName: string;
  /** given more than once (commander collector named `collect`, or variadic) */
  repeatable: boolean;
  values?: ValueSource;
}

export interface ArgModel {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  values?: ValueSource;
}

export interface CommandModel {
  name: string;
  /** words from the root: [] for the program, ["campaign", "list"] for `mailctl campaign list` */
  path: string[];
  description: string;
  /** the command's own options, help included; global options are in ProgramModel.globals */
  options: OptionModel[];
  args: ArgModel[];
  commands: CommandModel[];
}

export interface ProgramModel {
  name: string;
  /** options of the root program that commander accepts after any subcommand too */
  globals: OptionModel[];
  root: CommandModel;
}

/**
 * Values for options and arguments whose choices commander does not know
 * (they are validated by zod, or are comma lists, or are dynamic). Keys are
 * the command path and the flag, or the command path and `<argument>`:
 * "campaign list --status", "config get <key>", "--profile" (a global option).
 */
export type ValueTable = Readonly<Record<string, ValueSource>>;

const SAFE_WORD = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;

function checkWords(where: string, words: readonly string[]): void {
  for (const word of words) {
    // Words are pasted into shell code: anything beyond this set would need quoting in three dialects.
    if (!SAFE_WORD.test(word)) throw new Error(`completion: ${where}: value "${word}" has characters the scripts cannot carry`);
  }
}

function valueName(option: Option): string {
  const match = /[<[]([^>\]]+)[>\]]/.exec(option.flags);
  return (match?.[1] ?? 'value').replace(/\.\.\.$/, '');
}

function isRepeatable(option: Option): boolean {
  const parser = (option as Option & { parseArg?: { name?: string } }).parseArg;
  return option.variadic || parser?.name === 'collect';
}

/** File-valued options are recognised by their value name: `--input <file>`, `--contacts-file <path>`. */
function looksLikeFile(name: string): boolean {
  return /(^|[-_])(file|path)$/i.test(name) || /^(file|path)/i.test(name);
}

function optionModel(option: Option, key: string, table: ValueTable, globalKey?: string): OptionModel {
  const takesValue = option.required || option.optional;
  const name = valueName(option);
  let values: ValueSource | undefined;
  if (takesValue) {
    const flag = option.long ?? option.short ?? '';
    values = table[`${key} ${flag}`.trim()] ?? (globalKey !== undefined ? table[flag] : undefined);
    if (!values && option.argChoices?.length) values = { kind: 'words', words: option.argChoices };
    if (!values && looksLikeFile(name)) values = { kind: 'files' };
    if (values?.kind === 'words') checkWords(`${key} ${flag}`, values.words);
  }
  return {
    long: option.long,
    short: option.short,
    description: option.description,
    takesValue,
    valueName: name,
    repeatable: isRepeatable(option),
    values,
  };
}

function argModel(arg: Argument, key: string, table: ValueTable): ArgModel {
  let values = table[`${key} <${arg.name()}>`.trim()];
  if (!values && arg.argChoices?.length) values = { kind: 'words', words: arg.argChoices };
  if (values?.kind === 'words') checkWords(`${key} <${arg.name()}>`, values.words);
  return { name: arg.name(), description: arg.description, required: arg.required, variadic: arg.variadic, values };
}

function isHidden(cmd: Command): boolean {
  return Boolean((cmd as Command & { _hidden?: boolean })._hidden);
}

function commandModel(cmd: Command, path: string[], table: ValueTable, globals: readonly Option[], skipOptions: ReadonlySet<Option>): CommandModel {
  const key = path.join(' ');
  const help = cmd.createHelp();
  // visibleOptions() adds the help option commander keeps outside cmd.options, and drops hidden ones.
  const options = help
    .visibleOptions(cmd)
    .filter((o) => !skipOptions.has(o))
    .map((o) => optionModel(o, key, table));
  // a global option with values of its own here (`report -o markdown`) is modelled as the command's option
  const retold = globals.filter((o) => path.length && table[`${key} ${o.long}`]).map((o) => optionModel(o, key, table));
  options.push(...retold);
  const commands = cmd.commands.filter((c) => !isHidden(c)).map((c) => commandModel(c, [...path, c.name()], table, globals, new Set()));
  return {
    name: cmd.name(),
    path,
    description: cmd.summary() || cmd.description(),
    options,
    args: cmd.registeredArguments.map((a) => argModel(a, key, table)),
    commands,
  };
}

/**
 * Reads the tree of a built program. Every option of the root program except
 * --version is global: commander accepts it after any subcommand.
 */
export function describeProgram(program: Command, table: ValueTable = {}): ProgramModel {
  const globalOptions = program.options.filter((o) => !o.hidden && o.long !== '--version');
  const globals = globalOptions.map((o) => optionModel(o, '', table, ''));
  const root = commandModel(program, [], table, globalOptions, new Set(globalOptions));
  return { name: program.name(), globals, root };
}

/** Every command of the tree, depth first, the root included. */
export function walk(model: CommandModel): CommandModel[] {
  return [model, ...model.commands.flatMap(walk)];
}

/** Every flag spelling of an option: ["-o", "--output"]. */
export function flagsOf(option: OptionModel): string[] {
  return [option.short, option.long].filter((f): f is string => Boolean(f));
}
