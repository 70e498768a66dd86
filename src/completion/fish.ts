import type { CommandModel, OptionModel, ProgramModel, ValueSource } from './model.js';
import { commandsOf, HEADER_NOTE, oneLine, valueFlags, words } from './shell.js';

// fish completion: `complete` lines guarded by conditions on the command path,
// which __mailctl_walk reads from the command line (skipping options and
// their values) and caches per command line.

function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `-a` candidates; for an option also -x (takes a value, no files) or -r -F (takes a file). */
function valueArgs(values: ValueSource | undefined, option: boolean): string {
  const x = option ? '-x ' : '';
  if (!values) return option ? '-x' : '';
  switch (values.kind) {
    case 'words':
      return `${x}-a ${fishQuote(values.list ? `(__mailctl_list_values ${words(values.words)})` : words(values.words))}`;
    case 'profiles':
      return `${x}-a '(__mailctl_profiles)'`;
    case 'files':
      return option ? '-r -F' : '-F';
    case 'help':
      return `-a '(__mailctl_help_words)'`;
  }
}

function optionLine(name: string, option: OptionModel, condition: string | undefined): string {
  const parts = [`complete -c ${name}`];
  if (condition) parts.push(`-n ${fishQuote(condition)}`);
  if (option.short) parts.push(`-s ${option.short.replace(/^-/, '')}`);
  if (option.long) parts.push(`-l ${option.long.replace(/^--/, '')}`);
  if (option.takesValue) parts.push(valueArgs(option.values, true));
  parts.push(`-d ${fishQuote(oneLine(option.description))}`);
  return parts.join(' ');
}

function pathWord(cmd: CommandModel): string {
  return `"${cmd.path.join(' ')}"`;
}

function commandLines(name: string, cmd: CommandModel): string[] {
  const lines: string[] = [];
  const path = pathWord(cmd);
  for (const option of cmd.options) {
    // -h/--help exists on every command: declared once, without a condition
    if (option.long === '--help') continue;
    lines.push(optionLine(name, option, `__mailctl_is ${path}`));
  }
  for (const sub of cmd.commands) {
    lines.push(`complete -c ${name} -n ${fishQuote(`__mailctl_arg ${path} 0`)} -a ${sub.name} -d ${fishQuote(oneLine(sub.description))}`);
  }
  if (cmd.commands.length === 0) {
    cmd.args.forEach((arg, index) => {
      if (!arg.values) return;
      const condition = arg.variadic ? `__mailctl_arg_from ${path} ${index}` : `__mailctl_arg ${path} ${index}`;
      lines.push(`complete -c ${name} -n ${fishQuote(condition)} ${valueArgs(arg.values, false)}`);
    });
  }
  return lines;
}

export function fishScript(program: ProgramModel): string {
  const name = program.name;
  const commands = commandsOf(program);
  const subcommandCases = commands
    .filter((c) => c.commands.length > 0)
    .map((c) => `        case ${fishQuote(c.path.join(' '))}\n            printf '%s\\n' ${words(c.commands.map((s) => s.name))}`);
  const globalValueFlags = valueFlags(program.globals).map((f) => f.flag);
  const ownValueFlags = commands.flatMap((c) => valueFlags(c.options).map((f) => fishQuote(`${c.path.join(' ')} ${f.flag}`)));
  const helpArg = commands.flatMap((c) => c.args).find((a) => a.values?.kind === 'help');
  const topics = helpArg?.values?.kind === 'help' ? helpArg.values.topics : [];
  const help = program.root.options.find((o) => o.long === '--help');

  return `# fish completion for ${name}
# ${HEADER_NOTE}
# Install: mailctl completion fish > ~/.config/fish/completions/mailctl.fish

# Prints the subcommands of command path $argv[1], one per line.
function __mailctl_subcommands
    switch "$argv[1]"
${subcommandCases.join('\n')}
    end
end

# Succeeds when flag $argv[2] takes a value in command path $argv[1].
function __mailctl_takes_value
    switch $argv[2]
        case ${globalValueFlags.join(' ') || "''"}
            return 0
    end
    switch "$argv[1] $argv[2]"
        case ${ownValueFlags.join(' ') || "''"}
            return 0
    end
    return 1
end

# Sets __mailctl_p (the command path typed so far) and __mailctl_args (the arguments after it).
function __mailctl_walk
    set -l line (commandline -pc)
    test "$line" = "$__mailctl_line"; and return 0
    set -g __mailctl_line $line
    set -g __mailctl_p ''
    set -g __mailctl_args
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l skip 0
    set -l dashdash 0
    for t in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        if test $dashdash = 0; and string match -q -- '-?*' $t
            if test "$t" = --
                set dashdash 1
            else if not string match -q -- '*=*' $t; and __mailctl_takes_value "$__mailctl_p" $t
                set skip 1
            end
            continue
        end
        if test (count $__mailctl_args) = 0; and contains -- $t (__mailctl_subcommands "$__mailctl_p")
            set __mailctl_p (string trim -- "$__mailctl_p $t")
            continue
        end
        set -a __mailctl_args $t
    end
end

# The command path is $argv[1].
function __mailctl_is
    __mailctl_walk
    test "$__mailctl_p" = "$argv[1]"
end

# The command path is $argv[1] and the argument under the cursor is number $argv[2] (from 0).
function __mailctl_arg
    __mailctl_is "$argv[1]"; and test (count $__mailctl_args) -eq $argv[2]
end

function __mailctl_arg_from
    __mailctl_is "$argv[1]"; and test (count $__mailctl_args) -ge $argv[2]
end

# A comma-separated list: the items already typed, then each value not given yet.
function __mailctl_list_values
    set -l token (string replace -r -- '^--[^=]*=' '' (commandline -ct))
    set -l head (string replace -r -- '[^,]*$' '' $token)
    set -l given (string split , -- $head)
    for v in $argv
        contains -- $v $given; or echo $head$v
    end
end

function __mailctl_profiles
    command ${name} completion profiles 2>/dev/null
end

# mailctl help [topic | command [subcommand]]
function __mailctl_help_words
    __mailctl_walk
    if test (count $__mailctl_args) = 0
${topics.map((t) => `        printf '%s\\t%s\\n' ${t.name} ${fishQuote(oneLine(t.summary))}`).join('\n')}
    end
    __mailctl_subcommands (string join ' ' -- $__mailctl_args)
end

complete -c ${name} -f
${help ? optionLine(name, help, undefined) : ''}
${program.globals.map((o) => optionLine(name, o, undefined)).join('\n')}
${commands.flatMap((c) => commandLines(name, c)).join('\n')}
`;
}
