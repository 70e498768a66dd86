import { Option, type Command } from 'commander';
import { register as registerHelp } from './commands/help-topics/index.js';
import { NOUNS } from './commands/index.js';
import { RunCommand, type Runtime } from './commands/verb.js';
import { tidy } from './output/terminal-text.js';

/** The root program: global options (cli.md), then every noun. */
export function buildProgram(runtime: Runtime): Command {
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
  for (const register of NOUNS) register(program);
  // `help [TOPIC | COMMAND...]` replaces commander's implicit help command: listed last, as that one was.
  registerHelp(program);
  return program;
}
