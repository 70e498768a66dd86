import { describe, expect, it } from 'vitest';
import campaignCheck from '../../src/commands/campaign/check.js';
import campaignList from '../../src/commands/campaign/list.js';
import campaignSchedule from '../../src/commands/campaign/schedule.js';
import contactList from '../../src/commands/contact/list.js';
import domainVerify from '../../src/commands/domain/verify.js';
import eventsList from '../../src/commands/events/list.js';
import eventsPrune from '../../src/commands/events/prune.js';
import eventsSync from '../../src/commands/events/sync.js';
import projectList from '../../src/commands/project/list.js';
import { spec as report } from '../../src/commands/report/index.js';
import templateList from '../../src/commands/template/list.js';
import templatePull from '../../src/commands/template/pull.js';
import topicUpdate from '../../src/commands/topic/update.js';
import webhookSet from '../../src/commands/webhook/set.js';
import { UsageError } from '../../src/errors.js';
import { COMMANDS } from '../../src/commands/index.js';
import { commandsTaking } from '../../src/commands/register.js';
import { checkFormat, type RawInput } from '../../src/commands/verb.js';

// Parse tests as tables, as GitHub CLI's TestNewCmd*: commander's strings in (positional words
// and option values keyed by attribute, as commander hands them over), the typed options or the
// usage error out. No emulator, no context: the declarations alone decide.

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

interface Row {
  name: string;
  parse: (input: RawInput) => unknown;
  input: RawInput;
  want?: Record<string, unknown>;
  error?: RegExp;
}

/** The global --output against the formats a command declares (`formats: ['markdown']`). */
const output = (spec: { formats?: readonly 'markdown'[] }) => (input: RawInput) => {
  checkFormat(input.opts, spec.formats ?? [], (format) => commandsTaking(COMMANDS, format));
  return { output: input.opts.output };
};

