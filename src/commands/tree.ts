import type { Command } from 'commander';
import type { Operation } from '../api/operations.js';
import type { ExitCode } from '../errors.js';
import { ALL_FORMATS, isExtraFormat, type Format } from '../format.js';
import type { CommandDefinition } from './define.js';
import { exitCodesOf } from './exit-codes.js';
import type { ArgModel, FlagModel, FlagType } from '../command-model.js';
import { argName, kebab, snake, type ArgShape, type FlagShape } from './flag-shapes.js';
import { GLOBAL_OPTIONS } from './globals.js';
import { specOf } from './register.js';
import type { CommandSpec, OptionSpec, ValueSet } from './spec.js';

// The command tree as data, from the same declarations as --help: `mailctl
// commands --json` prints it for scripts and agents, and `mailctl mcp` makes
// its tools from it. Nothing here is written per command.

export interface OperationModel {
  method: string;
  path: string;
  scope: string | null;
  sandbox_refused: boolean;
}

export interface CommandModel {
  /** `campaign list` */
  path: string;
  summary: string;
  description: string | null;
  arguments: ArgModel[];
  flags: FlagModel[];
  operation: OperationModel | { description: string } | null;
  /** Every API operation it may send: the main one first, then the others its help names ([] for none, and for `api`). */
  operations: OperationModel[];
  exit_codes: ExitCode[];
  /** What --output takes here: table, json, ndjson, csv, and the command's extra ones (markdown). */
  formats: readonly Format[];
  examples: readonly string[];
  hidden: boolean;
  /** The declaration, for `mailctl mcp`: not printed. */
  definition?: CommandDefinition;
}

function words(values: ValueSet | undefined): readonly string[] | null {
  return Array.isArray(values) ? values : null;
}

function flagModel(key: string, f: FlagShape): FlagModel {
  const name = `--${f.negated ? 'no-' : ''}${kebab(key)}`;
  return {
    name,
    key: snake(key),
    short: f.short ? `-${f.short}` : null,
    type: f.type,
    value: f.valueName ? (f.optionalValue ? `[${f.valueName}]` : `<${f.valueName}>`) : null,
    value_optional: Boolean(f.optionalValue),
    description: f.description,
    values: words(f.values),
    values_enforced: words(f.values) !== null && (f.type === 'enum' || (f.type === 'list' && !f.parseValue)),
    min: f.range?.[0] ?? null,
    max: f.range?.[1] ?? null,
    default: f.defaultValue === undefined || (f.type === 'boolean' && f.defaultValue === false) ? null : f.defaultValue,
    default_text: f.type === 'boolean' ? null : (f.defaultText ?? null),
    required: Boolean(f.required),
    repeatable: Boolean(f.repeatable),
    hidden: Boolean(f.hidden),
    negatable: f.negation !== undefined,
  };
}

/** The global options, which are declared as OptionSpecs (commander's own form). */
function globalFlag(o: OptionSpec): FlagModel {
  const long = /--[\w-]+/.exec(o.flags)![0];
  const value = /([<[][^>\]]+[>\]])/.exec(o.flags)?.[1] ?? null;
  const short = /^-(\w),/.exec(o.flags)?.[1];
  const type: FlagType = !value ? 'boolean' : o.range ? 'integer' : Array.isArray(o.values) ? 'enum' : 'string';
  return {
    name: long,
    key: snake(long.slice(2).replace(/-(\w)/g, (_, c: string) => c.toUpperCase())),
    short: short ? `-${short}` : null,
    type,
    value,
    value_optional: Boolean(value?.startsWith('[')),
    description: o.description,
    values: words(o.values),
    // the root program refuses any other --output word (exit 2), as a command refuses its enums
    values_enforced: type === 'enum',
    min: o.range?.[0] ?? null,
    max: o.range?.[1] ?? null,
    default: null,
    default_text: o.default ?? null,
    required: false,
    repeatable: Boolean(o.repeatable),
    hidden: Boolean(o.hidden),
    negatable: false,
  };
}

function argModel(key: string, a: ArgShape): ArgModel {
  return {
    name: snake(key),
    display: argName(key),
    description: a.description,
    required: !a.optional,
    variadic: Boolean(a.variadic),
    values: a.choices ?? words(a.values),
  };
}

function operationModel(op: Operation): OperationModel {
  return { method: op.method, path: op.template, scope: op.scope ?? null, sandbox_refused: op.sandboxRefused };
}

function operationOf(op: Operation | string | undefined): CommandModel['operation'] {
  if (op === undefined) return null;
  if (typeof op === 'string') return { description: op };
  return operationModel(op);
}

function operationsOf(spec: CommandSpec): OperationModel[] {
  const main = spec.operation && typeof spec.operation !== 'string' ? [spec.operation] : [];
  return [...main, ...(spec.moreOperations ?? [])].map(operationModel);
}

function isDefinition(spec: CommandSpec): spec is CommandDefinition {
  return 'declaration' in spec;
}

function model(path: string[], spec: CommandDefinition): CommandModel {
  const d = spec.declaration;
  return {
    path: path.join(' '),
    summary: spec.summary,
    description: spec.description ?? null,
    arguments: Object.entries(d.args ?? {}).map(([key, a]) => argModel(key, a.shape)),
    flags: Object.entries(d.flags ?? {}).map(([key, f]) => flagModel(key, f.shape)),
    operation: operationOf(spec.operation),
    operations: operationsOf(spec),
    exit_codes: exitCodesOf(spec),
    formats: ALL_FORMATS.filter((f) => !isExtraFormat(f) || spec.formats?.includes(f)),
    examples: spec.examples ?? [],
    hidden: Boolean(spec.hidden),
    definition: spec,
  };
}

/** Every runnable command of the program, depth first in help order. */
export function commandModels(program: Command): CommandModel[] {
  const out: CommandModel[] = [];
  const visit = (cmd: Command, path: string[]) => {
    const spec = specOf(cmd);
    if (spec && isDefinition(spec)) out.push(model(path, spec));
    for (const sub of cmd.commands) visit(sub, [...path, sub.name()]);
  };
  for (const cmd of program.commands) visit(cmd, [cmd.name()]);
  return out;
}

export function globalFlagModels(): FlagModel[] {
  return GLOBAL_OPTIONS.map(globalFlag);
}
