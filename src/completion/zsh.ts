import type { ArgModel, CommandModel, OptionModel, ProgramModel, ValueSource } from './model.js';
import { commandsOf, HEADER_NOTE, oneLine, shQuote, words } from './shell.js';

// zsh completion: one function per command, each a call to _arguments with
// the command's options (global ones included) and arguments; commands with
// subcommands hand the rest of the line to the subcommand's function. Works
// from $fpath (autoloaded as _mailctl) and when sourced after compinit.

function fn(cmd: CommandModel): string {
  return ['_mailctl', ...cmd.path].join('_').replace(/[^A-Za-z0-9_]/g, '_');
}

/** Text inside an _arguments `[...]` description. */
function bracket(text: string): string {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/\[/g, '\\[').replace(/\]/g, '\\]');
}

/** A message between colons of an _arguments spec. */
function message(text: string): string {
  return text.replace(/_/g, ' ').replace(/:/g, '\\:');
}

function action(values: ValueSource | undefined, what: string): string {
  if (!values) return ' ';
  switch (values.kind) {
    case 'words':
      return values.list ? `_values -s , "${what}" ${words(values.words)}` : `(${words(values.words)})`;
    case 'profiles':
      return '_mailctl_profiles';
    case 'files':
      return '_files';
    case 'help':
      return '_mailctl_help_words';
  }
}

function optionSpecs(option: OptionModel): string[] {
  const spellings = [option.short, option.long].filter((f): f is string => Boolean(f));
  // the root's -V/--version ends the line; `template tags --version N` is an ordinary flag
  const isHelp = option.long === '--help' || (option.long === '--version' && !option.takesValue);
  const exclusion = isHelp ? '(- *)' : option.repeatable || spellings.length < 2 ? '' : `(${spellings.join(' ')})`;
  const repeat = option.repeatable ? '*' : '';
  return spellings.map((flag) => {
    const form = option.takesValue ? (flag.startsWith('--') ? '=' : '+') : '';
    const value = option.takesValue ? `:${message(option.valueName)}:${action(option.values, option.valueName.replace(/_/g, ' '))}` : '';
    return shQuote(`${exclusion}${repeat}${flag}${form}[${bracket(option.description)}]${value}`);
  });
}

function argSpec(arg: ArgModel): string {
  const lead = arg.variadic ? '*:' : arg.required ? ':' : '::';
  return shQuote(`${lead}${message(arg.name)}:${action(arg.values, arg.name.replace(/_/g, ' '))}`);
}

/**
 * The global options, as the shared array, or spelled out without those the
 * command declares itself: the parser gives `template create --json FILE` to the
 * command, and _arguments would take the global boolean --json first.
 */
function globalSpecs(cmd: CommandModel, globals: readonly OptionModel[]): string[] {
  const own = new Set(cmd.options.map((o) => o.long));
  if (!globals.some((g) => own.has(g.long))) return ['"${_mailctl_global_args[@]}"'];
  return globals.filter((g) => !own.has(g.long)).flatMap(optionSpecs);
}

function commandFunction(cmd: CommandModel, globals: readonly OptionModel[]): string {
  const specs = [...globalSpecs(cmd, globals), ...cmd.options.flatMap(optionSpecs)];
  const name = fn(cmd);
  const label = cmd.path.length ? `${cmd.path.join(' ')} command` : 'command';
  if (cmd.commands.length === 0) {
    specs.push(...cmd.args.map(argSpec));
    return `${name}() {\n  _arguments -s -S \\\n    ${specs.join(' \\\n    ')}\n}\n`;
  }
  const dispatch = cmd.commands.map((sub) => `        ${shQuote(sub.name)}) ${fn(sub)} && ret=0 ;;`).join('\n');
  return `${name}() {
  local curcontext="$curcontext" state state_descr line ret=1
  local -a reply
  typeset -A opt_args
  _arguments -C -s -S \\
    ${specs.join(' \\\n    ')} \\
    '(-): :->command' \\
    '(-)*:: :->argument' && ret=0
  case $state in
    command)
      _mailctl_subcommands_of ${shQuote(cmd.path.join(' '))}
      _describe -t commands ${shQuote(label)} reply && ret=0
      ;;
    argument)
      curcontext="\${curcontext%:*:*}:${['mailctl', ...cmd.path].join('-')}-$words[1]:"
      case $words[1] in
${dispatch}
        *) _message "unknown command: $words[1]" ;;
      esac
      ;;
  esac
  return ret
}
`;
}

export function zshScript(program: ProgramModel): string {
  const name = program.name;
  const commands = commandsOf(program);
  const subcommandCases = commands
    .filter((c) => c.commands.length > 0)
    .map((c) => {
      const items = c.commands.map((s) => `      ${shQuote(`${s.name}:${oneLine(s.description)}`)}`);
      return `    ${shQuote(c.path.join(' '))})\n      reply=(\n${items.map((i) => `  ${i}`).join('\n')}\n      )\n      ;;`;
    });
  const helpArg = commands.flatMap((c) => c.args).find((a) => a.values?.kind === 'help');
  const topics = helpArg?.values?.kind === 'help' ? helpArg.values.topics : [];
  const globals = program.globals.flatMap(optionSpecs);

  return `#compdef ${name}
# zsh completion for ${name}
# ${HEADER_NOTE}
# Install: mailctl completion zsh > "\${fpath[1]}/_mailctl"   (a directory of your $fpath; then restart zsh)
#      or: echo 'source <(mailctl completion zsh)' >> ~/.zshrc   (after compinit)

typeset -ga _mailctl_global_args
_mailctl_global_args=(
  ${globals.join('\n  ')}
)

# Sets reply to the subcommands of command path $1, as name:description.
_mailctl_subcommands_of() {
  case "$1" in
${subcommandCases.join('\n')}
    *) reply=() ;;
  esac
}

_mailctl_profiles() {
  local -a profiles
  profiles=(\${(f)"$(_call_program profiles ${name} completion profiles 2>/dev/null)"})
  _wanted profiles expl 'profile' compadd -a profiles
}

# mailctl help [topic | command [subcommand]]
_mailctl_help_words() {
  local -a prior reply
  prior=(\${words[2,CURRENT-1]:#-*})
  _mailctl_subcommands_of "\${(j: :)prior}"
  (( \${#prior} == 0 )) && reply=(${topics.map((t) => shQuote(`${t.name}:${oneLine(t.summary)}`)).join(' ')} $reply)
  (( \${#reply} )) && _describe -t help 'topic or command' reply
}

${commands.map((c) => commandFunction(c, program.globals)).join('\n')}
if [[ "\${funcstack[1]}" == _mailctl ]]; then
  _mailctl "$@"
else
  compdef _mailctl ${name}
fi
`;
}
