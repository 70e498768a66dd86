import { exitCodeTable } from '../help-text.js';
import type { HelpTopic } from './names.js';

// The text of `mailctl help TOPIC`, from shared/design/cli.md. Lines stay under 80 columns.
// The exit-code table is rendered from the ExitCode enum (commands/exit-codes.ts).

const EXIT_CODES = `Exit codes

Every command ends with one of these, so scripts and CI jobs can branch on $?:

${exitCodeTable()}

429, 5xx and network errors are retried first (--retries N, default 3; a
429's Retry-After is honoured). 401, 403, 404 and 422 are never retried.

The error itself goes to stderr as
  error: <message> (<error_code>, HTTP <status>)
followed by the API's field errors and a hint; with --json or --ndjson also
as one JSON object on stderr:
  {"error":{"status":404,"code":"not_found","message":"...","errors":null,
  "exit_code":4}}
(status, code and errors are null when the failure has none).

Examples:
  $ mailctl campaign unschedule "$ID" --if-scheduled
  $ mailctl campaign show "$ID" >/dev/null; [ $? = 4 ] && echo "campaign gone"
  $ mailctl api GET /campaigns/"$ID" || echo "failed with exit code $?"
`;

const ENVIRONMENT = `Environment

  MAILCTL_API_KEY        API key; overrides the key saved in the profile. The
                         key is never a command-line flag (it would show in ps
                         and shell history): use this, or \`mailctl auth login\`.
  MAILCTL_BASE_URL       API root, e.g. https://api.example.com; overrides the
                         profile's base_url (--base-url overrides it)
  MAILCTL_PROFILE        profile to use when --profile is not given (else the
                         one chosen with \`mailctl profile use\`, else "default")
  MAILCTL_CONFIG_DIR     directory of config.json (default: $XDG_CONFIG_HOME/
                         mailctl or ~/.config/mailctl on Linux, ~/Library/
                         Preferences/mailctl on macOS, %APPDATA%\\mailctl\\Config
                         on Windows)
  MAILCTL_ALLOW_HTTP     1: allow sending the key over plain http to a host that
                         is not loopback (refused by default)
  MAILCTL_DB             the event archive when --db gives no path: a SQLite
                         file or a postgres:// URL without a password (default:
                         events.sqlite in the data directory, one per profile:
                         $XDG_DATA_HOME/mailctl/<profile> or ~/.local/share/
                         mailctl/<profile> on Linux)
  PGPASSWORD             password of a PostgreSQL archive (else ~/.pgpass, else
                         the OS credential store; never in the URL)
  MAILCTL_PAGER          pager for long output on a terminal; empty: no pager
                         (same as --no-pager). Else $PAGER, else less -FRX
  MAILCTL_CACHE_DIR      where mailctl keeps the compiled code that makes it
                         start faster (default: $XDG_CACHE_HOME/mailctl or
                         ~/.cache/mailctl on Linux); safe to delete
  MAILCTL_WEBHOOK_PASSWORD
                         basic auth password for \`webhook set --auth-type basic\`
                         (and the one \`webhook listen\` expects and \`webhook
                         forward\` sends) when --auth-password-stdin is not given
  MAILCTL_WEBHOOK_CLIENT_SECRET
                         OAuth 2.0 client secret for \`webhook set --auth-type
                         oauth2\` when --oauth-client-secret-stdin is not given
  MAILCTL_WEBHOOK_BEARER_TOKEN
                         Bearer token \`webhook listen\` expects and \`webhook
                         forward\` sends when --bearer-token-stdin is not given
  MAILCTL_WEBHOOK_SIGNING_SECRET
                         lettr-signature HMAC secret of \`webhook listen\` and
                         \`webhook forward\` without --signing-secret-stdin
  NO_COLOR               any value: no colour (same as --no-color); colour is
                         only used on a terminal anyway
  TERM                   dumb: no colour, as with NO_COLOR
  HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY (and lowercase forms)
                         proxies, as curl reads them; credentials go in the URL
                         and are never printed (see \`mailctl doctor\`)
  NODE_EXTRA_CA_CERTS    PEM file of extra CAs to trust (TLS-inspecting
                         gateways, \`mailctl emulator --tls\`)
  MAILCTL_NO_KEYCHAIN    1: never use the OS credential store for the key
  MAILCTL_DEBUG          1: print the stack trace of an unexpected failure

Precedence, for every setting: flag > environment > profile > built-in default.
\`mailctl auth status\` and \`mailctl config list\` show where each value came from.

Examples:
  $ MAILCTL_PROFILE=staging mailctl campaign list
  $ MAILCTL_API_KEY="$CI_MAIL_KEY" MAILCTL_BASE_URL=https://api.example.com mailctl webhook list --json
  $ NO_COLOR=1 mailctl events list --from 7d
`;

const FORMATS = `Output formats

Choose with -o/--output FMT, or --json / --ndjson / --csv; a profile can set
a default (\`mailctl config set output json\`).

  table   the default. On a terminal: a table sized to its width, colour
          allowed. In a pipe or a file: tab-separated rows with the same
          columns, no header, no colour, no truncation, ISO 8601 times, ready
          for cut, awk and sort.
  json    a show command prints the resource object as the API returns it; a
          list prints one JSON array of its rows (every page with --all).
  ndjson  one compact JSON object per line, written as each page arrives: the
          format for --all and --follow in pipelines.
  csv     RFC 4180 with a header row. A text cell that a spreadsheet would
          run as a formula (it starts with =, +, -, @, a tab or a carriage
          return) gets a single quote before it ('=cmd...), as OWASP
          recommends; plain numbers (-1.5) stay as they are. --csv-raw
          writes every cell exactly as sent, for pipelines.
  markdown
          report, campaign check, doctor and domain verify only (any other
          command refuses it, exit 2): a summary for CI job pages, with a
          heading, the verdict line and a GitHub-flavoured table, for
          $GITHUB_STEP_SUMMARY or a GitLab artifact (docs/ci.md). Text from
          the service is escaped, so no cell breaks the table or adds
          markup; never colour. The exit code is the one of any other
          format. A profile's \`output markdown\` applies to those four
          commands; the others print their table.

--fields a,b,c picks the columns of table and csv, and the keys kept in json
and ndjson. An unknown field is a usage error (exit 2) that lists the valid
ones.

stdout carries data only. Progress, spinners, notices, hints, warnings and
errors go to stderr (-q silences all but warnings and errors). With json or
ndjson output an error is also written to stderr as one JSON object.

\`mailctl api\` always prints JSON: the response body, indented on a terminal
and on one line in a pipe; with --paginate one JSON array of the items of
every page, or one item per line with --ndjson.

Examples:
  $ mailctl campaign list --status sent --all -o csv > sent.csv
  $ mailctl events list --all -o csv --csv-raw | my-loader
  $ mailctl events list --from 24h --all --ndjson | jq -r .rcpt_to
  $ mailctl webhook list --fields id,name,enabled
`;

export const TOPIC_TEXT: Record<HelpTopic, string> = {
  'exit-codes': EXIT_CODES,
  environment: ENVIRONMENT,
  formats: FORMATS,
};
