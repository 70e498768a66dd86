# fish completion for mailctl
# Generated from the command tree by `mailctl completion SHELL`; do not edit (npm run completions).
# Install: mailctl completion fish > ~/.config/fish/completions/mailctl.fish

# Prints the subcommands of command path $argv[1], one per line.
function __mailctl_subcommands
    switch "$argv[1]"
        case ''
            printf '%s\n' events email campaign contact segment topic property lists webhook project report auth profile config doctor api emulator completion help
        case 'events'
            printf '%s\n' list sync
        case 'email'
            printf '%s\n' send list show scheduled cancel
        case 'campaign'
            printf '%s\n' list show events schedule check unschedule send
        case 'contact'
            printf '%s\n' show
        case 'segment'
            printf '%s\n' show
        case 'topic'
            printf '%s\n' update
        case 'property'
            printf '%s\n' update
        case 'lists'
            printf '%s\n' attach detach
        case 'webhook'
            printf '%s\n' list set listen forward
        case 'project'
            printf '%s\n' list
        case 'auth'
            printf '%s\n' login status logout
        case 'profile'
            printf '%s\n' list use remove
        case 'config'
            printf '%s\n' get set unset list
    end
end

# Succeeds when flag $argv[2] takes a value in command path $argv[1].
function __mailctl_takes_value
    switch $argv[2]
        case --profile --base-url -o --output --fields --timeout --retries
            return 0
    end
    switch "$argv[1] $argv[2]"
        case 'events list --events' 'events list --recipient' 'events list --from' 'events list --to' 'events list --transmission' 'events list --bounce-class' 'events list --per-page' 'events list --cursor' 'events list --limit' 'events list --db' 'events sync --db' 'events sync --from' 'events sync --events' 'events sync --overlap' 'email send --to' 'email send --cc' 'email send --bcc' 'email send --from' 'email send --from-name' 'email send --reply-to' 'email send --subject' 'email send --tag' 'email send --header' 'email send --metadata' 'email send --html' 'email send --text' 'email send --template' 'email send --var' 'email send --attach' 'email send --at' 'email list --recipient' 'email list --from' 'email list --to' 'email list --per-page' 'email list --cursor' 'email list --limit' 'email show --from' 'email show --to' 'email show --db' 'campaign list --status' 'campaign list --page' 'campaign list --per-page' 'campaign list --limit' 'campaign show --html-out' 'campaign events --type' 'campaign events --email' 'campaign events --since' 'campaign events --until' 'campaign events --per-page' 'campaign events --cursor' 'campaign events --limit' 'campaign schedule --at' 'campaign check --at' 'campaign check --min-lead' 'topic update --name' 'topic update --description' 'topic update --visibility' 'property update --fallback-value' 'lists attach --contact' 'lists attach --list' 'lists attach --contacts-file' 'lists attach --lists-file' 'lists attach --column' 'lists detach --contact' 'lists detach --list' 'lists detach --contacts-file' 'lists detach --lists-file' 'lists detach --column' 'webhook list --limit' 'webhook set --name' 'webhook set --url' 'webhook set --events' 'webhook set --auth-type' 'webhook set --auth-username' 'webhook set --oauth-token-url' 'webhook set --oauth-client-id' 'webhook listen --port' 'webhook listen --auth-type' 'webhook listen --auth-username' 'webhook listen --respond' 'webhook listen --forward-to' 'webhook listen --count' 'webhook listen --expect' 'webhook forward --to' 'webhook forward --events' 'webhook forward --auth-type' 'webhook forward --auth-username' 'webhook forward --retry-schedule' 'webhook forward --poll-interval' 'project list --page' 'project list --per-page' 'project list --limit' 'report --from' 'report --to' 'report --campaign' 'report --db' 'report --by' 'report --judge' 'report --fail-on' 'report --html' 'auth login --storage' 'api -F' 'api --field' 'api -f' 'api --raw-field' 'api --query' 'api --input' 'emulator --host' 'emulator --port' 'emulator --seed' 'emulator --events' 'emulator --contacts' 'emulator --lists' 'emulator --rate-limit' 'emulator --latency' 'emulator --fault-rate' 'emulator --scenario' 'emulator --webhook-retry-scale'
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
    command mailctl completion profiles 2>/dev/null
end

# mailctl help [topic | command [subcommand]]
function __mailctl_help_words
    __mailctl_walk
    if test (count $__mailctl_args) = 0
        printf '%s\t%s\n' exit-codes 'what each exit status means, for scripts and CI'
        printf '%s\t%s\n' environment 'environment variables, and which setting wins'
        printf '%s\t%s\n' formats 'table, json, ndjson and csv; --fields; stdout/stderr'
    end
    __mailctl_subcommands (string join ' ' -- $__mailctl_args)
end

