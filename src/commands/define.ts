import type { Operation } from '../api/operations.js';
import type { Context } from '../context.js';
import type { ExitCode } from '../errors.js';
import type { ExtraFormat } from '../format.js';
import { integer } from '../input/values.js';
import { kebab, snake, type ArgShape, type FlagShape } from './flag-shapes.js';
import { parseDeclared } from './parse-flags.js';
import type { ArgumentSpec, CommandGroup, CommandSpec, OptionSpec, ValueSet } from './spec.js';
import type { RawInput, VerbModule } from './verb.js';

export { kebab };

// One command, one file: `command({...})` takes the whole declaration of a
// command (its arguments and flags with their types, bounds and value sets,
// help, examples, API operation, exit codes) and its `run`. The typed options
// `run` receives are inferred from the declarations, and the same declarations
// feed commander, --help, completion, docs/commands, man pages and `mailctl
// commands --json` (through the CommandSpec this returns): nothing about a flag
// is written twice. This module stays light (no zod, no undici): `--help`
// imports every command file of the noun it shows.

/** A flag declaration; T is the type `run` sees. */
class Flag<T> {
  declare readonly _type: T;
  constructor(readonly shape: FlagShape) {}

  private with<U>(more: Partial<FlagShape>): Flag<U> {
    return new Flag<U>({ ...this.shape, ...more });
  }

  /** Refused when absent (a usage error naming the flag and, given, the form of its value). */
  required(hint?: string): Flag<Exclude<T, undefined>> {
    return this.with({ required: true, requiredHint: hint });
  }

  /** The value when absent; `text` is what help says instead ("20; 100 with --all"). */
  default(value: Exclude<T, undefined>, text?: string): Flag<Exclude<T, undefined>> {
    return this.with({ defaultValue: value, defaultText: text ?? String(value) });
  }

  /** Help shows a default the command decides itself (the flag stays optional). */
  defaultShown(text: string): Flag<T> {
    return this.with({ defaultText: text });
  }

  hidden(): Flag<T> {
    return this.with({ hidden: true });
  }

  alias(letter: string): Flag<T> {
    return this.with({ short: letter });
  }

  /** Completion offers these words (files, profiles, fixed words) without enforcing them. */
  completes(values: ValueSet): Flag<T> {
    return this.with({ values });
  }

  /**
   * The value is a file, or - for stdin, that the command reads whole (a body, a document, ids):
   * a file on a terminal, the text itself in an MCP tool call (mcp/bridge.ts).
   */
  readsText(): Flag<T> {
    return this.with({ readsText: true });
  }
}

type Parser<T> = (raw: string) => T;

interface ValueOptions<T> {
  /** `<name>` in help. */
  value?: string;
  /** A list's item, in the error for an empty list ("event name"). */
  item?: string;
  parse?: Parser<T>;
  values?: ValueSet;
}