const table: Row[] = [
  { name: 'campaign list: defaults', parse: campaignList.parseInput, input: { args: [], opts: {} }, want: { all: false, page: undefined, perPage: undefined, status: undefined } },
  { name: 'campaign list: typed numbers', parse: campaignList.parseInput, input: { args: [], opts: { perPage: '50', page: '2', limit: '7' } }, want: { perPage: 50, page: 2, limit: 7 } },
  { name: 'campaign list: --per-page out of range', parse: campaignList.parseInput, input: { args: [], opts: { perPage: '101' } }, error: /^--per-page: must be from 1 to 100 \(got "101"\)$/ },
  { name: 'campaign list: --page not a number', parse: campaignList.parseInput, input: { args: [], opts: { page: '1e2' } }, error: /^--page: must be a whole number from 1 to 10000/ },
  { name: 'campaign list: --page past 10000 (spec 4.3)', parse: campaignList.parseInput, input: { args: [], opts: { page: '10001' } }, error: /^--page: must be from 1 to 10000 \(got "10001"\)$/ },
  // REST spec section 10: page >= 1 with no upper bound stated for these operations
  { name: 'contact list: --page has no upper bound (REST spec 10)', parse: contactList.parseInput, input: { args: [], opts: { page: '10001' } }, want: { page: 10001 } },
  { name: 'template list: --page has no upper bound (REST spec 10)', parse: templateList.parseInput, input: { args: [], opts: { page: '25000' } }, want: { page: 25000 } },
  { name: 'project list: --page 0 is refused', parse: projectList.parseInput, input: { args: [], opts: { page: '0' } }, error: /^--page: must be from 1 / },
  { name: 'campaign list: --status outside the value set, with a suggestion', parse: campaignList.parseInput, input: { args: [], opts: { status: 'drat' } }, error: /^--status: must be one of draft, .*\(did you mean draft\?\)/ },
  { name: 'campaign list: -o markdown is refused, naming the commands that print it', parse: output(campaignList), input: { args: [], opts: { output: 'markdown' } }, error: /^--output markdown is only for campaign check, domain verify, report and doctor; / },
  { name: 'campaign check: -o markdown is one of its formats', parse: output(campaignCheck), input: { args: [], opts: { output: 'markdown' } }, want: { output: 'markdown' } },
  { name: 'campaign schedule: id and time', parse: campaignSchedule.parseInput, input: { args: [ID], opts: { at: '+2h' } }, want: { id: ID, at: '+2h', dryRun: false, check: false } },
  { name: 'campaign schedule: a bad id is named as the argument', parse: campaignSchedule.parseInput, input: { args: ['nope'], opts: { at: '+2h' } }, error: /^CAMPAIGN_ID: must be a UUID/ },
  { name: 'campaign schedule: --at is required', parse: campaignSchedule.parseInput, input: { args: [ID], opts: {} }, error: /^--at: required: a future time such as \+2h/ },
  { name: 'domain verify: --dry-run (cli.md: every write takes it)', parse: domainVerify.parseInput, input: { args: ['mail.example.com'], opts: { dryRun: true } }, want: { name: 'mail.example.com', dryRun: true } },
  { name: 'events list: comma lists and repeats', parse: eventsList.parseInput, input: { args: [], opts: { events: ['bounce,delivery', 'bounce'], bounceClass: '10,21' } }, want: { events: ['bounce', 'delivery'], bounceClasses: [10, 21] } },
  { name: 'events list: an empty item', parse: eventsList.parseInput, input: { args: [], opts: { events: 'bounce,' } }, error: /^--events: must not have an empty item/ },
  { name: 'events list: --follow with --all', parse: eventsList.parseInput, input: { args: [], opts: { follow: true, all: true } }, error: /^--follow cannot be combined with --all/ },
  { name: 'events list: --db alone means the default archive', parse: eventsList.parseInput, input: { args: [], opts: { db: true } }, want: { db: true } },
  { name: 'events prune: --before is required', parse: eventsPrune.parseInput, input: { args: [], opts: { yes: true } }, error: /^--before: required/ },
  { name: 'events prune: --before, --yes and --dry-run as given', parse: eventsPrune.parseInput, input: { args: [], opts: { before: '90d', yes: true } }, want: { before: '90d', yes: true, dryRun: false } },
  { name: 'events list: --db takes a PostgreSQL URL', parse: eventsList.parseInput, input: { args: [], opts: { db: 'postgres://ops@db.internal:5432/events?sslmode=verify-full' } }, want: { db: 'postgres://ops@db.internal:5432/events?sslmode=verify-full' } },
  { name: 'events list: a password in the --db URL is refused, never quoted', parse: eventsList.parseInput, input: { args: [], opts: { db: 'postgresql://ops:hunter2@db.internal/events' } }, error: /^--db: a PostgreSQL URL must not carry a password \(it would show in shell history and process lists\): give it in PGPASSWORD, ~\/\.pgpass or the OS credential store \(service "mailctl-postgres", account "ops@db\.internal:5432\/events"\)$/ },
  { name: 'events sync: a password as a URL parameter is refused too', parse: eventsSync.parseInput, input: { args: [], opts: { db: 'postgres://ops@db.internal/events?password=hunter2' } }, error: /^--db: a PostgreSQL URL must not carry a password [^]*account "ops@db\.internal:5432\/events"\)$/ },
  { name: 'events sync: a mistyped scheme is refused, not taken for a file path; only the scheme is quoted', parse: eventsSync.parseInput, input: { args: [], opts: { db: 'pg://ops:hunter2@db.internal/events' } }, error: /^--db: "pg:" is not a PostgreSQL URL \(postgres:\/\/user@host:5432\/dbname or postgresql:\/\/…\)$/ },
  { name: 'events sync: a scheme without slashes (pg:user:password@host/db) is refused too, the scheme alone quoted', parse: eventsSync.parseInput, input: { args: [], opts: { db: 'pg:ops:hunter2@db.internal/events' } }, error: /^--db: "pg:" is not a PostgreSQL URL \(postgres:\/\/user@host:5432\/dbname or postgresql:\/\/…\)$/ },
  { name: 'events sync: user:password@ with no scheme is refused as a URL, nothing of it quoted', parse: eventsSync.parseInput, input: { args: [], opts: { db: 'ops:hunter2@db.internal/events' } }, error: /^--db: looks like a URL, not a file path: a PostgreSQL URL is postgres:\/\/user@host:5432\/dbname \(a password goes in PGPASSWORD, ~\/\.pgpass or the OS credential store\)$/ },
  { name: 'events sync: postgres//user:password@host/db (a colon short) is refused the same way', parse: eventsSync.parseInput, input: { args: [], opts: { db: 'postgres//ops:hunter2@db.internal/events' } }, error: /^--db: looks like a URL, not a file path/ },
  { name: 'events list: a file path with a colon or an @ alone stays a path', parse: eventsList.parseInput, input: { args: [], opts: { db: 'archives/team@acme/2026-11-26T10:00.sqlite' } }, want: { db: 'archives/team@acme/2026-11-26T10:00.sqlite' } },
  { name: 'events list: a Windows path with an @ in a folder name stays a path', parse: eventsList.parseInput, input: { args: [], opts: { db: 'C:\\Users\\ops\\team@acme\\events.sqlite' } }, want: { db: 'C:\\Users\\ops\\team@acme\\events.sqlite' } },
  { name: 'events list: a Windows path with an @ in the file name stays a path', parse: eventsList.parseInput, input: { args: [], opts: { db: 'D:\\backups\\events@2026.sqlite' } }, want: { db: 'D:\\backups\\events@2026.sqlite' } },
  { name: 'events list: a Windows drive path stays a path', parse: eventsList.parseInput, input: { args: [], opts: { db: 'C:/data/events.sqlite' } }, want: { db: 'C:/data/events.sqlite' } },
  { name: 'events sync: a URL without a database', parse: eventsSync.parseInput, input: { args: [], opts: { db: 'postgres://ops@db.internal' } }, error: /^--db: the PostgreSQL URL names no database/ },
  { name: 'events sync: an sslmode libpq does not have', parse: eventsSync.parseInput, input: { args: [], opts: { db: 'postgres://ops@h/db?sslmode=always' } }, error: /^--db: sslmode must be one of disable, prefer, require, verify-ca, verify-full \(got "always"\)$/ },
  { name: 'events sync: --no-wait', parse: eventsSync.parseInput, input: { args: [], opts: { wait: false } }, want: { wait: false } },
  { name: 'events sync: waits by default', parse: eventsSync.parseInput, input: { args: [], opts: {} }, want: { wait: true } },
  { name: 'report: --fail-on takes a list of levels, rising with --compare', parse: report.parseInput, input: { args: [], opts: { failOn: 'critical,rising', compare: 'previous' } }, want: { failOn: 'critical', failOnRising: true, compare: 'previous' } },
  { name: 'report: --fail-on warning alone, as before', parse: report.parseInput, input: { args: [], opts: { failOn: 'warning' } }, want: { failOn: 'warning', failOnRising: false } },
  { name: 'report: warning includes critical', parse: report.parseInput, input: { args: [], opts: { failOn: 'critical,warning' } }, want: { failOn: 'warning' } },
  { name: 'report: --fail-on rising needs --compare', parse: report.parseInput, input: { args: [], opts: { failOn: 'rising' } }, error: /^--fail-on rising needs --compare/ },
  { name: 'report: --fail-on outside its levels', parse: report.parseInput, input: { args: [], opts: { failOn: 'soaring' } }, error: /^--fail-on: must be one of warning, critical, rising/ },
  { name: 'report: --compare an explicit window', parse: report.parseInput, input: { args: [], opts: { compare: '2026-10-01..2026-10-07' } }, want: { compare: { from: '2026-10-01', to: '2026-10-07' } } },
  { name: 'report: --compare relative sides', parse: report.parseInput, input: { args: [], opts: { compare: '14d..7d' } }, want: { compare: { from: '14d', to: '7d' } } },
  { name: 'report: --compare neither previous nor FROM..TO', parse: report.parseInput, input: { args: [], opts: { compare: 'last week' } }, error: /^--compare: must be previous or an earlier window FROM\.\.TO/ },
  { name: 'report: --compare with an impossible date', parse: report.parseInput, input: { args: [], opts: { compare: '2026-02-30..2026-03-01' } }, error: /^--compare: must be previous or FROM\.\.TO: the from side is not a real date \(got "2026-02-30\.\.2026-03-01"\)/ },
  { name: 'template pull: slugs named', parse: templatePull.parseInput, input: { args: ['welcome-email', 'x.y_2'], opts: { dir: 't' } }, want: { slugs: ['welcome-email', 'x.y_2'], dir: 't' } },
  // a named slug that cannot be a file name is a bad argument (exit 2), not a template skipped with exit 0
  { name: 'template pull: a slug that cannot be a file name', parse: templatePull.parseInput, input: { args: ['welcome-email', '../x'], opts: { dir: 't' } }, error: /^SLUGS: "\.\.\/x" cannot be a template slug \(letters, digits/ },
  { name: 'topic update: builds the patch', parse: topicUpdate.parseInput, input: { args: [ID], opts: { name: 'News', clearDescription: true } }, want: { id: ID, patch: { name: 'News', description: null }, dryRun: false } },
  { name: 'topic update: nothing to update', parse: topicUpdate.parseInput, input: { args: [ID], opts: {} }, error: /^nothing to update/ },
  { name: 'topic update: text counted in characters', parse: topicUpdate.parseInput, input: { args: [ID], opts: { name: 'é'.repeat(256) } }, error: /^--name: must be at most 255 characters \(this one has 256\)/ },
  { name: 'webhook set: short event names kept for conversion', parse: webhookSet.parseInput, input: { args: ['wh_1'], opts: { events: 'delivery,bounce' } }, want: { id: 'wh_1' } },
  { name: 'webhook set: every changing flag is named when none is given', parse: webhookSet.parseInput, input: { args: ['wh_1'], opts: { dryRun: true } }, error: /nothing to change: give at least one of --name, --url, --events, --enable, --disable, --auth-type/ },
];

describe('parsing, from the declarations alone', () => {
  it.each(table.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    if (row.error) {
      let thrown: unknown;
      try {
        row.parse(row.input);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UsageError);
      expect((thrown as Error).message).toMatch(row.error);
      return;
    }
    expect(row.parse(row.input)).toMatchObject(row.want!);
  });
});

describe('api --field bodies', () => {
  it('`__proto__` is an ordinary key of the body, never the prototype of every object', async () => {
    const { buildBody, parseFieldSpec } = await import('../../src/input/api-fields.js');
    const spec = parseFieldSpec('__proto__.polluted=yes', '--field');
    const body = buildBody([{ spec, value: 'yes' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(body))).toEqual(JSON.parse('{"__proto__":{"polluted":"yes"}}'));
  });
});
