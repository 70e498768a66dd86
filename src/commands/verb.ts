import type { Command } from 'commander';
import { createContext, type Clock, type Context, type GlobalOptions, type IO } from '../context.js';

/** What main.ts hands to every command run. */
export interface Runtime {
  io: IO;
  /** The package version (package.json), read once by main.ts. */
  version: string;
  signal: AbortSignal;
  disposers: Array<() => Promise<void>>;
  /** A fake clock from the in-process tests; the real one otherwise. */
  clock?: Clock;
  /** Set once the command knows its output format, so errors can be printed as JSON too. */
  errorFormat?: 'json' | 'text';
}

/**
 * A verb module (`commands/<noun>/<verb>.ts`): `parse` turns commander's
 * strings into typed options (usually with a zod schema, see schema.ts) and
 * throws UsageError naming the flag; `run` does the work with what ctx gives.
 */
export interface VerbModule<O> {
  parse(input: RawInput, cmd: Command): O | Promise<O>;
  run(opts: O, ctx: Context): Promise<void>;
}

/** Commander's view of one invocation: positional arguments and the verb's own options. */
export interface RawInput {
  args: string[];
  opts: Record<string, unknown>;
}

const runtimes = new WeakMap<Command, Runtime>();

export function bindRuntime(program: Command, runtime: Runtime): void {
  runtimes.set(program, runtime);
}

function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

/** Globals as typed flags; json errors are chosen from the flags alone so a bad profile still reports in JSON. */
function wantsJsonErrors(globals: GlobalOptions): boolean {
  return Boolean(globals.json || globals.ndjson || globals.output === 'json' || globals.output === 'ndjson');
}

/**
 * The commander action of a verb: load the verb's module (heavy imports stay
 * out of --help), parse, then run. Nothing here touches process.*.
 */
export function verb<O>(load: () => Promise<VerbModule<O>>) {
  return async (...actionArgs: unknown[]): Promise<void> => {
    const cmd = actionArgs[actionArgs.length - 1] as Command;
    const runtime = runtimes.get(rootOf(cmd));
    if (!runtime) throw new Error('mailctl: program has no runtime bound');
    const globals = cmd.optsWithGlobals() as GlobalOptions;
    runtime.errorFormat = wantsJsonErrors(globals) ? 'json' : 'text';
    const mod = await load();
    const opts = await mod.parse({ args: cmd.args, opts: cmd.opts() }, cmd);
    const ctx = createContext(runtime.io, globals, runtime.signal, runtime);
    try {
      runtime.errorFormat = ['json', 'ndjson'].includes(ctx.settings().output.value) ? 'json' : 'text';
    } catch {
      // a bad setting is reported by the command itself, as a usage error
    }
    await mod.run(opts, ctx);
  };
}

/** "--per-page" for the attribute "perPage"; the argument's name for a positional. */
export function flagName(cmd: Command, key: string | number, index?: number): string {
  if (key === 'args') {
    const arg = cmd.registeredArguments[index ?? 0];
    return arg ? arg.name().toUpperCase() : `argument ${(index ?? 0) + 1}`;
  }
  const option = cmd.options.find((o) => o.attributeName() === key);
  return option?.long ?? String(key);
}