export const flag = {
  /** A switch: false unless given. */
  boolean(description: string): Flag<boolean> {
    return new Flag<boolean>({ type: 'boolean', description, defaultValue: false });
  },
  /** `--<name>` and `--no-<name>`: true, false, or undefined when neither is given (the command decides). */
  toggle(description: string, negation: string): Flag<boolean | undefined> {
    return new Flag<boolean | undefined>({ type: 'boolean', description, negation });
  },
  /** `--no-<name>`: true unless given. */
  negated(description: string): Flag<boolean> {
    return new Flag<boolean>({ type: 'boolean', description, negated: true, defaultValue: true });
  },
  string<T = string>(description: string, options: ValueOptions<T> = {}): Flag<NoInfer<T> | undefined> {
    return new Flag<T | undefined>({ type: 'string', description, valueName: options.value ?? 'value', parseValue: options.parse, values: options.values });
  },
  /** Repeatable and comma-separated words of a fixed set: `--events delivery,bounce`. */
  enumList<const V extends readonly string[]>(values: V, description: string, value = 'list'): Flag<V[number][] | undefined> {
    return new Flag<V[number][] | undefined>({ type: 'list', description, valueName: value, repeatable: true, values });
  },
  /** A flag whose value may be left out: `--db` alone is true, `--db PATH` the path. */
  optionalValue<T = string>(description: string, options: ValueOptions<T> = {}): Flag<NoInfer<T> | true | undefined> {
    return new Flag<T | true | undefined>({ type: 'string', description, valueName: options.value ?? 'value', optionalValue: true, parseValue: options.parse });
  },
  /** A whole number within bounds ("must be a whole number from 1 to 100"). */
  integer(description: string, range: readonly [number, number], value = 'n'): Flag<number | undefined> {
    return new Flag<number | undefined>({ type: 'integer', description, valueName: value, range, parseValue: integer(range[0], range[1]) });
  },
  /**
   * A decimal number within bounds (`--fault-rate 0.1`): `parse` checks the text and the bounds,
   * `range` is what help and `commands --json` state of them, so both must agree.
   */
  number(description: string, range: readonly [number, number], options: { value?: string; parse: Parser<number> }): Flag<number | undefined> {
    return new Flag<number | undefined>({ type: 'number', description, valueName: options.value ?? 'n', range, parseValue: options.parse });
  },
  /** One word of a fixed set ("must be one of …, did you mean …?"). */
  enum<const V extends readonly string[]>(values: V, description: string, value = 'value'): Flag<V[number] | undefined> {
    return new Flag<V[number] | undefined>({ type: 'enum', description, valueName: value, values });
  },
  /** Repeatable and comma-separated: trimmed, de-duplicated items, each checked by `parse` or against `values`. */
  list<T = string>(description: string, options: ValueOptions<T> = {}): Flag<NoInfer<T>[] | undefined> {
    return new Flag<T[] | undefined>({
      type: 'list', description, valueName: options.value ?? 'list', repeatable: true, parseValue: options.parse, values: options.values, itemName: options.item,
    });
  },
  /** Repeatable and comma-separated whole numbers within bounds (`--bounce-class 10,30`): help and `commands --json` state the bounds. */
  integerList(description: string, range: readonly [number, number], value = 'n'): Flag<number[] | undefined> {
    return new Flag<number[] | undefined>({ type: 'list', description, valueName: value, repeatable: true, range, parseValue: integer(range[0], range[1]) });
  },
  /**
   * As `repeated`, and the flag may also be given bare: `true` in its list, a marker whose place
   * among the other repeatable flags `check` reads from the command line's order
   * (`--or-group` alone opens a group of the `--where`s after it).
   */
  repeatedOrBare<T = string>(description: string, options: ValueOptions<T> = {}): Flag<NoInfer<T | true>[] | undefined> {
    return new Flag<(T | true)[] | undefined>({
      type: 'list', description, valueName: options.value ?? 'value', repeatable: true, wholeItems: true, optionalValue: true, parseValue: options.parse, itemName: options.item,
    });
  },
  /** Repeatable, each value whole and in the order given (values that may hold commas: `--where 'name contains a,b'`). */
  repeated<T = string>(description: string, options: ValueOptions<T> = {}): Flag<NoInfer<T>[] | undefined> {
    return new Flag<T[] | undefined>({
      type: 'list', description, valueName: options.value ?? 'value', repeatable: true, wholeItems: true, parseValue: options.parse, itemName: options.item,
    });
  },
};

/** A positional argument; T is the type `run` sees. */
class Arg<T> {
  declare readonly _type: T;
  constructor(readonly shape: ArgShape) {}

  optional(): Arg<T | undefined> {
    return new Arg<T | undefined>({ ...this.shape, optional: true });
  }

  /** Every remaining word (none when optional). */
  variadic(): Arg<Exclude<T, undefined>[]> {
    return new Arg<Exclude<T, undefined>[]>({ ...this.shape, variadic: true });
  }

  /** As Flag's readsText. */
  readsText(): Arg<T> {
    return new Arg<T>({ ...this.shape, readsText: true });
  }
}

export function arg<T = string>(description: string, options: { parse?: Parser<T>; values?: ValueSet; choices?: readonly string[] } = {}): Arg<NoInfer<T>> {
  return new Arg<T>({ description, parseValue: options.parse, values: options.values, choices: options.choices });
}

export type Flags = Record<string, Flag<unknown>>;
export type Args = Record<string, Arg<unknown>>;

/** The options object `run` receives: one key per flag and per argument, typed by its declaration. */
export type Parsed<F extends Flags, A extends Args> = { [K in keyof F]: F[K]['_type'] } & { [K in keyof A]: A[K]['_type'] };

