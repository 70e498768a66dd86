import { Command } from 'commander';
import { createContext, type Clock, type Context, type GlobalOptions } from '../context.js';
import { UsageError } from '../errors.js';
import { isExtraFormat, type ExtraFormat } from '../format.js';
import type { IO } from '../io.js';

/** How main.ts reports a failure of this run: decided once, from the parsed global options, when a verb starts. */
export interface RunState {
  /** -q: no hint under an error. */
  quiet: boolean;
  /** `json` with --output json|ndjson (flag or setting): the error is also printed as one JSON object. */
  errorFormat: 'json' | 'text';
  /**
   * The command judges (it can end with exit 8): its exit code is its verdict, so a reader that
   * goes away (`| head`, EPIPE) does not end it with 0; it runs on to the verdict (main.ts).
   */
  judges: boolean;
}

/** What main.ts hands to every command run. */
export interface Runtime {
  io: IO;
  /** The package version (package.json), read once by main.ts. */
  version: string;
  signal: AbortSignal;
  disposers: Array<() => Promise<void>>;
  /** The run's secrets, scrubbed from stdout and stderr (output/scrub.ts); commands add what they read. */
  secrets?: { add(secret: string | undefined): void; scrub(text: string): string };
  /** A fake clock from the in-process tests; the real one otherwise. */
  clock?: Clock;
  /** Work for the time the first request waits for its answer (main.ts: the HTTP parser's warm-up). */
  whileWaiting?: () => void;
  /** Told when a pager starts and exits (context.ts): main.ts does not end the process under it on Ctrl-C. */
  pagerOpen?: (open: boolean) => void;
  /** The process exits as the run ends (main.ts): its connections are left for the exit to close. */
  endsWithProcess?: boolean;
  /** Absent until a verb starts (commander's own usage errors come before). */
  state?: RunState;
  /** The commands that print an extra format ("report", "campaign check"), for the refusal of the others (program.ts). */
  commandsTaking?: (format: ExtraFormat) => Promise<string[]>;
  /** Global flags the invoked command takes for itself after its name (index `after` of the user's args): main.ts's error format. */
  ownFlags?: { after: number; flags: ReadonlySet<string> };
}

/**
 * The commander Command of mailctl: every command created under the program
 * (`.command()`) carries the run's Runtime, so a verb's action reads it from
 * its own command.
 */
export class RunCommand extends Command {
  constructor(
    name: string | undefined,
    readonly runtime: Runtime,
  ) {
    super(name);
  }

  override createCommand(name?: string): RunCommand {
    return new RunCommand(name, this.runtime);
  }

  /** Long flags of the invoked command that a global option of the same name must leave to it. */
  private shadowed = new Set<string>();

  /**
   * commander lets a parent's option win anywhere in argv; a command that
   * declares a flag of a global's name (`template create --json FILE`, where
   * the global `--json` is the output format) takes it after its own name.
   * Before it (`mailctl --json template create …`) the flag is still the
   * global one: it is marked there, as commander's lookup sees only the word.
   */
  override parseOptions(args: string[]): { operands: string[]; unknown: string[] } {
    const { leaf, at } = invokedCommand(this, args);
    const theirs = new Set(leaf === this ? [] : leaf.options.map((o) => o.long));
    this.shadowed = new Set(this.options.map((o) => o.long).filter((l): l is string => l !== undefined && theirs.has(l)));
    if (this.shadowed.size === 0) return super.parseOptions(args);
    this.runtime.ownFlags = { after: at, flags: this.shadowed };
    return super.parseOptions(args.map((arg, i) => (i < at && this.shadowed.has(arg) ? `${arg}${GLOBAL_MARK}` : arg)));
  }

  /** commander's own lookup, minus the flags the invoked command takes for itself (unless marked as the global's). */
  _findOption(arg: string): unknown {
    const find = (name: string) => (Command.prototype as unknown as { _findOption(a: string): unknown })._findOption.call(this, name);
    if (arg.endsWith(GLOBAL_MARK)) return find(arg.slice(0, -GLOBAL_MARK.length));
    if (this.shadowed.has(arg)) return undefined;
    return find(arg);
  }
}

/** A global option's flag written before the command's name, which the command's own flag of that name must not take. */
const GLOBAL_MARK = '\u0000global';

/**
 * The deepest subcommand the words of argv name, and the index of its name in args (-1 for
 * the root). Option values may look like names: good enough for shadowing.
 */
function invokedCommand(root: Command, args: readonly string[]): { leaf: Command; at: number } {
  let leaf = root;
  let at = -1;
  for (const [i, arg] of args.entries()) {
    if (arg === '--') break;
    if (arg.startsWith('-')) continue;
    const next = leaf.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (next) [leaf, at] = [next, i];
  }
  return { leaf, at };
}

/**
 * A verb module (`commands/<noun>/<verb>.ts`): `parse` turns commander's
 * strings into typed options (usually with a zod schema, see schema.ts) and
 * throws UsageError naming the flag; `run` does the work with what ctx gives.
 */
export interface VerbModule<O> {
  parse(input: RawInput, cmd: Command): O | Promise<O>;
  run(opts: O, ctx: Context): Promise<void>;
  /** Of a command that can exit 8: whether this run's exit code is a verdict (define.ts). */
  judges?: (opts: O) => boolean;
}