complete -c mailctl -f
complete -c mailctl -s h -l help -d 'show help'
complete -c mailctl -l profile -x -a '(__mailctl_profiles)' -d 'config profile to use (env MAILCTL_PROFILE)'
complete -c mailctl -l base-url -x -d 'API root (env MAILCTL_BASE_URL, else the profile\'s)'
complete -c mailctl -s o -l output -x -a 'table json ndjson csv' -d 'output format'
complete -c mailctl -l json -d 'short for --output json'
complete -c mailctl -l ndjson -d 'short for --output ndjson'
complete -c mailctl -l fields -x -d 'columns for table/csv, keys kept in json/ndjson (comma-separated)'
complete -c mailctl -l timeout -x -d 'per-request timeout, e.g. 30s, 500ms, 2m (default: 30s)'
complete -c mailctl -l retries -x -d 'retries on 429, 5xx and network errors (0-10; default: 3)'
complete -c mailctl -s v -l verbose -d 'one line per HTTP request on stderr, secrets redacted'
complete -c mailctl -s q -l quiet -d 'no progress, notices or hints on stderr'
complete -c mailctl -l no-color -d 'no colour (also NO_COLOR=1); colour is only used on a TTY anyway'
complete -c mailctl -l utc -d 'times on a terminal in UTC instead of the local zone (TZ); headers name the zone'
complete -c mailctl -l csv-raw -d 'CSV cells exactly as sent: no quote before text that a spreadsheet would run as a formula (=, +, -, @)'
complete -c mailctl -l no-pager -d 'never page long output on a terminal (also MAILCTL_PAGER=); pager: $PAGER, else less -FRX'
complete -c mailctl -n '__mailctl_is ""' -s V -l version -d 'print the version'
complete -c mailctl -n '__mailctl_arg "" 0' -a events -d 'read the delivery and engagement events of the account'
complete -c mailctl -n '__mailctl_arg "" 0' -a email -d 'send email, and look at sent and scheduled emails'
complete -c mailctl -n '__mailctl_arg "" 0' -a campaign -d 'list, inspect, schedule, unschedule and send campaigns, and read their events'
complete -c mailctl -n '__mailctl_arg "" 0' -a contact -d 'look up contacts'
complete -c mailctl -n '__mailctl_arg "" 0' -a segment -d 'look up segments'
complete -c mailctl -n '__mailctl_arg "" 0' -a topic -d 'change subscription topics'
complete -c mailctl -n '__mailctl_arg "" 0' -a property -d 'change contact properties'
complete -c mailctl -n '__mailctl_arg "" 0' -a lists -d 'attach contacts to lists and detach them, thousands at a time'
complete -c mailctl -n '__mailctl_arg "" 0' -a webhook -d 'list webhooks and change where and how they deliver events'
complete -c mailctl -n '__mailctl_arg "" 0' -a project -d 'list the projects that hold the templates'
complete -c mailctl -n '__mailctl_arg "" 0' -a report -d 'how healthy the sending is: counts, rates and verdicts over a window, judged against the service\'s thresholds'
complete -c mailctl -n '__mailctl_arg "" 0' -a auth -d 'save, show and remove the API key of a profile'
complete -c mailctl -n '__mailctl_arg "" 0' -a profile -d 'list, switch and remove config profiles'
complete -c mailctl -n '__mailctl_arg "" 0' -a config -d 'read and change the settings of a profile (base_url, output, timeout, retries)'
complete -c mailctl -n '__mailctl_arg "" 0' -a doctor -d 'is this machine set up right? one row per check, each with the fix; at most four API requests; exit 8 when any check does not pass'
complete -c mailctl -n '__mailctl_arg "" 0' -a api -d 'send any request of the API with the profile\'s key and base URL, retries and pacing; print the JSON answer'
complete -c mailctl -n '__mailctl_arg "" 0' -a emulator -d 'run the bundled API emulator on loopback (for trying mailctl and testing CI scripts without an account)'
complete -c mailctl -n '__mailctl_arg "" 0' -a completion -d 'print the shell completion script: commands, options, option values and profile names'
complete -c mailctl -n '__mailctl_arg "" 0' -a help -d 'show a help topic, or the help of a command'
complete -c mailctl -n '__mailctl_arg "events" 0' -a list -d 'list email events, newest first; --all exports every page, --follow watches for new ones'
complete -c mailctl -n '__mailctl_arg "events" 0' -a sync -d 'copy the account\'s events into a local SQLite archive, incrementally (read it with events list --db)'
complete -c mailctl -n '__mailctl_is "events list"' -l events -x -a '(__mailctl_list_values injection delivery bounce delay out_of_band spam_complaint policy_rejection click open initial_open amp_click amp_open amp_initial_open generation_failure generation_rejection list_unsubscribe link_unsubscribe)' -d 'only these event types, repeatable'
complete -c mailctl -n '__mailctl_is "events list"' -l recipient -x -d 'only events of this recipient (repeatable or comma-separated)'
complete -c mailctl -n '__mailctl_is "events list"' -l from -x -d 'first day, UTC: YYYY-MM-DD, today, yesterday, 7d, 24h (default: 10 days ago)'
complete -c mailctl -n '__mailctl_is "events list"' -l to -x -d 'last day, inclusive, same forms as --from (default: now)'
complete -c mailctl -n '__mailctl_is "events list"' -l transmission -x -d 'only events of this sent email (its request_id)'
complete -c mailctl -n '__mailctl_is "events list"' -l bounce-class -x -d 'only bounces of these classification codes, repeatable or comma-separated'
complete -c mailctl -n '__mailctl_is "events list"' -l per-page -x -d 'events per request (1-100; default: 25 for one page, 100 with --all/--limit)'
complete -c mailctl -n '__mailctl_is "events list"' -l cursor -x -d 'start at this page (the next_cursor of an earlier listing)'
complete -c mailctl -n '__mailctl_is "events list"' -l all -d 'follow every page, writing each as it arrives'
complete -c mailctl -n '__mailctl_is "events list"' -l limit -x -d 'stop after N events (fetches no page it does not need) (1-1000000000)'
complete -c mailctl -n '__mailctl_is "events list"' -s f -l follow -d 'after the newest page, keep printing new events as they arrive until Ctrl-C'
complete -c mailctl -n '__mailctl_is "events list"' -l db -r -F -d 'read the local archive of `events sync` instead of the API: no key, no network (default: the profile\'s archive)'
complete -c mailctl -n '__mailctl_is "events sync"' -l db -r -F -d 'archive file (--db alone: the default) (default: $MAILCTL_DB, else events.sqlite in the data directory, one per profile)'
complete -c mailctl -n '__mailctl_is "events sync"' -l from -x -d 'first run only: first day to copy, YYYY-MM-DD or 30d (default: 90 days ago, the service\'s retention)'
complete -c mailctl -n '__mailctl_is "events sync"' -l events -x -a '(__mailctl_list_values injection delivery bounce delay out_of_band spam_complaint policy_rejection click open initial_open amp_click amp_open amp_initial_open generation_failure generation_rejection list_unsubscribe link_unsubscribe)' -d 'store only these event types, repeatable'
complete -c mailctl -n '__mailctl_is "events sync"' -l overlap -x -d 'later runs re-read this much before the newest archived day, in days or hours (default: 1d, the newest day)'
complete -c mailctl -n '__mailctl_is "events sync"' -l dry-run -d 'print the days it would read and the requests they would cost; send nothing'
complete -c mailctl -n '__mailctl_arg "email" 0' -a send -d 'send an email now, or at --at; prints the request id with accepted and rejected counts'
complete -c mailctl -n '__mailctl_arg "email" 0' -a list -d 'list the emails sent in the last 10 days (or --from/--to), newest first'
complete -c mailctl -n '__mailctl_arg "email" 0' -a show -d 'show a sent email: sender, subject, recipients, state and its events oldest first'
complete -c mailctl -n '__mailctl_arg "email" 0' -a scheduled -d 'show a scheduled email: state, time, sender, subject, recipients and, once sent, its events'
complete -c mailctl -n '__mailctl_arg "email" 0' -a cancel -d 'cancel a scheduled email before its time; asks first (--yes when not on a terminal)'
complete -c mailctl -n '__mailctl_is "email send"' -l to -x -d 'recipient (repeatable or comma list; 50 in all with --cc and --bcc)'
complete -c mailctl -n '__mailctl_is "email send"' -l cc -x -d 'copy recipient (repeatable or comma list)'
complete -c mailctl -n '__mailctl_is "email send"' -l bcc -x -d 'blind copy recipient (repeatable or comma list)'
complete -c mailctl -n '__mailctl_is "email send"' -l from -x -d 'sender address, on an approved sending domain of the team'
complete -c mailctl -n '__mailctl_is "email send"' -l from-name -x -d 'sender display name (at most 255 characters)'
complete -c mailctl -n '__mailctl_is "email send"' -l reply-to -x -d 'reply-to address'
complete -c mailctl -n '__mailctl_is "email send"' -l subject -x -d 'subject (at most 998 characters); required unless --template gives one'
complete -c mailctl -n '__mailctl_is "email send"' -l tag -x -d 'tag of the email (letters, digits, - and _, at most 64); default: the template slug'
complete -c mailctl -n '__mailctl_is "email send"' -l header -x -d 'custom header \'Name: value\' (repeatable, at most 10; not From, To, Subject and the like)'
complete -c mailctl -n '__mailctl_is "email send"' -l metadata -x -d 'metadata key=value carried into events and webhooks (repeatable, at most 50 keys)'
complete -c mailctl -n '__mailctl_is "email send"' -l no-track-opens -d 'do not track opens'
complete -c mailctl -n '__mailctl_is "email send"' -l no-track-clicks -d 'do not track clicks'
complete -c mailctl -n '__mailctl_is "email send"' -l html -r -F -d 'HTML body from a file, or - for stdin'
complete -c mailctl -n '__mailctl_is "email send"' -l text -r -F -d 'plain-text body from a file, or - for stdin'
complete -c mailctl -n '__mailctl_is "email send"' -l template -x -d 'the template\'s active version is the body; its merge tags are checked first'
complete -c mailctl -n '__mailctl_is "email send"' -l var -x -d 'merge tag value key=value for --template (repeatable)'
complete -c mailctl -n '__mailctl_is "email send"' -l attach -r -F -d 'attach a file (repeatable; 5 MB in all after base64 encoding)'
complete -c mailctl -n '__mailctl_is "email send"' -l at -x -d 'send later: +30m, +2h, +1d or ISO 8601 (none means UTC), 5 minutes to 3 days ahead'
complete -c mailctl -n '__mailctl_is "email send"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_is "email list"' -l recipient -x -d 'only emails sent to this address'
complete -c mailctl -n '__mailctl_is "email list"' -l from -x -d 'emails sent on or after this day, UTC: YYYY-MM-DD, today, yesterday, 7d (default: 10 days ago)'
complete -c mailctl -n '__mailctl_is "email list"' -l to -x -d 'emails sent on or before this day, same forms as --from'
complete -c mailctl -n '__mailctl_is "email list"' -l per-page -x -d 'emails per request (1-100; default: 25; 100 with --all/--limit)'
complete -c mailctl -n '__mailctl_is "email list"' -l cursor -x -d 'continue from the cursor a previous page printed'
complete -c mailctl -n '__mailctl_is "email list"' -l all -d 'follow the cursor to the last page, streaming rows as they arrive'
complete -c mailctl -n '__mailctl_is "email list"' -l limit -x -d 'stop after this many emails (follows pages) (1-1000000)'
complete -c mailctl -n '__mailctl_is "email show"' -l from -x -d 'first day of events, UTC: YYYY-MM-DD, today, yesterday, 7d, 24h (default: 10 days ago)'
complete -c mailctl -n '__mailctl_is "email show"' -l to -x -d 'last day of events, inclusive, same forms as --from (default: now)'
complete -c mailctl -n '__mailctl_is "email show"' -l db -r -F -d 'from the local archive of `events sync` instead of the API: no key, no network (put it after the id)'
complete -c mailctl -n '__mailctl_is "email cancel"' -l if-scheduled -d 'succeed without change (exit 0, notice on stderr) when it is no longer scheduled (409)'
complete -c mailctl -n '__mailctl_is "email cancel"' -s y -l yes -d 'go ahead without asking (required when not on a terminal)'
complete -c mailctl -n '__mailctl_is "email cancel"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_arg "campaign" 0' -a list -d 'list the campaigns of the team with delivery, open, click and bounce rates'
complete -c mailctl -n '__mailctl_arg "campaign" 0' -a show -d 'show every field of a campaign, its stats and computed rates (the HTML only with --html/--html-out)'
complete -c mailctl -n '__mailctl_arg "campaign" 0' -a events -d 'list the delivery and engagement events of a campaign'
complete -c mailctl -n '__mailctl_arg "campaign" 0' -a schedule -d 'schedule a draft campaign, or move a scheduled one to a new time'
complete -c mailctl -n '__mailctl_arg "campaign" 0' -a check -d 'pre-flight: would scheduling succeed, and is it wise? one row per check; exit 8 when one fails'
complete -c mailctl -n '__mailctl_arg "campaign" 0' -a unschedule -d 'cancel the scheduled send of a campaign; it returns to draft'
complete -c mailctl -n '__mailctl_arg "campaign" 0' -a send -d 'send a draft campaign now, to all its recipients; asks first (--yes when not on a terminal)'
complete -c mailctl -n '__mailctl_is "campaign list"' -l status -x -a 'draft scheduled preparing in_review sending sent failed' -d 'only campaigns in this state'
complete -c mailctl -n '__mailctl_is "campaign list"' -l page -x -d 'page to show; with --all/--limit, the page to start from (1-10000; default: 1)'
complete -c mailctl -n '__mailctl_is "campaign list"' -l per-page -x -d 'campaigns per page (1-100; default: 20; 100 with --all/--limit)'
complete -c mailctl -n '__mailctl_is "campaign list"' -l all -d 'follow every page up to the last one, streaming rows as they arrive'
complete -c mailctl -n '__mailctl_is "campaign list"' -l limit -x -d 'stop after this many campaigns (follows pages) (1-1000000)'
complete -c mailctl -n '__mailctl_is "campaign show"' -l html -d 'print only the campaign\'s rendered HTML to stdout'
complete -c mailctl -n '__mailctl_is "campaign show"' -l html-out -r -F -d 'also write the rendered HTML to this file (overwritten)'
complete -c mailctl -n '__mailctl_is "campaign events"' -l type -x -a 'injection delivery bounce spam_complaint open click list_unsubscribe' -d 'only events of this type'
complete -c mailctl -n '__mailctl_is "campaign events"' -l email -x -d 'only events of this recipient'
complete -c mailctl -n '__mailctl_is "campaign events"' -l since -x -d 'events at or after: ISO date (start of that UTC day) or date-time, or relative: 7d, 24h, 30m, today, yesterday'
complete -c mailctl -n '__mailctl_is "campaign events"' -l until -x -d 'events at or before: ISO date (through the end of that UTC day) or date-time, or relative'
complete -c mailctl -n '__mailctl_is "campaign events"' -l per-page -x -d 'events per request, sent as `limit` (1-100; default: 25; 100 with --all/--limit)'
complete -c mailctl -n '__mailctl_is "campaign events"' -l cursor -x -d 'continue from the cursor a previous page printed'
complete -c mailctl -n '__mailctl_is "campaign events"' -l all -d 'follow the cursor to the last page, streaming rows as they arrive'
complete -c mailctl -n '__mailctl_is "campaign events"' -l limit -x -d 'stop after this many events (follows pages) (1-1000000)'
complete -c mailctl -n '__mailctl_is "campaign schedule"' -l at -x -d '(required) send time in the future: ISO 8601 with offset (kept as given), without offset (UTC), or +30m, +2h, +1d'
complete -c mailctl -n '__mailctl_is "campaign schedule"' -l check -d 'run the pre-flight checks of `campaign check` first; when one fails, send nothing (exit 8)'
complete -c mailctl -n '__mailctl_is "campaign schedule"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_is "campaign check"' -l at -x -d 'the send time to check: ISO 8601 or +30m, +2h, +1d (default: the campaign\'s scheduled time, if any)'
complete -c mailctl -n '__mailctl_is "campaign check"' -l min-lead -x -d 'how far ahead the send time must be, e.g. 10m, 1h (default: 10m)'
complete -c mailctl -n '__mailctl_is "campaign check"' -l health -d 'also judge the account\'s last 7 days (`mailctl report`): fails on a critical bounce or complaint rate'
complete -c mailctl -n '__mailctl_is "campaign unschedule"' -l if-scheduled -d 'succeed without change (exit 0, notice on stderr) when the campaign is not scheduled'
complete -c mailctl -n '__mailctl_is "campaign unschedule"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_is "campaign send"' -l check -d 'run the pre-flight checks of `campaign check` first; when one fails, send nothing (exit 8)'
complete -c mailctl -n '__mailctl_is "campaign send"' -s y -l yes -d 'go ahead without asking (required when not on a terminal)'
complete -c mailctl -n '__mailctl_is "campaign send"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_arg "contact" 0' -a show -d 'show a contact: email, status, created time, properties, lists and topics'
complete -c mailctl -n '__mailctl_arg "segment" 0' -a show -d 'show a segment: name, list, cached contact count and its conditions, readably'
complete -c mailctl -n '__mailctl_arg "topic" 0' -a update -d 'update a topic: only the given fields are sent; prints the updated topic'
complete -c mailctl -n '__mailctl_is "topic update"' -l name -x -d 'new name (1 to 255 characters)'
complete -c mailctl -n '__mailctl_is "topic update"' -l description -x -d 'new description (1 to 1000 characters)'
complete -c mailctl -n '__mailctl_is "topic update"' -l clear-description -d 'remove the description (sends null)'
complete -c mailctl -n '__mailctl_is "topic update"' -l visibility -x -a 'public private' -d 'public (shown on public subscription pages) or private'
complete -c mailctl -n '__mailctl_is "topic update"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_arg "property" 0' -a update -d 'set or clear the fallback value of a property (name and type cannot change); prints the property'
complete -c mailctl -n '__mailctl_is "property update"' -l fallback-value -x -d 'value used where a contact has none (at most 255 characters; "" is an empty fallback)'
complete -c mailctl -n '__mailctl_is "property update"' -l clear-fallback -d 'remove the fallback value (sends null)'
complete -c mailctl -n '__mailctl_is "property update"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_arg "lists" 0' -a attach -d 'attach every given contact to every given list; prints attached, already_attached, total_pairs'
complete -c mailctl -n '__mailctl_arg "lists" 0' -a detach -d 'detach every given contact from every given list (asks first; --yes to skip); prints detached, not_present, total_pairs'
complete -c mailctl -n '__mailctl_is "lists attach"' -l contact -x -d 'contact id; repeatable or comma-separated'
complete -c mailctl -n '__mailctl_is "lists attach"' -l list -x -d 'list id; repeatable or comma-separated'
complete -c mailctl -n '__mailctl_is "lists attach"' -l contacts-file -r -F -d 'contact ids from a file, or - for stdin: one per line, or CSV with a header row'
complete -c mailctl -n '__mailctl_is "lists attach"' -l lists-file -r -F -d 'list ids from a file, or - for stdin: one per line, or CSV with a header row'
complete -c mailctl -n '__mailctl_is "lists attach"' -l column -x -d 'CSV column holding the ids, in every CSV file given (default: the first column)'
complete -c mailctl -n '__mailctl_is "lists attach"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_is "lists detach"' -l contact -x -d 'contact id; repeatable or comma-separated'
complete -c mailctl -n '__mailctl_is "lists detach"' -l list -x -d 'list id; repeatable or comma-separated'
complete -c mailctl -n '__mailctl_is "lists detach"' -l contacts-file -r -F -d 'contact ids from a file, or - for stdin: one per line, or CSV with a header row'
complete -c mailctl -n '__mailctl_is "lists detach"' -l lists-file -r -F -d 'list ids from a file, or - for stdin: one per line, or CSV with a header row'
complete -c mailctl -n '__mailctl_is "lists detach"' -l column -x -d 'CSV column holding the ids, in every CSV file given (default: the first column)'
complete -c mailctl -n '__mailctl_is "lists detach"' -l dry-run -d 'validate and print the request that would be sent, without sending it'
complete -c mailctl -n '__mailctl_is "lists detach"' -s y -l yes -d 'go ahead without asking (required when not on a terminal)'
complete -c mailctl -n '__mailctl_arg "webhook" 0' -a list -d 'list the webhooks of the team with their state and last delivery'
complete -c mailctl -n '__mailctl_arg "webhook" 0' -a set -d 'update a webhook: only the given fields change; secrets are read from stdin or env, never from flags'
complete -c mailctl -n '__mailctl_arg "webhook" 0' -a listen -d 'receive webhook deliveries on 127.0.0.1: print each event, check the credentials and signature, relay to your app'
complete -c mailctl -n '__mailctl_arg "webhook" 0' -a forward -d 'poll the events API and POST new events to a local URL in the webhook delivery format (no tunnel, no webhook change)'
complete -c mailctl -n '__mailctl_is "webhook list"' -l all -d 'print every webhook (the API answers them all at once)'
complete -c mailctl -n '__mailctl_is "webhook list"' -l limit -x -d 'stop after this many webhooks (1-1000000)'
complete -c mailctl -n '__mailctl_is "webhook set"' -l name -x -d 'new name (at most 255 characters)'
complete -c mailctl -n '__mailctl_is "webhook set"' -l url -x -d 'address that receives the events: http or https URL, at most 2048 characters'
complete -c mailctl -n '__mailctl_is "webhook set"' -l events -x -a '(__mailctl_list_values message.injection message.delivery message.bounce message.delay message.out_of_band message.spam_complaint message.policy_rejection engagement.click engagement.open engagement.initial_open engagement.amp_click engagement.amp_open engagement.amp_initial_open generation.generation_failure generation.generation_rejection unsubscribe.list_unsubscribe unsubscribe.link_unsubscribe relay.relay_injection relay.relay_rejection relay.relay_delivery relay.relay_tempfail relay.relay_permfail)' -d 'event types to send, repeatable; short names like delivery are converted'
complete -c mailctl -n '__mailctl_is "webhook set"' -l enable -d 'turn the webhook on'
complete -c mailctl -n '__mailctl_is "webhook set"' -l disable -d 'turn the webhook off'
complete -c mailctl -n '__mailctl_is "webhook set"' -l auth-type -x -a 'none basic oauth2' -d 'authentication towards the URL'
complete -c mailctl -n '__mailctl_is "webhook set"' -l auth-username -x -d 'basic auth username (at most 255 characters)'
complete -c mailctl -n '__mailctl_is "webhook set"' -l auth-password-stdin -d 'read the basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD with --auth-type basic)'
complete -c mailctl -n '__mailctl_is "webhook set"' -l oauth-token-url -x -d 'OAuth 2.0 token address: http or https URL, at most 2048 characters'
complete -c mailctl -n '__mailctl_is "webhook set"' -l oauth-client-id -x -d 'OAuth 2.0 client id (at most 255 characters)'
complete -c mailctl -n '__mailctl_is "webhook set"' -l oauth-client-secret-stdin -d 'read the OAuth 2.0 client secret from stdin (else env MAILCTL_WEBHOOK_CLIENT_SECRET with --auth-type oauth2)'
complete -c mailctl -n '__mailctl_is "webhook set"' -l dry-run -d 'validate and print the request (secrets masked) without sending it'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l port -x -d 'port on 127.0.0.1 (default: a free one, printed on stderr) (0-65535)'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l auth-type -x -a 'none basic oauth2' -d 'credentials to expect (oauth2: a Bearer token)'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l auth-username -x -d 'expected basic auth username'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l auth-password-stdin -d 'read the expected basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD)'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l bearer-token-stdin -d 'read the expected Bearer token from stdin (else env MAILCTL_WEBHOOK_BEARER_TOKEN)'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l signing-secret-stdin -d 'check the lettr-signature HMAC with the secret read from stdin (else env MAILCTL_WEBHOOK_SIGNING_SECRET)'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l respond -x -d 'answer valid deliveries with this status to rehearse failures, e.g. 500 or 410 (200-599)'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l forward-to -x -d 'relay each valid delivery, body and headers unchanged, to your app; answer what it answers'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l count -x -d 'exit after N valid deliveries (rejected ones are reported, not counted) (1-1000000)'
complete -c mailctl -n '__mailctl_is "webhook listen"' -l expect -x -d 'exit 0 once N valid deliveries arrived, 8 if fewer arrive within --timeout (default 30s) (1-1000000)'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l to -x -d 'where to POST the deliveries, e.g. http://127.0.0.1:3000/webhooks'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l events -x -a '(__mailctl_list_values message.injection message.delivery message.bounce message.delay message.out_of_band message.spam_complaint message.policy_rejection engagement.click engagement.open engagement.initial_open engagement.amp_click engagement.amp_open engagement.amp_initial_open generation.generation_failure generation.generation_rejection unsubscribe.list_unsubscribe unsubscribe.link_unsubscribe relay.relay_injection relay.relay_rejection relay.relay_delivery relay.relay_tempfail relay.relay_permfail)' -d 'event types to forward, repeatable; short names like delivery are converted'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l auth-type -x -a 'none basic oauth2' -d 'credentials to send (oauth2: a Bearer token)'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l auth-username -x -d 'basic auth username'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l auth-password-stdin -d 'read the basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD)'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l bearer-token-stdin -d 'read the Bearer token to send from stdin (else env MAILCTL_WEBHOOK_BEARER_TOKEN)'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l signing-secret-stdin -d 'sign each body with a lettr-signature HMAC, secret from stdin (else env MAILCTL_WEBHOOK_SIGNING_SECRET)'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l retry-schedule -x -a 'compressed service' -d 'compressed (1s, 2s, 5s, 10s, 30s, 1m: for local development) or service (1m … 24h, as the service retries) (default: compressed)'
complete -c mailctl -n '__mailctl_is "webhook forward"' -l poll-interval -x -d 'how often to ask the events API for new events, at least 1s (default 2s; 10s with a sandbox key)'
complete -c mailctl -n '__mailctl_arg "project" 0' -a list -d 'list the projects of the team (templates live in projects)'
complete -c mailctl -n '__mailctl_is "project list"' -l page -x -d 'page to show; with --all/--limit, the page to start from (1-10000; default: 1)'
complete -c mailctl -n '__mailctl_is "project list"' -l per-page -x -d 'projects per page (1-100; default: 25; 100 with --all/--limit)'
complete -c mailctl -n '__mailctl_is "project list"' -l all -d 'follow every page up to the last one, streaming rows as they arrive'
complete -c mailctl -n '__mailctl_is "project list"' -l limit -x -d 'stop after this many projects (follows pages) (1-1000000)'
complete -c mailctl -n '__mailctl_is "report"' -l from -x -d 'start of the window: YYYY-MM-DD (start of that UTC day), ISO date-time, or relative: 7d, 24h, 30m, today, yesterday (default: 7d)'
complete -c mailctl -n '__mailctl_is "report"' -l to -x -d 'end of the window, inclusive: YYYY-MM-DD (through the end of that UTC day), ISO date-time, or relative (default: now)'
complete -c mailctl -n '__mailctl_is "report"' -l campaign -x -d 'only this campaign\'s events (GET /campaigns/{id}/events)'
complete -c mailctl -n '__mailctl_is "report"' -l db -r -F -d 'read the local archive of `events sync` instead of the API: no key, no network (default: the profile\'s archive)'
complete -c mailctl -n '__mailctl_is "report"' -l by -x -a 'day hour type domain provider bounce-class' -d 'rows of the breakdown (default: day)'
complete -c mailctl -n '__mailctl_is "report"' -l judge -x -a '(__mailctl_list_values bounce complaint open click)' -d 'signals to judge (default: bounce,complaint)'
complete -c mailctl -n '__mailctl_is "report"' -l fail-on -x -a 'warning critical' -d 'exit 8 when a judged signal reaches this level (for CI gates)'
complete -c mailctl -n '__mailctl_is "report"' -l html -r -F -d 'also write the report as one self-contained HTML file (inline SVG charts, nothing fetched)'
complete -c mailctl -n '__mailctl_arg "auth" 0' -a login -d 'save an API key to a profile: read from stdin when piped, else asked for with a hidden prompt'
complete -c mailctl -n '__mailctl_arg "auth" 0' -a status -d 'show the profile, base URL and key in use (masked), and where each came from'
complete -c mailctl -n '__mailctl_arg "auth" 0' -a logout -d 'remove the saved API key of a profile, from the config file and the OS credential store'
complete -c mailctl -n '__mailctl_is "auth login"' -l no-verify -d 'save the key without the check request (GET /webhooks) that refuses a key the API answers 401'
complete -c mailctl -n '__mailctl_is "auth login"' -l storage -x -a 'file keychain' -d 'keychain: the OS credential store; file: the 0600 config file (default: keychain where one is usable, else file)'
complete -c mailctl -n '__mailctl_arg "profile" 0' -a list -d 'list profiles; the one in use is marked'
complete -c mailctl -n '__mailctl_arg "profile" 0' -a use -d 'make a profile the default for later commands'
complete -c mailctl -n '__mailctl_arg "profile" 0' -a remove -d 'delete a profile and its saved key'
complete -c mailctl -n '__mailctl_arg "profile use" 0' -a '(__mailctl_profiles)'
complete -c mailctl -n '__mailctl_arg "profile remove" 0' -a '(__mailctl_profiles)'
complete -c mailctl -n '__mailctl_arg "config" 0' -a get -d 'print one setting of the profile in use'
complete -c mailctl -n '__mailctl_arg "config" 0' -a set -d 'change one setting of the profile in use (the API key only through `auth login`)'
complete -c mailctl -n '__mailctl_arg "config" 0' -a unset -d 'remove one setting from the profile in use, so that env or the built-in default applies again'
complete -c mailctl -n '__mailctl_arg "config" 0' -a list -d 'show every setting of the profile in use'
complete -c mailctl -n '__mailctl_arg "config get" 0' -a 'base_url output timeout retries'
complete -c mailctl -n '__mailctl_arg "config set" 0' -a 'base_url output timeout retries'
complete -c mailctl -n '__mailctl_arg "config unset" 0' -a 'base_url output timeout retries'
complete -c mailctl -n '__mailctl_is "api"' -s F -l field -x -d 'JSON body field (query parameter for GET); true, false, null and numbers are typed, @file reads a file\'s text, @- stdin; a.b=v nests, a[]=v appends (repeatable)'
complete -c mailctl -n '__mailctl_is "api"' -s f -l raw-field -x -d 'like --field, but the value is always a string (repeatable)'
complete -c mailctl -n '__mailctl_is "api"' -l query -x -d 'query parameter, sent as given; a name repeated is joined with commas (repeatable)'
complete -c mailctl -n '__mailctl_is "api"' -l input -r -F -d 'raw JSON body from a file, or - for stdin; not with --field (must be valid JSON)'
complete -c mailctl -n '__mailctl_is "api"' -l paginate -d 'GET only: follow next_cursor or page numbers up to last_page and print one JSON array of the items (NDJSON with --ndjson)'
complete -c mailctl -n '__mailctl_is "api"' -l dry-run -d 'print the request (secrets masked) without sending it'
complete -c mailctl -n '__mailctl_arg "api" 0' -a 'GET POST PUT PATCH DELETE'
complete -c mailctl -n '__mailctl_is "emulator"' -l host -x -d 'address to bind (default: 127.0.0.1)'
complete -c mailctl -n '__mailctl_is "emulator"' -l port -x -d 'port to listen on; 0 picks a free one (0-65535; default: 0)'
complete -c mailctl -n '__mailctl_is "emulator"' -l seed -x -d 'seed of the generated data (same seed, same data; a given seed turns --live off unless asked) (default: 1)'
complete -c mailctl -n '__mailctl_is "emulator"' -l events -x -d 'email events to generate (up to 5,000,000) (default: 2000)'
complete -c mailctl -n '__mailctl_is "emulator"' -l contacts -x -d 'contacts to generate (0-1000000; default: 200)'
complete -c mailctl -n '__mailctl_is "emulator"' -l lists -x -d 'lists to generate (bulk membership needs more than 50 to split requests) (1-10000; default: 6)'
complete -c mailctl -n '__mailctl_is "emulator"' -l rate-limit -x -d 'requests per second per team, as the service enforces (3 mirrors production); off by default'
complete -c mailctl -n '__mailctl_is "emulator"' -l latency -x -d 'milliseconds added before each answer (0-60000; default: 0)'
complete -c mailctl -n '__mailctl_is "emulator"' -l fault-rate -x -d 'share of requests (0-1) failing with 500/502/503 or a dropped connection (default: 0)'
complete -c mailctl -n '__mailctl_is "emulator"' -l scenario -x -a 'mixed healthy critical-complaint' -d 'event mix of the team: mixed (every type, critical rates), healthy, critical-complaint (default: mixed)'
complete -c mailctl -n '__mailctl_is "emulator"' -l tls -d 'serve HTTPS with a certificate from a CA made at start; prints the CA file to pass as NODE_EXTRA_CA_CERTS'
complete -c mailctl -n '__mailctl_is "emulator"' -l live -d 'keep producing new events (and delivering them to loopback webhooks); default on a terminal without --seed'
complete -c mailctl -n '__mailctl_is "emulator"' -l no-live -d 'serve the generated events only: nothing new arrives'
complete -c mailctl -n '__mailctl_is "emulator"' -l log -d 'print one line per request on stderr: method, path, status, key kind'
complete -c mailctl -n '__mailctl_is "emulator"' -l domains-verified -d 'a created domain\'s DNS records pass verification at once (else a few seconds after it is created)'
complete -c mailctl -n '__mailctl_is "emulator"' -l env -d 'print `export MAILCTL_BASE_URL=… MAILCTL_API_KEY=…` lines on stdout (the banner goes to stderr)'
complete -c mailctl -n '__mailctl_is "emulator"' -l webhook-retry-scale -x -d 'multiply the webhook retry schedule (1 min … 24 h) by F, up to 1000; 0.001 retries within seconds (default: 1)'
complete -c mailctl -n '__mailctl_arg "completion" 0' -a 'bash zsh fish'
complete -c mailctl -n '__mailctl_arg_from "help" 0' -a '(__mailctl_help_words)'
