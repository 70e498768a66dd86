# bash completion for mailctl
# Generated from the command tree by `mailctl completion SHELL`; do not edit (npm run completions).
# Install: mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl
#      or: echo 'source <(mailctl completion bash)' >> ~/.bashrc

# Sets __mailctl_words to the subcommands of command path $1.
__mailctl_subcommands() {
  case "$1" in
    '') __mailctl_words='events email campaign contact segment topic property lists webhook domain template project report auth profile config doctor api emulator completion commands mcp help' ;;
    'events') __mailctl_words='list sync prune' ;;
    'email') __mailctl_words='send list show scheduled cancel' ;;
    'campaign') __mailctl_words='list show events schedule check unschedule send' ;;
    'contact') __mailctl_words='list show create import update delete subscribe unsubscribe' ;;
    'segment') __mailctl_words='list show create update delete' ;;
    'topic') __mailctl_words='list show create update delete' ;;
    'property') __mailctl_words='list show create update delete' ;;
    'lists') __mailctl_words='list show create update delete add remove attach detach' ;;
    'webhook') __mailctl_words='list show create set delete listen forward' ;;
    'domain') __mailctl_words='list show add verify remove' ;;
    'template') __mailctl_words='list show tags create update delete pull push' ;;
    'project') __mailctl_words='list' ;;
    'auth') __mailctl_words='login status logout' ;;
    'profile') __mailctl_words='list use remove' ;;
    'config') __mailctl_words='get set unset list' ;;
    *) __mailctl_words='' ;;
  esac
}

