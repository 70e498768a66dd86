import { Argument, Option, type Command } from 'commander';
import type { ValueSource, ValueTable } from '../completion/model.js';
import type { ExtraFormat } from '../format.js';
import { ExitCode } from '../errors.js';
import { longFlag, type ArgumentSpec, type CommandSpec, type OptionSpec, type ValueSet } from './spec.js';
import { optionText } from './help-layout.js';
import { noteArgvOrder, verb } from './verb.js';

// Turns specs into commander commands. Each command remembers its spec, so
// the help layout (help-layout.ts) renders from the spec, not from commander.

const specs = new WeakMap<Command, CommandSpec>();

/** The spec a command was registered from (undefined for the root program). */
export function specOf(cmd: Command): CommandSpec | undefined {
  return specs.get(cmd);
}

/** Every occurrence of a repeatable flag is kept; completion/model.ts recognises the name. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function optionFrom(spec: OptionSpec): Option {
  const option = new Option(spec.flags, optionText(spec, false));
  if (spec.choices) option.choices(spec.choices);
  if (spec.repeatable) option.argParser(collect);
  // a repeatable flag given without its optional value is kept as '' (a marker), not made `true` over the values before it
  if (spec.repeatable && option.optional) option.preset('');
  if (spec.applyDefault && spec.default !== undefined) option.default(spec.default);
  if (spec.required) option.makeOptionMandatory();
  if (spec.hidden) option.hideHelp();
  return option;
}

function argumentFrom(spec: ArgumentSpec): Argument {
  const name = `${spec.name}${spec.variadic ? '...' : ''}`;
  const argument = new Argument(spec.optional ? `[${name}]` : `<${name}>`, spec.description);
  if (spec.choices) argument.choices(spec.choices);
  return argument;
}

/**
 * Commander echoes an unknown option as typed, so `--auth-password=hunter2`
 * would print the password into a CI log. Show only the part before "=", and
 * say where a secret goes instead. (unknownOption is commander's own hook, not
 * in its typings.)
 */
function guardSecretFlags(cmd: Command, secretFlags: Readonly<Record<string, string>>): void {
  const hooks = cmd as unknown as { unknownOption(flag: string): void };
  const original = hooks.unknownOption.bind(cmd);
  hooks.unknownOption = (flag: string) => {
    const name = flag.split('=')[0]!;
    const how = secretFlags[name];
    if (how) cmd.error(`error: unknown option '${name}': secrets are never taken from flag values; ${how}`, { code: 'commander.unknownOption' });
    original(name);
  };
}

/** Registers one command (and its subcommands) under parent; returns the commander command. */
export function registerSpec(parent: Command, spec: CommandSpec): Command {
  const cmd = parent.command(spec.name, { hidden: spec.hidden }).description(spec.summary);
  specs.set(cmd, spec);
  if (spec.secretFlags) guardSecretFlags(cmd, spec.secretFlags);
  for (const arg of spec.args ?? []) cmd.addArgument(argumentFrom(arg));
  for (const option of spec.options ?? []) {
    const added = optionFrom(option);
    cmd.addOption(added);
    // commander emits each occurrence in argv order, after storing its value
    if (option.repeatable) cmd.on(`option:${added.name()}`, () => noteArgvOrder(cmd, added.attributeName()));
  }
  for (const sub of spec.commands ?? []) registerSpec(cmd, sub);
  if (spec.load) cmd.action(verb(spec.load, spec.formats, spec.exitCodes?.includes(ExitCode.CheckFailed)));
  return cmd;
}

/** The commands (`campaign check`) that print an extra output format, in help order. */
export function commandsTaking(specs: readonly CommandSpec[], format: ExtraFormat): string[] {
  const out: string[] = [];
  const visit = (spec: CommandSpec, path: string[]) => {
    if (spec.formats?.includes(format)) out.push([...path, spec.name].join(' '));
    for (const sub of spec.commands ?? []) visit(sub, [...path, spec.name]);
  };
  for (const spec of specs) visit(spec, []);
  return out;
}

function valueSource(values: ValueSet, list?: boolean): ValueSource {
  if (values === 'profiles') return { kind: 'profiles' };
  if (values === 'files') return { kind: 'files' };
  return list ? { kind: 'words', words: values, list: true } : { kind: 'words', words: values };
}

/**
 * The completion values the specs declare, keyed as completion/model.ts
 * expects: "campaign list --status", "config get <key>", "--profile" (global).
 */
export function specValueTable(globals: readonly OptionSpec[], commands: readonly CommandSpec[]): ValueTable {
  const table: Record<string, ValueSource> = {};
  for (const option of globals) if (option.values) table[longFlag(option)] = valueSource(option.values, option.list);
  const visit = (spec: CommandSpec, path: string[]) => {
    const key = [...path, spec.name].join(' ');
    for (const option of spec.options ?? []) if (option.values) table[`${key} ${longFlag(option)}`] = valueSource(option.values, option.list);
    for (const arg of spec.args ?? []) if (arg.values) table[`${key} <${arg.name}>`] = valueSource(arg.values);
    for (const sub of spec.commands ?? []) visit(sub, [...path, spec.name]);
  };
  for (const spec of commands) visit(spec, []);
  return table;
}
