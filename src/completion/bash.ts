import type { ArgModel, CommandModel, ProgramModel, ValueSource } from './model.js';
import { commandsOf, HEADER_NOTE, shQuote, valueFlags, words } from './shell.js';

// bash completion, written for bash 3.2 too (macOS): no associative arrays,
// `compopt` only when it exists. The command tree becomes `case` tables; one
// function walks COMP_WORDS to find the command path, skipping options and
// their values, and completes subcommands, flags, flag values or arguments.

function caseLine(pattern: string, body: string): string {
  return `    ${pattern}) ${body} ;;`;
}

function valueBody(values: ValueSource | undefined): string {
  if (!values) return '__mailctl_kind=none';
  switch (values.kind) {
    case 'words':
      return `__mailctl_kind=${values.list ? 'list' : 'words'}; __mailctl_words=${shQuote(words(values.words))}`;
    case 'profiles':
      return '__mailctl_kind=profiles';
    case 'files':
      return '__mailctl_kind=files';
    case 'help':
      return `__mailctl_kind=help; __mailctl_words=${shQuote(words(values.topics.map((t) => t.name)))}`;
  }
}

function argPatterns(cmd: CommandModel): string[] {
  const key = cmd.path.join(' ');
  const lines: string[] = [];
  const hasValues = cmd.args.some((a) => a.values);
  if (!hasValues) return lines;
  cmd.args.forEach((arg: ArgModel, index) => {
    const pattern = arg.variadic ? `${shQuote(`${key} #`)}*` : shQuote(`${key} #${index}`);
    lines.push(caseLine(pattern, valueBody(arg.values)));
  });
  return lines;
}