# Sets __mailctl_words to the flags of command path $1, global flags included.
__mailctl_flags() {
  case "$1" in
    '') __mailctl_words='--version --help' ;;
    'events list') __mailctl_words='--events --recipient --from --to --transmission --bounce-class --per-page --cursor --all --limit --follow --db --help' ;;
    'events sync') __mailctl_words='--db --from --events --overlap --dry-run --no-wait --help' ;;
    'events prune') __mailctl_words='--before --db --dry-run --yes --help' ;;
    'email send') __mailctl_words='--to --cc --bcc --from --from-name --reply-to --reply-to-name --subject --tag --header --metadata --no-track-opens --no-track-clicks --transactional --no-transactional --inline-css --no-inline-css --perform-substitutions --no-perform-substitutions --html --text --amp-html --template --template-version --project --var --attach --at --dry-run --help' ;;
    'email list') __mailctl_words='--recipient --from --to --per-page --cursor --all --limit --help' ;;
    'email show') __mailctl_words='--from --to --db --help' ;;
    'email cancel') __mailctl_words='--if-scheduled --yes --if-exists --dry-run --help' ;;
    'campaign list') __mailctl_words='--status --page --per-page --all --limit --help' ;;
    'campaign show') __mailctl_words='--html --html-out --help' ;;
    'campaign events') __mailctl_words='--type --email --since --until --per-page --cursor --all --limit --help' ;;
    'campaign schedule') __mailctl_words='--at --check --min-lead --health --dry-run --help' ;;
    'campaign check') __mailctl_words='--at --min-lead --health --help' ;;
    'campaign unschedule') __mailctl_words='--if-scheduled --dry-run --help' ;;
    'campaign send') __mailctl_words='--check --yes --dry-run --help' ;;
    'contact list') __mailctl_words='--search --status --list --segment --page --per-page --all --limit --help' ;;
    'contact create') __mailctl_words='--email --list --property --confirm-from --confirm-from-name --confirm-subject --confirm-template --confirm-redirect-url --dry-run --help' ;;
    'contact import') __mailctl_words='--column --list --property --skip --dry-run --help' ;;
    'contact update') __mailctl_words='--email --status --property --unset-property --dry-run --help' ;;
    'contact delete') __mailctl_words='--yes --if-exists --dry-run --help' ;;
    'contact subscribe') __mailctl_words='--topic --dry-run --help' ;;
    'contact unsubscribe') __mailctl_words='--topic --if-exists --dry-run --help' ;;
    'segment list') __mailctl_words='--list --page --per-page --all --limit --help' ;;
    'segment create') __mailctl_words='--name --list --where --or-group --conditions --dry-run --help' ;;
    'segment update') __mailctl_words='--name --list --where --or-group --conditions --dry-run --all-contacts --help' ;;
    'segment delete') __mailctl_words='--yes --if-exists --dry-run --help' ;;
    'topic list') __mailctl_words='--page --per-page --all --limit --help' ;;
    'topic create') __mailctl_words='--name --description --default-subscription --visibility --dry-run --help' ;;
    'topic update') __mailctl_words='--name --description --clear-description --visibility --dry-run --help' ;;
    'topic delete') __mailctl_words='--yes --if-exists --dry-run --help' ;;
    'property list') __mailctl_words='--page --per-page --all --limit --help' ;;
    'property create') __mailctl_words='--name --type --fallback-value --dry-run --help' ;;
    'property update') __mailctl_words='--fallback-value --clear-fallback --dry-run --help' ;;
    'property delete') __mailctl_words='--yes --if-exists --dry-run --help' ;;
    'lists list') __mailctl_words='--page --per-page --all --limit --help' ;;
    'lists create') __mailctl_words='--name --dry-run --help' ;;
    'lists update') __mailctl_words='--name --dry-run --help' ;;
    'lists delete') __mailctl_words='--yes --if-exists --dry-run --help' ;;
    'lists add') __mailctl_words='--contact --dry-run --help' ;;
    'lists remove') __mailctl_words='--contact --yes --if-exists --dry-run --help' ;;
    'lists attach') __mailctl_words='--contact --list --contacts-file --lists-file --column --dry-run --help' ;;
    'lists detach') __mailctl_words='--contact --list --contacts-file --lists-file --column --dry-run --yes --help' ;;
    'webhook list') __mailctl_words='--all --limit --help' ;;
    'webhook create') __mailctl_words='--name --url --events --auth-type --auth-username --auth-password-stdin --oauth-token-url --oauth-client-id --oauth-client-secret-stdin --dry-run --help' ;;
    'webhook set') __mailctl_words='--name --url --events --enable --disable --auth-type --auth-username --auth-password-stdin --oauth-token-url --oauth-client-id --oauth-client-secret-stdin --dry-run --help' ;;
    'webhook delete') __mailctl_words='--yes --if-exists --dry-run --help' ;;
    'webhook listen') __mailctl_words='--port --auth-type --auth-username --auth-password-stdin --bearer-token-stdin --signing-secret-stdin --respond --forward-to --count --expect --help' ;;
    'webhook forward') __mailctl_words='--to --events --auth-type --auth-username --auth-password-stdin --bearer-token-stdin --signing-secret-stdin --retry-schedule --poll-interval --help' ;;
    'domain list') __mailctl_words='--all --limit --help' ;;
    'domain show') __mailctl_words='--zone --help' ;;
    'domain add') __mailctl_words='--dry-run --help' ;;
    'domain verify') __mailctl_words='--wait --dry-run --help' ;;
    'domain remove') __mailctl_words='--yes --if-exists --dry-run --help' ;;
    'template list') __mailctl_words='--project --page --per-page --all --limit --help' ;;
    'template show') __mailctl_words='--project --html --help' ;;
    'template tags') __mailctl_words='--project --version --help' ;;
    'template create') __mailctl_words='--name --html --project --folder --dry-run --help' ;;
    'template update') __mailctl_words='--name --html --project --dry-run --help' ;;
    'template delete') __mailctl_words='--project --yes --if-exists --dry-run --help' ;;
    'template pull') __mailctl_words='--dir --project --help' ;;
    'template push') __mailctl_words='--dir --project --force --dry-run --help' ;;
    'project list') __mailctl_words='--page --per-page --all --limit --help' ;;
    'report') __mailctl_words='--from --to --campaign --db --by --judge --compare --fail-on --html --help' ;;
    'auth login') __mailctl_words='--no-verify --storage --help' ;;
    'doctor') __mailctl_words='--db --help' ;;
    'api') __mailctl_words='--field --raw-field --query --input --paginate --dry-run --help' ;;
    'emulator') __mailctl_words='--host --allow-remote --port --seed --events --contacts --lists --rate-limit --latency --fault-rate --scenario --tls --live --no-live --log --domains-verified --auth-lockout --env --webhook-retry-scale --help' ;;
    'mcp') __mailctl_words='--read-only --help' ;;
    *) __mailctl_words='--help' ;;
  esac
  __mailctl_words="$__mailctl_words --profile --base-url --output --json --ndjson --csv --fields --timeout --retries --verbose --quiet --no-color --utc --csv-raw --no-pager"
}

