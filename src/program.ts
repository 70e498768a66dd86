import type { Command } from 'commander';
import { enableHelp } from './commands/help-topics/index.js';
import { helpFormatter } from './commands/help-text.js';
import { COMMANDS, ROOT } from './commands/index.js';
import { commandsTaking, optionFrom, registerSpec } from './commands/register.js';
import { RunCommand, type Runtime } from './commands/verb.js';
import { scrubbingStream, SecretSet } from './output/scrub.js';
import { tidy } from './output/terminal-text.js';

/** Commands that describe every command: the whole tree is built for them. */
const WHOLE_TREE = ['completion', 'help', 'commands'];

/**
 * The noun that argv runs, when building it alone gives the same result as
 * the whole tree: its first operand (after the global options and their
 * values) names a noun, and nothing before it asks for the root's help or
 * version. The whole tree otherwise: the root help, `help`, `completion`, `commands`
 * (which describe every command) and a mistyped noun (whose "did you mean"
 * needs every name).
 */
function invokedNoun(argv: readonly string[], program: Command): string | undefined {
  const takesValue = new Set(program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.short, o.long]));
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) return COMMANDS.some((c) => c.name === arg) && !WHOLE_TREE.includes(arg) ? arg : undefined;
    if (['-h', '--help', '-V', '--version'].includes(arg)) return undefined;
    if (takesValue.has(arg)) i++;
  }
  return undefined;
}

/**
 * The root program: global options (cli.md), then every command from its spec,
 * or with argv only the noun it runs: building the whole tree of commands is a
 * large part of a one-call command's own time (measured in docs/performance.md).
 */
export function buildProgram(runtime: Runtime, argv?: readonly string[]): Command {
  // The run's secrets (key, passwords, client secrets) are taken out of everything written to
  // stderr, main.ts's error report included (it writes through runtime.io): see output/scrub.ts.
  const secrets = new SecretSet();
  runtime.secrets = secrets;
  runtime.commandsTaking = (format) => commandsTaking(COMMANDS, format);
  runtime.io = { ...runtime.io, stderr: scrubbingStream(runtime.io.stderr, secrets) };
  // Help is 80 columns in a pipe (and in dist/help.txt), the terminal's width otherwise.
  const helpWidth = () => (runtime.io.stdoutIsTTY ? runtime.io.columns : 80);
  const program = new RunCommand(ROOT.name, runtime)
    .description(ROOT.summary)
    .version(runtime.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run with --help for usage)')
    .showSuggestionAfterError(true)
    // Subcommands created below inherit these settings: one help layout for all,
    // errors are thrown to main.ts (one place for exit codes) and every message goes through io.
    .configureHelp({ formatHelp: helpFormatter(ROOT) })
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
  for (const option of ROOT.options) program.addOption(optionFrom(option));
  const only = argv && invokedNoun(argv, program);
  // `help` is registered always: enableHelp also gives every registered command its prefix suggestions.
  for (const spec of COMMANDS) if (!only || spec.name === only || spec.name === 'help') registerSpec(program, spec);
  enableHelp(program);
  return program;
}
