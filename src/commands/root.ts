import type { Command } from 'commander';
import { proxyPasswords } from '../api/proxy.js';
import { scrubbingStream, SECRET_ENV_VARS, SecretSet } from '../output/scrub.js';
import { tidy } from '../output/terminal-text.js';
import { enableHelp } from './help-topics/index.js';
import { helpFormatter } from './help-text.js';
import { HELP_SPEC, NOUN_LOADERS, ROOT_INFO } from './nouns.js';
import { commandsTaking, optionFrom, registerSpec } from './register.js';
import type { CommandSpec } from './spec.js';
import { RunCommand, type Runtime } from './verb.js';

// The root commander program of a run: global options (cli.md), then the commands. A run
// that names a noun registers that noun alone (and `help`), loaded through nouns.ts: building
// and evaluating the whole tree is most of what a one-call command does before it sends its
// request. src/program.ts builds the whole tree the same way, synchronously, for the tests.

/** Commands that describe every command: the whole tree is built for them. */
const WHOLE_TREE = ['completion', 'help', 'commands', 'mcp'];

/** The root, with the global options and no command yet. */
export function rootProgram(runtime: Runtime): RunCommand {
  // The run's secrets (key, passwords, client secrets) are taken out of everything written to
  // stderr, main.ts's error report included (it writes through runtime.io), and out of the data
  // on stdout (context.ts's output target): see output/scrub.ts.
  const secrets = new SecretSet();
  for (const name of SECRET_ENV_VARS) secrets.add(runtime.io.env[name]);
  for (const password of proxyPasswords(runtime.io.env)) secrets.add(password);
  runtime.secrets = secrets;
  // Only a refused `-o markdown` asks which commands print it: then every noun is loaded.
  runtime.commandsTaking = async (format) => commandsTaking(await Promise.all(Object.values(NOUN_LOADERS).map((load) => load())), format);
  // Copied with its getters, not spread: a spread reads io.stdin, and main.ts makes
  // process.stdin (for /dev/null a file stream, and fs/promises and readline with it) only
  // for the commands that read it.
  // stderr itself is made on first use too (main.ts): a run that prints nothing there never makes it.
  const io = runtime.io;
  let scrubbed: NodeJS.WritableStream | undefined;
  const stderr = { get: () => (scrubbed ??= scrubbingStream(io.stderr, secrets)), enumerable: true, configurable: true };
  runtime.io = Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(io), stderr }) as Runtime['io'];
  // Help is 80 columns in a pipe (and in dist/help.txt), the terminal's width otherwise.
  const helpWidth = () => (runtime.io.stdoutIsTTY ? runtime.io.columns : 80);
  const program = new RunCommand(ROOT_INFO.name, runtime)
    .description(ROOT_INFO.summary)
    .version(runtime.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run with --help for usage)')
    .showSuggestionAfterError(true)
    // Subcommands created later inherit these settings: errors are thrown to main.ts (one
    // place for exit codes) and every message goes through io.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => runtime.io.stdout.write(text),
      writeErr: (text) => runtime.io.stderr.write(text),
      getOutHelpWidth: helpWidth,
      getErrHelpWidth: helpWidth,
      // commander quotes what was typed ("argument 'xxx…' is invalid"): cut long
      // values and show control characters instead of sending them to the terminal.
      outputError: (text, write) => write(text.split('\n').map(tidy).join('\n')),
    });
  for (const option of ROOT_INFO.options) program.addOption(optionFrom(option));
  return program;
}

/**
 * Registers the commands (one help layout for all; `help` gives every registered command its
 * prefix suggestions, so it comes last) and returns the program.
 */
export function withCommands(program: Command, commands: readonly CommandSpec[]): Command {
  program.configureHelp({ formatHelp: helpFormatter({ ...ROOT_INFO, commands }) });
  for (const spec of commands) registerSpec(program, spec);
  enableHelp(program);
  return program;
}

/**
 * The noun that argv runs, and the word after it, when building that noun alone gives the same
 * result as the whole tree: its first operand (after the global options and their values) names
 * a noun, and nothing before it asks for the root's help or version. The whole tree otherwise:
 * the root help, `help`, `completion`, `commands` (which describe every command) and a mistyped
 * noun (whose "did you mean" needs every name). After the noun, an option that is not a global
 * one (the noun's --help, or one whose value could be the next word) ends the search.
 */
export function invokedNoun(argv: readonly string[], program: Command, nouns: readonly string[]): string[] | undefined {
  const takesValue = new Set(program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.short, o.long]));
  const global = new Set(program.options.flatMap((o) => [o.short, o.long]));
  const words: string[] = [];
  for (let i = 2; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (arg === '--' || ['-h', '--help', '-V', '--version'].includes(arg) || (words.length && arg.startsWith('-') && !global.has(arg.split('=')[0]))) break;
    if (!arg.startsWith('-')) words.push(arg);
    else if (takesValue.has(arg)) i++;
  }
  return nouns.includes(words[0]!) && !WHOLE_TREE.includes(words[0]!) ? words : undefined;
}

/**
 * The program of one run of main.ts: the invoked noun alone (and `help`), with only the verb
 * argv names when it names one (a mistyped verb's "did you mean" needs them all), else the whole tree.
 */
export async function programFor(runtime: Runtime, argv: readonly string[]): Promise<Command> {
  const program = rootProgram(runtime);
  const [noun, verb] = invokedNoun(argv, program, Object.keys(NOUN_LOADERS)) ?? [];
  if (!noun) return withCommands(program, (await import('./index.js')).COMMANDS);
  const spec = await NOUN_LOADERS[noun]!();
  const named = spec.commands?.find((c) => c.name === verb);
  return withCommands(program, [named ? { ...spec, commands: [named] } : spec, HELP_SPEC]);
}