# Succeeds when flag $2 takes a value in command path $1.
__mailctl_takes_value() {
  case "$2" in
    --profile|--base-url|-o|--output|--fields|--timeout|--retries) return 0 ;;
  esac
  case "$1 $2" in
    'events list --events'|'events list --recipient'|'events list --from'|'events list --to'|'events list --transmission'|'events list --bounce-class'|'events list --per-page'|'events list --cursor'|'events list --limit'|'events list --db') return 0 ;;
    'events sync --db'|'events sync --from'|'events sync --events'|'events sync --overlap') return 0 ;;
    'events prune --before'|'events prune --db') return 0 ;;
    'email send --to'|'email send --cc'|'email send --bcc'|'email send --from'|'email send --from-name'|'email send --reply-to'|'email send --reply-to-name'|'email send --subject'|'email send --tag'|'email send --header'|'email send --metadata'|'email send --html'|'email send --text'|'email send --amp-html'|'email send --template'|'email send --template-version'|'email send --project'|'email send --var'|'email send --attach'|'email send --at') return 0 ;;
    'email list --recipient'|'email list --from'|'email list --to'|'email list --per-page'|'email list --cursor'|'email list --limit') return 0 ;;
    'email show --from'|'email show --to'|'email show --db') return 0 ;;
    'campaign list --status'|'campaign list --page'|'campaign list --per-page'|'campaign list --limit') return 0 ;;
    'campaign show --html-out') return 0 ;;
    'campaign events --type'|'campaign events --email'|'campaign events --since'|'campaign events --until'|'campaign events --per-page'|'campaign events --cursor'|'campaign events --limit') return 0 ;;
    'campaign schedule --at'|'campaign schedule --min-lead') return 0 ;;
    'campaign check --at'|'campaign check --min-lead'|'campaign check -o'|'campaign check --output') return 0 ;;
    'contact list --search'|'contact list --status'|'contact list --list'|'contact list --segment'|'contact list --page'|'contact list --per-page'|'contact list --limit') return 0 ;;
    'contact create --email'|'contact create --list'|'contact create --property'|'contact create --confirm-from'|'contact create --confirm-from-name'|'contact create --confirm-subject'|'contact create --confirm-template'|'contact create --confirm-redirect-url') return 0 ;;
    'contact import --column'|'contact import --list'|'contact import --property'|'contact import --skip') return 0 ;;
    'contact update --email'|'contact update --status'|'contact update --property'|'contact update --unset-property') return 0 ;;
    'contact subscribe --topic') return 0 ;;
    'contact unsubscribe --topic') return 0 ;;
    'segment list --list'|'segment list --page'|'segment list --per-page'|'segment list --limit') return 0 ;;
    'segment create --name'|'segment create --list'|'segment create --where'|'segment create --or-group'|'segment create --conditions') return 0 ;;
    'segment update --name'|'segment update --list'|'segment update --where'|'segment update --or-group'|'segment update --conditions') return 0 ;;
    'topic list --page'|'topic list --per-page'|'topic list --limit') return 0 ;;
    'topic create --name'|'topic create --description'|'topic create --default-subscription'|'topic create --visibility') return 0 ;;
    'topic update --name'|'topic update --description'|'topic update --visibility') return 0 ;;
    'property list --page'|'property list --per-page'|'property list --limit') return 0 ;;
    'property create --name'|'property create --type'|'property create --fallback-value') return 0 ;;
    'property update --fallback-value') return 0 ;;
    'lists list --page'|'lists list --per-page'|'lists list --limit') return 0 ;;
    'lists create --name') return 0 ;;
    'lists update --name') return 0 ;;
    'lists add --contact') return 0 ;;
    'lists remove --contact') return 0 ;;
    'lists attach --contact'|'lists attach --list'|'lists attach --contacts-file'|'lists attach --lists-file'|'lists attach --column') return 0 ;;
    'lists detach --contact'|'lists detach --list'|'lists detach --contacts-file'|'lists detach --lists-file'|'lists detach --column') return 0 ;;
    'webhook list --limit') return 0 ;;
    'webhook create --name'|'webhook create --url'|'webhook create --events'|'webhook create --auth-type'|'webhook create --auth-username'|'webhook create --oauth-token-url'|'webhook create --oauth-client-id') return 0 ;;
    'webhook set --name'|'webhook set --url'|'webhook set --events'|'webhook set --auth-type'|'webhook set --auth-username'|'webhook set --oauth-token-url'|'webhook set --oauth-client-id') return 0 ;;
    'webhook listen --port'|'webhook listen --auth-type'|'webhook listen --auth-username'|'webhook listen --respond'|'webhook listen --forward-to'|'webhook listen --count'|'webhook listen --expect') return 0 ;;
    'webhook forward --to'|'webhook forward --events'|'webhook forward --auth-type'|'webhook forward --auth-username'|'webhook forward --retry-schedule'|'webhook forward --poll-interval') return 0 ;;
    'domain list --limit') return 0 ;;
    'domain verify --wait'|'domain verify -o'|'domain verify --output') return 0 ;;
    'template list --project'|'template list --page'|'template list --per-page'|'template list --limit') return 0 ;;
    'template show --project') return 0 ;;
    'template tags --project'|'template tags --version') return 0 ;;
    'template create --name'|'template create --html'|'template create --json'|'template create --project'|'template create --folder') return 0 ;;
    'template update --name'|'template update --html'|'template update --json'|'template update --project') return 0 ;;
    'template delete --project') return 0 ;;
    'template pull --dir'|'template pull --project') return 0 ;;
    'template push --dir'|'template push --project') return 0 ;;
    'project list --page'|'project list --per-page'|'project list --limit') return 0 ;;
    'report --from'|'report --to'|'report --campaign'|'report --db'|'report --by'|'report --judge'|'report --compare'|'report --fail-on'|'report --html'|'report -o'|'report --output') return 0 ;;
    'auth login --storage') return 0 ;;
    'doctor --db'|'doctor -o'|'doctor --output') return 0 ;;
    'api -F'|'api --field'|'api -f'|'api --raw-field'|'api --query'|'api --input') return 0 ;;
    'emulator --host'|'emulator --port'|'emulator --seed'|'emulator --events'|'emulator --contacts'|'emulator --lists'|'emulator --rate-limit'|'emulator --latency'|'emulator --fault-rate'|'emulator --scenario'|'emulator --webhook-retry-scale') return 0 ;;
  esac
  return 1
}