const argvOrders = new WeakMap<Command, string[]>();

/** Notes one occurrence of a repeatable flag (register.ts listens to commander's option events, which come in argv order). */
export function noteArgvOrder(cmd: Command, key: string): void {
  const order = argvOrders.get(cmd) ?? [];
  order.push(key);
  argvOrders.set(cmd, order);
}

/** The occurrences noted for this parse of the command, which start afresh for the next one. */
function argvOrderOf(cmd: Command): string[] {
  const order = argvOrders.get(cmd) ?? [];
  argvOrders.delete(cmd);
  return order;
}

/** Commander's view of one invocation: positional arguments and the verb's own options. */
export interface RawInput {
  args: string[];
  opts: Record<string, unknown>;
  /**
   * The keys of the repeatable flags in the order the command line gave them, one per
   * occurrence (commander keeps each flag's values, not their order among flags). Absent when
   * the input did not come from a command line (an MCP tool call, a parse test).
   */
  order?: readonly string[];
}

/** The flags decide first, so a bad profile or setting still reports in JSON when --json was given. */
function runState(globals: GlobalOptions, ctx: Context, judges: boolean): RunState {
  const flagsWantJson = Boolean(globals.json || globals.ndjson || globals.output === 'json' || globals.output === 'ndjson');
  let settingWantsJson = false;
  try {
    settingWantsJson = ['json', 'ndjson'].includes(ctx.settings().output.value);
  } catch {
    // a bad setting is reported by the command itself, as a usage error
  }
  return { quiet: Boolean(globals.quiet), errorFormat: flagsWantJson || settingWantsJson ? 'json' : 'text', judges };
}

/** The extra format (`-o markdown`) asked of a command that does not print it, if any. */
function refusedFormat(globals: GlobalOptions, formats: readonly ExtraFormat[]): ExtraFormat | undefined {
  const asked = globals.json || globals.ndjson || globals.csv ? undefined : globals.output;
  return isExtraFormat(asked) && !formats.includes(asked) ? asked : undefined;
}

/** `-o markdown` on a command that does not print it: a usage error naming the ones that do, before anything is sent. */
export function checkFormat(globals: GlobalOptions, formats: readonly ExtraFormat[], commandsTaking?: (format: ExtraFormat) => string[]): void {
  const asked = refusedFormat(globals, formats);
  if (asked === undefined) return;
  const takers = commandsTaking?.(asked) ?? [];
  const list = takers.length > 1 ? `${takers.slice(0, -1).join(', ')} and ${takers.at(-1)}` : takers.join('');
  throw new UsageError(`--output ${asked} is only for ${list || 'the commands whose help lists it'}; this command prints table, json, ndjson or csv`);
}

/**
 * The global options of this run. A flag the command declares for itself under a global's name
 * (`template create --json FILE`) is the command's alone (the root does not parse it, see
 * RunCommand): commander's optsWithGlobals would let its value stand for the global one too,
 * so `--json FILE` would turn on JSON output, even over `-o table`.
 */
function globalOptions(cmd: Command, program: Command): GlobalOptions {
  const globals = cmd.optsWithGlobals();
  const globalLongs = new Set(program.options.map((o) => o.long));
  const above = cmd.parent && cmd.parent !== cmd ? cmd.parent.optsWithGlobals() : {};
  for (const option of cmd === program ? [] : cmd.options) {
    if (option.long === undefined || !globalLongs.has(option.long)) continue;
    const key = option.attributeName();
    if (Object.hasOwn(above, key)) globals[key] = above[key];
    else delete globals[key];
  }
  return globals as GlobalOptions;
}

/**
 * The commander action of a verb: load the verb's module (heavy imports stay
 * out of --help), parse, then run. Nothing here touches process.*.
 */
export function verb<O>(load: () => Promise<VerbModule<O>>, formats: readonly ExtraFormat[] = [], judges = false) {
  return async (...actionArgs: unknown[]): Promise<void> => {
    const cmd = actionArgs[actionArgs.length - 1] as Command;
    if (!(cmd instanceof RunCommand)) throw new Error('mailctl: a verb registered outside the program');
    const { runtime } = cmd;
    let program: Command = cmd;
    while (program.parent) program = program.parent;
    const globals = globalOptions(cmd, program);
    const hooks = { ...runtime, program, formats, judges };
    const ctx = createContext(runtime.io, globals, runtime.signal, hooks);
    runtime.state = runState(globals, ctx, judges);
    const refused = refusedFormat(globals, formats);
    if (refused) {
      const takers = (await runtime.commandsTaking?.(refused)) ?? [];
      checkFormat(globals, formats, () => takers);
    }
    const mod = await load();
    const opts = await mod.parse({ args: cmd.args, opts: cmd.opts(), order: argvOrderOf(cmd) }, cmd);
    // `webhook listen` without --expect judges nothing: `| head` ends it as any other command
    if (judges && mod.judges && !mod.judges(opts)) hooks.judges = runtime.state.judges = false;
    try {
      await mod.run(opts, ctx);
    } finally {
      // what a pager holds is shown even when the command failed half-way
      await ctx.finish();
    }
  };
}