export interface CommandDeclaration<F extends Flags, A extends Args, O> {
  readonly name: string;
  /** One line, lower case: the noun's list, the first line of help. */
  readonly summary: string;
  /** Paragraphs under the summary in help, docs and man (lines under 80 columns). */
  readonly description?: string;
  /** Positional arguments, in order; keys are camelCase (`campaignId` is shown as CAMPAIGN_ID). */
  readonly args?: A;
  /** Flags; keys are camelCase (`perPage` is `--per-page`). */
  readonly flags?: F;
  /** Two or three complete command lines a user can copy. */
  readonly examples: readonly string[];
  /** The API operation it calls, or a sentence for commands that name no single one. */
  readonly operation?: Operation | string;
  readonly operationNote?: string;
  /** The other operations it may send, as the note (or the sentence) names them. */
  readonly moreOperations?: readonly Operation[];
  readonly exitCodes?: readonly ExitCode[];
  /**
   * With exit 8 among exitCodes: whether this run's exit code is a verdict (`--fail-on` given,
   * say), so that it runs on to it when its reader goes away. Without it, every run is one.
   */
  readonly judges?: (opts: O) => boolean;
  readonly callsApi?: boolean;
  readonly apiFailuresAsRows?: boolean;
  /** Output formats beyond the four every command prints (`markdown`): the others refuse them. */
  readonly formats?: readonly ExtraFormat[];
  readonly hidden?: boolean;
  /** Top-level commands only (doctor, report): the group of the root help. */
  readonly group?: CommandGroup;
  /** Flags that must never exist because they would carry a secret, with where the secret goes instead. */
  readonly secretFlags?: Readonly<Record<string, string>>;
  /**
   * Rules between flags and the shape `run` wants: throw UsageError naming the flags. Runs before
   * anything is sent. `order`: the repeatable flags' keys as the command line gave them (RawInput).
   */
  readonly check?: (opts: Parsed<F, A>, order: readonly string[] | undefined) => O;
  readonly run: (opts: O, ctx: Context) => Promise<void>;
}

/** A command as the rest of the program sees it: its CommandSpec plus the typed declarations. */
export interface CommandDefinition<O = unknown> extends CommandSpec {
  readonly declaration: CommandDeclaration<Flags, Args, O>;
  /** argv words after the command's name, already split by commander, to typed options (parse tests). */
  parseInput(input: RawInput): O;
  /** The command's run, for tests that call it with a Context of their own. */
  run(opts: O, ctx: Context): Promise<void>;
}

function optionSpecOf(key: string, f: FlagShape): OptionSpec {
  const long = `--${f.negated ? 'no-' : ''}${kebab(key)}`;
  const names = f.short ? `-${f.short}, ${long}` : long;
  return {
    flags: !f.valueName ? names : f.optionalValue ? `${names} [${f.valueName}]` : `${names} <${f.valueName}>`,
    description: f.required ? `(required) ${f.description}` : f.description, // parse-flags.ts checks it, after the arguments
    values: f.values,
    list: f.type === 'list' && !f.wholeItems ? true : undefined,
    range: f.range,
    default: f.type === 'boolean' ? undefined : f.defaultText,
    repeatable: f.repeatable,
    hidden: f.hidden,
  };
}

/** The commander options of one flag: two for a toggle (`--live`, `--no-live`). */
function optionSpecsOf(key: string, f: FlagShape): OptionSpec[] {
  const spec = optionSpecOf(key, f);
  return f.negation === undefined ? [spec] : [spec, { flags: `--no-${kebab(key)}`, description: f.negation, hidden: f.hidden }];
}

function argumentSpecOf(key: string, a: ArgShape): ArgumentSpec {
  return { name: snake(key), description: a.description, optional: a.optional, variadic: a.variadic, choices: a.choices, values: a.values };
}

/** Declares a command: see the header of this file. */
export function command<F extends Flags = Record<never, never>, A extends Args = Record<never, never>, O = Parsed<F, A>>(
  declaration: CommandDeclaration<F, A, O>,
): CommandDefinition<O> {
  const flags: Flags = declaration.flags ?? {};
  const args: Args = declaration.args ?? {};
  const parseInput = (input: RawInput): O => {
    const parsed = parseDeclared(flags, args, input) as Parsed<F, A>;
    return declaration.check ? declaration.check(parsed, input.order) : (parsed as unknown as O);
  };
  const verbModule: VerbModule<O> = { parse: (input) => parseInput(input), run: (opts, ctx) => declaration.run(opts, ctx), judges: declaration.judges };
  return {
    name: declaration.name,
    summary: declaration.summary,
    description: declaration.description,
    args: Object.entries(args).map(([key, a]) => argumentSpecOf(key, a.shape)),
    options: Object.entries(flags).flatMap(([key, f]) => optionSpecsOf(key, f.shape)),
    examples: declaration.examples,
    operation: declaration.operation,
    operationNote: declaration.operationNote,
    moreOperations: declaration.moreOperations,
    exitCodes: declaration.exitCodes,
    callsApi: declaration.callsApi,
    apiFailuresAsRows: declaration.apiFailuresAsRows,
    formats: declaration.formats,
    hidden: declaration.hidden,
    group: declaration.group,
    secretFlags: declaration.secretFlags,
    load: () => Promise.resolve(verbModule),
    declaration: declaration as unknown as CommandDeclaration<Flags, Args, O>,
    parseInput,
    run: declaration.run,
  };
}