export function bashScript(program: ProgramModel): string {
  const name = program.name;
  const commands = commandsOf(program);
  const globalFlags = program.globals.flatMap((o) => (o.long ? [o.long] : []));
  const globalValueFlags = valueFlags(program.globals);

  const subcommands = commands
    .filter((c) => c.commands.length > 0)
    .map((c) => caseLine(shQuote(c.path.join(' ')), `__mailctl_words=${shQuote(words(c.commands.map((s) => s.name)))}`));

  // commands whose only flag is --help fall through to the default branch
  const flags = commands
    .map((c) => ({ path: c.path.join(' '), longs: words(c.options.flatMap((o) => (o.long && !globalFlags.includes(o.long) ? [o.long] : []))) }))
    .filter((c) => c.longs !== '--help')
    .map((c) => caseLine(shQuote(c.path), `__mailctl_words=${shQuote(c.longs)}`));

  const ownValueFlags = commands.flatMap((c) => valueFlags(c.options).map((f) => ({ key: `${c.path.join(' ')} ${f.flag}`, ...f })));
  const takesValue = commands
    .map((c) => valueFlags(c.options).map((f) => shQuote(`${c.path.join(' ')} ${f.flag}`)))
    .filter((keys) => keys.length > 0)
    .map((keys) => caseLine(keys.join('|'), 'return 0'));

  const values = [
    ...ownValueFlags.filter((f) => f.values).map((f) => caseLine(shQuote(f.key), valueBody(f.values))),
    ...commands.flatMap(argPatterns),
    ...globalValueFlags.filter((f) => f.values).map((f) => caseLine(`*${shQuote(` ${f.flag}`)}`, valueBody(f.values))),
  ];

  return `# bash completion for ${name}
# ${HEADER_NOTE}
# Install: mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl
#      or: echo 'source <(mailctl completion bash)' >> ~/.bashrc

# Sets __mailctl_words to the subcommands of command path $1.
__mailctl_subcommands() {
  case "$1" in
${subcommands.join('\n')}
    *) __mailctl_words='' ;;
  esac
}

# Sets __mailctl_words to the flags of command path $1, global flags included.
__mailctl_flags() {
  case "$1" in
${flags.join('\n')}
    *) __mailctl_words='--help' ;;
  esac
  __mailctl_words="$__mailctl_words ${words(globalFlags)}"
}

# Succeeds when flag $2 takes a value in command path $1.
__mailctl_takes_value() {
  case "$2" in
    ${globalValueFlags.map((f) => f.flag).join('|') || "''"}) return 0 ;;
  esac
  case "$1 $2" in
${takesValue.join('\n')}
  esac
  return 1
}

# Sets __mailctl_kind (words, list, profiles, files, help or none) and
# __mailctl_words for flag $2 of command path $1, or for its argument "#N".
__mailctl_values() {
  __mailctl_words=''
  case "$1 $2" in
${values.join('\n')}
    *) __mailctl_kind=none ;;
  esac
}

__mailctl_is_word() {
  local word="$1" w
  shift
  for w; do [[ $w == "$word" ]] && return 0; done
  return 1
}

# Adds to COMPREPLY the values of __mailctl_kind that start with $1; $2 is kept in front (--flag=).
__mailctl_complete_value() {
  local cur="$1" prefix="$2" head='' w line avail=''
  case "$__mailctl_kind" in
    words)
      COMPREPLY+=($(compgen -P "$prefix" -W "$__mailctl_words" -- "$cur"))
      ;;
    list)
      # a comma-separated list: complete the item after the last comma, skip the items already given
      [[ $cur == *,* ]] && head="\${cur%,*},"
      for w in $__mailctl_words; do [[ ,$head == *",$w,"* ]] || avail="$avail $w"; done
      COMPREPLY+=($(compgen -P "$prefix$head" -W "$avail" -- "\${cur##*,}"))
      type compopt >/dev/null 2>&1 && compopt -o nospace 2>/dev/null
      ;;
    profiles)
      while IFS= read -r line; do
        [[ -n $line && $line == "$cur"* ]] && COMPREPLY+=("$prefix$line")
      done < <(${name} completion profiles 2>/dev/null)
      ;;
    files)
      type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
      while IFS= read -r line; do COMPREPLY+=("$prefix$line"); done < <(compgen -f -- "$cur")
      ;;
  esac
}

_mailctl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev='' path='' w i dashdash='' flag='' vcur='' prefix=''
  local __mailctl_words='' __mailctl_kind=''
  local -a args=()
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()

  # The command path and the arguments typed before the cursor.
  for (( i = 1; i < COMP_CWORD; i++ )); do
    w="\${COMP_WORDS[i]}"
    if [[ -z $dashdash && $w == -?* ]]; then
      if [[ $w == -- ]]; then
        dashdash=1
      elif [[ \${COMP_WORDS[i+1]} == '=' ]]; then
        (( i += 2 ))  # --flag=value, split at "=" by COMP_WORDBREAKS
      elif [[ $w != *=* ]] && __mailctl_takes_value "$path" "$w"; then
        (( i += 1 ))
      fi
      continue
    fi
    if (( \${#args[@]} == 0 )); then
      __mailctl_subcommands "$path"
      if __mailctl_is_word "$w" $__mailctl_words; then
        path="\${path:+$path }$w"
        continue
      fi
    fi
    args+=("$w")
  done

  # The value of a flag: "--flag value", "--flag=value" whole or split at "=".
  if [[ -z $dashdash ]]; then
    if [[ $cur == '=' && $prev == -?* ]]; then
      flag="$prev"
    elif [[ $prev == '=' ]] && (( COMP_CWORD > 1 )) && [[ \${COMP_WORDS[COMP_CWORD-2]} == -?* ]]; then
      flag="\${COMP_WORDS[COMP_CWORD-2]}" vcur="$cur"
    elif [[ $cur == --*=* ]]; then
      flag="\${cur%%=*}" vcur="\${cur#*=}" prefix="\${cur%%=*}="
    elif [[ $prev == -?* && $prev != *=* ]]; then
      flag="$prev" vcur="$cur"
    fi
    if [[ -n $flag ]] && __mailctl_takes_value "$path" "$flag"; then
      __mailctl_values "$path" "$flag"
      __mailctl_complete_value "$vcur" "$prefix"
      return 0
    fi
    if [[ $cur == -* ]]; then
      __mailctl_flags "$path"
      COMPREPLY=($(compgen -W "$__mailctl_words" -- "$cur"))
      return 0
    fi
  fi

  if (( \${#args[@]} == 0 )); then
    __mailctl_subcommands "$path"
    [[ -n $__mailctl_words ]] && COMPREPLY=($(compgen -W "$__mailctl_words" -- "$cur"))
  fi
  __mailctl_values "$path" "#\${#args[@]}"
  if [[ $__mailctl_kind == help ]]; then
    # mailctl help [topic | command [subcommand]]
    local topics="$__mailctl_words"
    __mailctl_subcommands "\${args[*]}"
    (( \${#args[@]} == 0 )) && __mailctl_words="$topics $__mailctl_words"
    __mailctl_kind=words
  fi
  __mailctl_complete_value "$cur" ''
  return 0
}

complete -F _mailctl ${name}
`;
}
