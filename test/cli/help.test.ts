import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program.js';
import { emulatorEnv, runCli as runSpawned } from '../helpers/cli.js';
import { runCliInProcess as runCli, useEmulator } from '../helpers/context.js';

const emu = useEmulator({ seed: 3, events: 10 });
let env: Record<string, string>;

beforeAll(() => {
  env = emulatorEnv(emu, 'full');
});
describe('help topics', () => {
  it('help exit-codes prints the exit code table', async () => {
    const r = await runCli(['help', 'exit-codes']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const [code, words] of [
      ['0', 'success'],
      ['1', 'any other failure'],
      ['2', 'usage error'],
      ['3', 'authentication or permission'],
      ['4', 'not found: 404'],
      ['5', 'refused by the API: 400, 409, 422'],
      ['6', 'rate limited'],
      ['7', 'network'],
      ['130', 'interrupted'],
    ]) {
      expect(r.stdout).toMatch(new RegExp(`^  ${code} +${words}`, 'm'));
    }
  });

  it('help environment names every variable mailctl reads', async () => {
    const r = await runCli(['help', 'environment']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    for (const name of [
      'MAILCTL_API_KEY', 'MAILCTL_BASE_URL', 'MAILCTL_PROFILE', 'MAILCTL_CONFIG_DIR', 'MAILCTL_ALLOW_HTTP',
      'MAILCTL_WEBHOOK_PASSWORD', 'MAILCTL_WEBHOOK_CLIENT_SECRET', 'NO_COLOR', 'MAILCTL_DEBUG',
      // cli.md: the archive's MAILCTL_DB and its PostgreSQL password, the pager's MAILCTL_PAGER
      'MAILCTL_DB', 'PGPASSWORD', 'MAILCTL_PAGER',
      // webhook listen and forward read their secrets from stdin or these
      'MAILCTL_WEBHOOK_BEARER_TOKEN', 'MAILCTL_WEBHOOK_SIGNING_SECRET', 'MAILCTL_NO_KEYCHAIN',
      // src/boot/code-cache.ts
      'MAILCTL_CACHE_DIR',
    ]) {
      expect(r.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    }
    expect(r.stdout).toContain('flag > environment > profile > built-in default');
  });

  it('help formats describes the four formats; topics are case-insensitive', async () => {
    const r = await runCli(['help', 'FORMATS']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const format of ['table', 'json', 'ndjson', 'csv']) expect(r.stdout).toMatch(new RegExp(`^  ${format} +\\S`, 'm'));
    expect(r.stdout).toContain('--fields');
  });

  it('every topic line fits 80 columns', async () => {
    for (const topic of ['exit-codes', 'environment', 'formats']) {
      const r = await runCli(['help', topic]);
      const long = r.stdout.split('\n').filter((l) => l.length > 80 && !l.startsWith('  $ '));
      expect(long, topic).toEqual([]);
    }
  });

  it('mailctl --help lists the topics, and `mailctl help` is the same text', async () => {
    // spawned: the binary answers --help from the text the build wrote (dist/help.txt)
    const root = await runSpawned(['--help']);
    expect(root.code).toBe(0);
    expect(root.stdout).toMatch(/^Help topics:\n  mailctl help exit-codes +\S.*\n  mailctl help environment +\S.*\n  mailctl help formats +\S/m);
    const help = await runCli(['help']);
    expect(help).toMatchObject({ code: 0, stdout: root.stdout, stderr: '' });
  });
});

describe('help for commands', () => {
  it('mailctl help COMMAND... prints the same as COMMAND... --help', async () => {
    for (const path of [['campaign', 'schedule'], ['webhook'], ['api'], ['help']]) {
      const viaHelp = await runCli(['help', ...path]);
      const viaFlag = await runCli([...path, '--help']);
      expect(viaHelp.stderr).toBe('');
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
      expect(viaHelp.stdout).toContain(`Usage: mailctl ${path.join(' ')}`);
    }
  });

  it('an unknown help word: exit 2 with the nearest name', async () => {
    const camp = await runCli(['help', 'camp']);
    expect(camp.code).toBe(2);
    expect(camp.stdout).toBe('');
    expect(camp.stderr).toContain('error: unknown help topic or command "camp"');
    expect(camp.stderr).toContain('did you mean "campaign"?');
    const exit = await runCli(['help', 'exit-code']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('did you mean "exit-codes"?');
    const sch = await runCli(['help', 'campaign', 'shedule']);
    expect(sch.code).toBe(2);
    expect(sch.stderr).toContain('unknown command "campaign shedule"');
    expect(sch.stderr).toContain('did you mean "campaign schedule"?');
    const far = await runCli(['help', 'xyzzy']);
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/topics: exit-codes, environment, formats; commands: .*campaign/);
  });
});

describe('unknown commands and options', () => {
  const cases: Array<[string[], RegExp]> = [
    [['camp'], /error: unknown command 'camp'\n\(Did you mean campaign\?\)/],
    [['campain', 'list'], /error: unknown command 'campain'\n\(Did you mean campaign\?\)/],
    [['co'], /error: unknown command 'co'\n\(Did you mean one of commands, completion, config, contact\?\)/],
    [['campaign', 'list', '--stat', 'draft'], /error: unknown option '--stat'\n\(Did you mean --status\?\)/],
    [['campaign', 'sch', 'x'], /error: unknown command 'sch'\n\(Did you mean schedule\?\)/],
    [['campaign', 'list', '--stauts', 'draft'], /error: unknown option '--stauts'\n\(Did you mean --status\?\)/],
    [['webhook', 'list', '--jsn'], /error: unknown option '--jsn'\n\(Did you mean --json\?\)/],
    [['api', 'GET', '/webhooks', '--paginat'], /error: unknown option '--paginat'\n\(Did you mean --paginate\?\)/],
    [['completion', 'bsh'], /error: command-argument value 'bsh' is invalid for argument 'shell'\. Allowed choices are bash, zsh, fish\./],
  ];
  for (const [args, message] of cases) {
    it(`mailctl ${args.join(' ')}: suggests the nearest name, exit 2, nothing sent`, async () => {
      const r = await runCli(args, { env });
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(emu.requests).toHaveLength(0);
    });
  }
});

/** cli.md's command table: the API operation each command's --help must name. */
const OPERATIONS: Record<string, string> = {
  'events list': 'GET /emails/events',
  'email show': 'GET /emails/{requestId}',
  'campaign list': 'GET /campaigns',
  'campaign show': 'GET /campaigns/{campaignId}',
  'campaign events': 'GET /campaigns/{campaignId}/events',
  'campaign schedule': 'POST /campaigns/{campaignId}/schedule',
  'campaign unschedule': 'POST /campaigns/{campaignId}/unschedule',
  'topic update': 'PATCH /audience/topics/{topicId}',
  'contact show': 'GET /audience/contacts/{contactId}',
  'property update': 'PATCH /audience/properties/{propertyId}',
  'segment show': 'GET /audience/segments/{segmentId}',
  'lists attach': 'POST /audience/contacts/lists/bulk',
  'lists detach': 'DELETE /audience/contacts/lists/bulk',
  'webhook list': 'GET /webhooks',
  'webhook set': 'PUT /webhooks/{webhookId}',
};

/** Commands allowed a single example: none. */
const ONE_EXAMPLE = new Set<string>();

/** Commands of the config store and the tool itself: no API operation to name. */
const LOCAL = /^(auth|profile|config|completion|commands|emulator|mcp|help|webhook listen|events prune)\b/;

function isHidden(cmd: Command): boolean {
  return Boolean((cmd as Command & { _hidden?: boolean })._hidden);
}

/** Every visible command that runs something, with its full --help text (examples included). */
function leaves(): Array<{ path: string; cmd: Command; help: string }> {
  const chunks: string[] = [];
  const sink = new PassThrough();
  sink.on('data', (d: Buffer) => chunks.push(d.toString()));
  const program = buildProgram({
    io: { stdout: sink, stderr: sink, stdin: sink, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 200, env: {} },
    version: '0.0.0-test',
    signal: new AbortController().signal,
    disposers: [],
  });
  const out: Array<{ path: string; cmd: Command; help: string }> = [];
  const visit = (cmd: Command, path: string[]) => {
    const visible = cmd.commands.filter((c) => !isHidden(c));
    if (path.length && visible.length === 0) {
      chunks.length = 0;
      cmd.outputHelp();
      out.push({ path: path.join(' '), cmd, help: chunks.join('') });
    }
    for (const sub of visible) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return out;
}

describe('every command teaches through its --help', () => {
  const all = leaves();

  it('covers every command of cli.md that is registered', () => {
    const paths = all.map((l) => l.path);
    const nouns = new Set(paths.map((p) => p.split(' ')[0]));
    for (const path of Object.keys(OPERATIONS)) if (nouns.has(path.split(' ')[0])) expect(paths).toContain(path);
    expect(paths).toEqual(expect.arrayContaining(['api', 'completion', 'help']));
  });

  for (const { path, cmd, help } of all) {
    it(`${path}: a one-line summary, described options, 2-3 examples and the API operation`, () => {
      const description = cmd.description();
      expect(description.length, 'summary').toBeGreaterThan(10);
      expect(description, 'summary on one line').not.toContain('\n');
      for (const option of cmd.options) expect(option.description.length, `${option.flags} needs a description`).toBeGreaterThan(5);
      const examples = help.split('\n').filter((l) => l.startsWith('  $ '));
      expect(help, 'an Examples: section').toMatch(/\nExamples:\n/);
      expect(examples.length, 'two or three examples').toBeGreaterThanOrEqual(ONE_EXAMPLE.has(path) ? 1 : 2);
      expect(examples.length).toBeLessThanOrEqual(3);
      for (const e of examples) expect(e, 'an example runs this command').toContain(`mailctl ${path}`);
      const api = help.split('\n').find((l) => l.startsWith('API: '));
      if (OPERATIONS[path]) expect(api, 'the API operation').toMatch(new RegExp(`^API: ${OPERATIONS[path]!.replace(/[{}/]/g, '\\$&')}( |$)`));
      else if (!LOCAL.test(path)) expect(api, 'the API operation').toBeDefined();
    });
  }

  it('a flag the command cannot run without says (required) in --help, as campaign schedule --at does', async () => {
    const tree = JSON.parse((await runCli(['commands', '--json'])).stdout) as {
      commands: Array<{ path: string; flags: Array<{ name: string; required: boolean }> }>;
    };
    const required = tree.commands.flatMap((c) => c.flags.filter((f) => f.required).map((f) => ({ path: c.path, name: f.name })));
    expect(required).toContainEqual({ path: 'events prune', name: '--before' });
    for (const { path, name } of required) {
      const help = all.find((l) => l.path === path)!.help;
      const row = help.split('\n').find((l) => l.startsWith(`  ${name} `));
      expect(row, `${path} ${name}`).toMatch(/^  --\S+ <[^>]+> +\(required\) /);
    }
  });
});