# Sets __mailctl_kind (words, list, profiles, files, help or none) and
# __mailctl_words for flag $2 of command path $1, or for its argument "#N".
__mailctl_values() {
  __mailctl_words=''
  case "$1 $2" in
    'events list --events') __mailctl_kind=list; __mailctl_words='injection delivery bounce delay out_of_band spam_complaint policy_rejection click open initial_open amp_click amp_open amp_initial_open generation_failure generation_rejection list_unsubscribe link_unsubscribe' ;;
    'events list --db') __mailctl_kind=files ;;
    'events sync --db') __mailctl_kind=files ;;
    'events sync --events') __mailctl_kind=list; __mailctl_words='injection delivery bounce delay out_of_band spam_complaint policy_rejection click open initial_open amp_click amp_open amp_initial_open generation_failure generation_rejection list_unsubscribe link_unsubscribe' ;;
    'events prune --db') __mailctl_kind=files ;;
    'email send --html') __mailctl_kind=files ;;
    'email send --text') __mailctl_kind=files ;;
    'email send --amp-html') __mailctl_kind=files ;;
    'email send --attach') __mailctl_kind=files ;;
    'email show --db') __mailctl_kind=files ;;
    'campaign list --status') __mailctl_kind=words; __mailctl_words='draft scheduled preparing in_review sending sent failed' ;;
    'campaign show --html-out') __mailctl_kind=files ;;
    'campaign events --type') __mailctl_kind=words; __mailctl_words='injection delivery bounce spam_complaint open click list_unsubscribe' ;;
    'campaign check -o') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'campaign check --output') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'contact list --status') __mailctl_kind=words; __mailctl_words='subscribed unsubscribed bounced complained unverified' ;;
    'contact update --status') __mailctl_kind=words; __mailctl_words='subscribed unsubscribed' ;;
    'segment create --conditions') __mailctl_kind=files ;;
    'segment update --conditions') __mailctl_kind=files ;;
    'topic create --default-subscription') __mailctl_kind=words; __mailctl_words='opt_in opt_out' ;;
    'topic create --visibility') __mailctl_kind=words; __mailctl_words='public private' ;;
    'topic update --visibility') __mailctl_kind=words; __mailctl_words='public private' ;;
    'property create --type') __mailctl_kind=words; __mailctl_words='string number boolean date json' ;;
    'lists attach --contacts-file') __mailctl_kind=files ;;
    'lists attach --lists-file') __mailctl_kind=files ;;
    'lists detach --contacts-file') __mailctl_kind=files ;;
    'lists detach --lists-file') __mailctl_kind=files ;;
    'webhook create --events') __mailctl_kind=list; __mailctl_words='message.injection message.delivery message.bounce message.delay message.out_of_band message.spam_complaint message.policy_rejection engagement.click engagement.open engagement.initial_open engagement.amp_click engagement.amp_open engagement.amp_initial_open generation.generation_failure generation.generation_rejection unsubscribe.list_unsubscribe unsubscribe.link_unsubscribe relay.relay_injection relay.relay_rejection relay.relay_delivery relay.relay_tempfail relay.relay_permfail' ;;
    'webhook create --auth-type') __mailctl_kind=words; __mailctl_words='none basic oauth2' ;;
    'webhook set --events') __mailctl_kind=list; __mailctl_words='message.injection message.delivery message.bounce message.delay message.out_of_band message.spam_complaint message.policy_rejection engagement.click engagement.open engagement.initial_open engagement.amp_click engagement.amp_open engagement.amp_initial_open generation.generation_failure generation.generation_rejection unsubscribe.list_unsubscribe unsubscribe.link_unsubscribe relay.relay_injection relay.relay_rejection relay.relay_delivery relay.relay_tempfail relay.relay_permfail' ;;
    'webhook set --auth-type') __mailctl_kind=words; __mailctl_words='none basic oauth2' ;;
    'webhook listen --auth-type') __mailctl_kind=words; __mailctl_words='none basic oauth2' ;;
    'webhook forward --events') __mailctl_kind=list; __mailctl_words='message.injection message.delivery message.bounce message.delay message.out_of_band message.spam_complaint message.policy_rejection engagement.click engagement.open engagement.initial_open engagement.amp_click engagement.amp_open engagement.amp_initial_open generation.generation_failure generation.generation_rejection unsubscribe.list_unsubscribe unsubscribe.link_unsubscribe relay.relay_injection relay.relay_rejection relay.relay_delivery relay.relay_tempfail relay.relay_permfail' ;;
    'webhook forward --auth-type') __mailctl_kind=words; __mailctl_words='none basic oauth2' ;;
    'webhook forward --retry-schedule') __mailctl_kind=words; __mailctl_words='compressed service' ;;
    'domain verify -o') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'domain verify --output') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'template create --html') __mailctl_kind=files ;;
    'template create --json') __mailctl_kind=files ;;
    'template update --html') __mailctl_kind=files ;;
    'template update --json') __mailctl_kind=files ;;
    'template pull --dir') __mailctl_kind=files ;;
    'template push --dir') __mailctl_kind=files ;;
    'report --db') __mailctl_kind=files ;;
    'report --by') __mailctl_kind=words; __mailctl_words='day hour type domain provider bounce-class' ;;
    'report --judge') __mailctl_kind=list; __mailctl_words='bounce complaint open click' ;;
    'report --fail-on') __mailctl_kind=list; __mailctl_words='warning critical rising' ;;
    'report --html') __mailctl_kind=files ;;
    'report -o') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'report --output') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'auth login --storage') __mailctl_kind=words; __mailctl_words='file keychain' ;;
    'doctor --db') __mailctl_kind=files ;;
    'doctor -o') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'doctor --output') __mailctl_kind=words; __mailctl_words='table json ndjson csv markdown' ;;
    'api --input') __mailctl_kind=files ;;
    'emulator --scenario') __mailctl_kind=words; __mailctl_words='mixed healthy critical-complaint' ;;
    'contact import #0') __mailctl_kind=files ;;
    'profile use #0') __mailctl_kind=profiles ;;
    'profile remove #0') __mailctl_kind=profiles ;;
    'config get #0') __mailctl_kind=words; __mailctl_words='base_url output timeout retries' ;;
    'config set #0') __mailctl_kind=words; __mailctl_words='base_url output timeout retries' ;;
    'config set #1') __mailctl_kind=none ;;
    'config unset #0') __mailctl_kind=words; __mailctl_words='base_url output timeout retries' ;;
    'api #0') __mailctl_kind=words; __mailctl_words='GET POST PUT PATCH DELETE' ;;
    'api #1') __mailctl_kind=none ;;
    'completion #0') __mailctl_kind=words; __mailctl_words='bash zsh fish' ;;
    'help #'*) __mailctl_kind=help; __mailctl_words='exit-codes environment formats' ;;
    *' --profile') __mailctl_kind=profiles ;;
    *' -o') __mailctl_kind=words; __mailctl_words='table json ndjson csv' ;;
    *' --output') __mailctl_kind=words; __mailctl_words='table json ndjson csv' ;;
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
      [[ $cur == *,* ]] && head="${cur%,*},"
      for w in $__mailctl_words; do [[ ,$head == *",$w,"* ]] || avail="$avail $w"; done
      COMPREPLY+=($(compgen -P "$prefix$head" -W "$avail" -- "${cur##*,}"))
      type compopt >/dev/null 2>&1 && compopt -o nospace 2>/dev/null
      ;;
    profiles)
      while IFS= read -r line; do
        [[ -n $line && $line == "$cur"* ]] && COMPREPLY+=("$prefix$line")
      done < <(mailctl completion profiles 2>/dev/null)
      ;;
    files)
      type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
      while IFS= read -r line; do COMPREPLY+=("$prefix$line"); done < <(compgen -f -- "$cur")
      ;;
  esac
}

