import type { Command } from 'commander';
import { enableHelp } from './commands/help-topics/index.js';
import { helpFormatter } from './commands/help-text.js';
import { COMMANDS, ROOT } from './commands/index.js';
import { optionFrom, registerSpec } from './commands/register.js';
import { RunCommand, type Runtime } from './commands/verb.js';
import { tidy } from './output/terminal-text.js';

/** The root program: global options (cli.md), then every command, from their specs. */
export function buildProgram(runtime: Runtime): Command {
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
  for (const spec of COMMANDS) registerSpec(program, spec);
  enableHelp(program);
  return program;
}
