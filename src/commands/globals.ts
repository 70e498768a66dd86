import { ALL_FORMATS } from '../format.js';
import type { OptionSpec } from './spec.js';

/** The global options of cli.md: accepted after any command, registered on the root program. */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { flags: '--profile <name>', description: 'config profile to use (env MAILCTL_PROFILE)', values: 'profiles' },
  { flags: '--base-url <url>', description: "API root (env MAILCTL_BASE_URL, else the profile's)" },
  { flags: '-o, --output <format>', description: 'output format (markdown: only the commands whose help lists it)', values: ALL_FORMATS },
  { flags: '--json', description: 'short for --output json' },
  { flags: '--ndjson', description: 'short for --output ndjson' },
  { flags: '--csv', description: 'short for --output csv' },
  { flags: '--fields <list>', description: 'columns for table/csv, keys kept in json/ndjson (comma-separated)' },
  { flags: '--timeout <duration>', description: 'per-request timeout, e.g. 30s, 500ms, 2m', default: '30s' },
  { flags: '--retries <n>', description: 'retries on 429, 5xx and network errors', range: [0, 10], default: '3' },
  { flags: '-v, --verbose', description: 'one line per HTTP request on stderr, secrets redacted' },
  { flags: '-q, --quiet', description: 'no progress, notices or hints on stderr' },
  { flags: '--no-color', description: 'no colour (also NO_COLOR=1); colour is only used on a TTY anyway' },
  { flags: '--utc', description: 'times on a terminal in UTC instead of the local zone (TZ); headers name the zone' },
  { flags: '--csv-raw', description: 'CSV cells exactly as sent: no quote before text that a spreadsheet would run as a formula (=, +, -, @)' },
  { flags: '--no-pager', description: 'never page long output on a terminal (also MAILCTL_PAGER=); pager: $PAGER, else less -FRX' },
];