_mailctl() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev='' path='' w i dashdash='' flag='' vcur='' prefix=''
  local __mailctl_words='' __mailctl_kind=''
  local -a args=()
  (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()

  # The command path and the arguments typed before the cursor.
  for (( i = 1; i < COMP_CWORD; i++ )); do
    w="${COMP_WORDS[i]}"
    if [[ -z $dashdash && $w == -?* ]]; then
      if [[ $w == -- ]]; then
        dashdash=1
      elif [[ ${COMP_WORDS[i+1]} == '=' ]]; then
        (( i += 2 ))  # --flag=value, split at "=" by COMP_WORDBREAKS
      elif [[ $w != *=* ]] && __mailctl_takes_value "$path" "$w"; then
        (( i += 1 ))
      fi
      continue
    fi
    if (( ${#args[@]} == 0 )); then
      __mailctl_subcommands "$path"
      if __mailctl_is_word "$w" $__mailctl_words; then
        path="${path:+$path }$w"
        continue
      fi
    fi
    args+=("$w")
  done

  # The value of a flag: "--flag value", "--flag=value" whole or split at "=".
  if [[ -z $dashdash ]]; then
    if [[ $cur == '=' && $prev == -?* ]]; then
      flag="$prev"
    elif [[ $prev == '=' ]] && (( COMP_CWORD > 1 )) && [[ ${COMP_WORDS[COMP_CWORD-2]} == -?* ]]; then
      flag="${COMP_WORDS[COMP_CWORD-2]}" vcur="$cur"
    elif [[ $cur == --*=* ]]; then
      flag="${cur%%=*}" vcur="${cur#*=}" prefix="${cur%%=*}="
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

  if (( ${#args[@]} == 0 )); then
    __mailctl_subcommands "$path"
    [[ -n $__mailctl_words ]] && COMPREPLY=($(compgen -W "$__mailctl_words" -- "$cur"))
  fi
  __mailctl_values "$path" "#${#args[@]}"
  if [[ $__mailctl_kind == help ]]; then
    # mailctl help [topic | command [subcommand]]
    local topics="$__mailctl_words"
    __mailctl_subcommands "${args[*]}"
    (( ${#args[@]} == 0 )) && __mailctl_words="$topics $__mailctl_words"
    __mailctl_kind=words
  fi
  __mailctl_complete_value "$cur" ''
  return 0
}

complete -F _mailctl mailctl
