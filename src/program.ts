import { Option, type Command } from 'commander';
import { register as registerHelp } from './commands/help-topics/index.js';
import { NOUNS } from './commands/index.js';
import { RunCommand, type Runtime } from './commands/verb.js';
import { scrubbingStream, SecretSet } from './output/scrub.js';
import { tidy } from './output/terminal-text.js';

/**
 * The noun that argv runs, when building it alone gives the same result as
 * the whole tree: its first operand (after the global options and their
 * values) names a noun, and nothing before it asks for the root's help or
 * version. The whole tree otherwise: the root help, `help`, `completion`
 * (which describe every command) and a mistyped noun (whose "did you mean"
 * needs every name).
 */
function invokedNoun(argv: readonly string[], program: Command): string | undefined {
  const takesValue = new Set(program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.short, o.long]));
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) return NOUNS.some(([noun]) => noun === arg) && arg !== 'completion' ? arg : undefined;
    if (['-h', '--help', '-V', '--version'].includes(arg)) return undefined;
    if (takesValue.has(arg)) i++;
  }
  return undefined;
}

/**
 * The root program: global options (cli.md), then every noun, or with argv
 * only the noun it runs: building the whole tree of commands is a large part
 * of a one-call command's own time (measured in docs/performance.md).
 */
export function buildProgram(runtime: Runtime, argv?: readonly string[]): Command {
  // The run's secrets (key, passwords, client secrets) are taken out of everything written to
  // stderr, main.ts's error report included (it writes through runtime.io): see output/scrub.ts.
  const secrets = new SecretSet();
  runtime.secrets = secrets;
  runtime.io = { ...runtime.io, stderr: scrubbingStream(runtime.io.stderr, secrets) };
  const program = new RunCommand('mailctl', runtime)
    .description('Operate the email sending service from the terminal, shell pipelines and CI jobs.')
    .version(runtime.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addOption(new Option('--profile <name>', 'config profile to use (env MAILCTL_PROFILE)'))
    .addOption(new Option('--base-url <url>', 'API root (env MAILCTL_BASE_URL, else the profile\'s)'))
    .addOption(new Option('-o, --output <format>', 'output format').choices(['table', 'json', 'ndjson', 'csv']))
    .addOption(new Option('--json', 'short for --output json'))
    .addOption(new Option('--ndjson', 'short for --output ndjson'))
    .addOption(new Option('--fields <list>', 'columns for table/csv, keys kept in json/ndjson (comma-separated)'))
    .addOption(new Option('--timeout <duration>', 'per-request timeout, e.g. 30s, 500ms, 2m (default: 30s)'))
    .addOption(new Option('--retries <n>', 'retries on 429, 5xx and network errors, 0-10 (default: 3)'))
    .addOption(new Option('-v, --verbose', 'one line per HTTP request on stderr, secrets redacted'))
    .addOption(new Option('-q, --quiet', 'no progress, notices or hints on stderr'))
    .addOption(new Option('--no-color', 'no colour (also NO_COLOR=1); colour is only used on a TTY anyway'))
    .addOption(new Option('--utc', 'times on a terminal in UTC instead of the local zone (TZ); headers name the zone'))
    .addOption(new Option('--no-pager', 'never page long output on a terminal (also MAILCTL_PAGER=); pager: $PAGER, else less -FRX'))
    .showHelpAfterError('(run with --help for usage)')
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    // Subcommands created below inherit these settings: errors are thrown to
    // main.ts (one place for exit codes) and every message goes through io.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => runtime.io.stdout.write(text),
      writeErr: (text) => runtime.io.stderr.write(text),
      // commander quotes what was typed ("argument 'xxx…' is invalid"): cut long
      // values and show control characters instead of sending them to the terminal.
      outputError: (text, write) => write(text.split('\n').map(tidy).join('\n')),
    });
  const only = argv && invokedNoun(argv, program);
  for (const [noun, register] of NOUNS) if (!only || noun === only) register(program);
  // `help [TOPIC | COMMAND...]` replaces commander's implicit help command: listed last, as that one was.
  // Always: it also gives every registered command its prefix suggestions and secret-safe unknown-option errors.
  registerHelp(program);
  return program;
}
