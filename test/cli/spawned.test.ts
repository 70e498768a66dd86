// One spawned bin/mailctl.js run per API verb: most command tests run in-process
// (helpers/context.ts), so this proves the built binary end to end for each
// verb: exit 0, data on stdout, stderr free of errors, and the one request the
// emulator received. Exit codes of failures, signals and start-up have their own
// spawned suites (core/exit-codes, hostile/interrupt, core/startup).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type ExpectStatic } from 'vitest';
import { emulatorEnv, runCli, tempDir } from '../helpers/cli.js';
import { runCliInProcess, useEmulator } from '../helpers/context.js';
import { keyValues, tsvRows } from '../helpers/parse.js';

const emu = useEmulator({ seed: 31, events: 40, contacts: 10 }, { clearEach: false });
const emulator = () => emu;
const sent = (method: string, path: string) => emulator().requests.filter((q) => q.method === method && q.path === path);

interface Case {
  args: () => string[];
  method: string;
  path: () => string;
  /** what stdout must show */
  /** `expect`: the running test's own (the cases run concurrently). */
  check: (stdout: string, expect: ExpectStatic) => void;
}

const bodyFile = join(tempDir('mailctl-spawned-body-'), 'body.txt');
writeFileSync(bodyFile, 'Hello from the built binary.\n');

const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 19) + 'Z';

const CASES: Record<string, Case> = {
  'events list': {
    args: () => ['events', 'list', '--limit', '3', '--json'],
    method: 'GET',
    path: () => '/emails/events',
    check: (out, expect) => expect(JSON.parse(out)).toHaveLength(3),
  },
  'email show': {
    args: () => ['email', 'show', emulator().fixtures.requestIds[0]!, '--json'],
    method: 'GET',
    path: () => `/emails/${emulator().fixtures.requestIds[0]}`,
    check: (out, expect) => expect(JSON.parse(out)).toBeTypeOf('object'),
  },
  'campaign list': {
    args: () => ['campaign', 'list'],
    method: 'GET',
    path: () => '/campaigns',
    check: (out, expect) => expect(tsvRows(out).length).toBeGreaterThan(0),
  },
  'campaign show': {
    args: () => ['campaign', 'show', emulator().fixtures.campaigns.sent],
    method: 'GET',
    path: () => `/campaigns/${emulator().fixtures.campaigns.sent}`,
    check: (out, expect) => expect(keyValues(out).id).toBe(emulator().fixtures.campaigns.sent),
  },
  'campaign events': {
    args: () => ['campaign', 'events', emulator().fixtures.campaignWithEvents, '--limit', '2', '--json'],
    method: 'GET',
    path: () => `/campaigns/${emulator().fixtures.campaignWithEvents}/events`,
    check: (out, expect) => expect(JSON.parse(out)).toHaveLength(2),
  },
  'campaign schedule': {
    args: () => ['campaign', 'schedule', emulator().fixtures.campaigns.draft, '--at', future, '--json'],
    method: 'POST',
    path: () => `/campaigns/${emulator().fixtures.campaigns.draft}/schedule`,
    check: (out, expect) => expect(JSON.parse(out).status).toBe('scheduled'),
  },
  'campaign unschedule': {
    args: () => ['campaign', 'unschedule', emulator().fixtures.campaigns.scheduled, '--json'],
    method: 'POST',
    path: () => `/campaigns/${emulator().fixtures.campaigns.scheduled}/unschedule`,
    check: (out, expect) => expect(JSON.parse(out).status).toBe('draft'),
  },
  'topic update': {
    args: () => ['topic', 'update', emulator().fixtures.topics[0]!, '--name', 'Spawned', '--json'],
    method: 'PATCH',
    path: () => `/audience/topics/${emulator().fixtures.topics[0]}`,
    check: (out, expect) => expect(JSON.parse(out).name).toBe('Spawned'),
  },
  'contact show': {
    args: () => ['contact', 'show', emulator().fixtures.contacts[0]!, '--json'],
    method: 'GET',
    path: () => `/audience/contacts/${emulator().fixtures.contacts[0]}`,
    check: (out, expect) => expect(JSON.parse(out).id).toBe(emulator().fixtures.contacts[0]),
  },
  'property update': {
    args: () => ['property', 'update', emulator().fixtures.properties[0]!, '--fallback-value', 'n/a', '--json'],
    method: 'PATCH',
    path: () => `/audience/properties/${emulator().fixtures.properties[0]}`,
    check: (out, expect) => expect(JSON.parse(out).fallback_value).toBe('n/a'),
  },
  'segment show': {
    args: () => ['segment', 'show', emulator().fixtures.segments[0]!, '--json'],
    method: 'GET',
    path: () => `/audience/segments/${emulator().fixtures.segments[0]}`,
    check: (out, expect) => expect(JSON.parse(out).id).toBe(emulator().fixtures.segments[0]),
  },
  'lists attach': {
    args: () => ['lists', 'attach', '--contact', emulator().fixtures.contacts[1]!, '--list', emulator().fixtures.lists[0]!, '--json'],
    method: 'POST',
    path: () => '/audience/contacts/lists/bulk',
    check: (out, expect) => expect(JSON.parse(out).total_pairs).toBe(1),
  },
  'lists detach': {
    args: () => ['lists', 'detach', '--contact', emulator().fixtures.contacts[2]!, '--list', emulator().fixtures.lists[1]!, '--yes', '--json'],
    method: 'DELETE',
    path: () => '/audience/contacts/lists/bulk',
    check: (out, expect) => expect(JSON.parse(out).total_pairs).toBe(1),
  },
  'webhook list': {
    args: () => ['webhook', 'list', '--json'],
    method: 'GET',
    path: () => '/webhooks',
    check: (out, expect) => expect(JSON.parse(out)).toHaveLength(emulator().fixtures.webhooks.length),
  },
  'webhook set': {
    args: () => ['webhook', 'set', emulator().fixtures.webhooks[0]!, '--name', 'Spawned', '--json'],
    method: 'PUT',
    path: () => `/webhooks/${emulator().fixtures.webhooks[0]}`,
    check: (out, expect) => expect(JSON.parse(out).name).toBe('Spawned'),
  },
  'email send': {
    args: () => ['email', 'send', '--from', 'hello@acme.example', '--to', 'spawned@example.com', '--subject', 'Spawned', '--text', bodyFile, '--json'],
    method: 'POST',
    path: () => '/emails',
    check: (out, expect) => expect(JSON.parse(out)).toMatchObject({ accepted: 1, rejected: 0 }),
  },
  'email list': {
    args: () => ['email', 'list', '--limit', '2', '--json'],
    method: 'GET',
    path: () => '/emails',
    check: (out, expect) => expect(Array.isArray(JSON.parse(out))).toBe(true),
  },
  'campaign send': {
    args: () => ['campaign', 'send', emulator().fixtures.preflight.ready, '--yes', '--json'],
    method: 'POST',
    path: () => `/campaigns/${emulator().fixtures.preflight.ready}/send`,
    check: (out, expect) => expect(JSON.parse(out).status).toBe('preparing'),
  },
  'project list': {
    args: () => ['project', 'list', '--json'],
    method: 'GET',
    path: () => '/projects',
    check: (out, expect) => expect(JSON.parse(out).length).toBeGreaterThan(0),
  },
  api: {
    args: () => ['api', 'PATCH', `/audience/topics/${emulator().fixtures.topics[1]}`, '--field', 'name=Via api'],
    method: 'PATCH',
    path: () => `/audience/topics/${emulator().fixtures.topics[1]}`,
    check: (out, expect) => expect(JSON.stringify(JSON.parse(out))).toContain('Via api'),
  },
};

// Each case touches its own path, so they can run at once on one emulator.
describe.concurrent('every API verb through the built binary', () => {
  for (const [verb, c] of Object.entries(CASES)) {
    it(verb, async ({ expect }) => {
      const r = await runCli(c.args(), { env: emulatorEnv(emulator()) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/^error:/m);
      c.check(r.stdout, expect);
      expect(sent(c.method, c.path())).toHaveLength(1);
    });
  }
});

describe('the config-store verbs through the built binary', () => {
  it('auth login, auth status, auth logout', async () => {
    const configDir = tempDir('mailctl-spawned-');
    const emu = emulator();
    const login = await runCli(['auth', 'login', '--base-url', emu.baseUrl], { configDir, input: `${emu.keys.full}\n` });
    expect(login.code, login.stderr).toBe(0);
    const status = await runCli(['auth', 'status'], { configDir });
    expect(status.code, status.stderr).toBe(0);
    expect(`${status.stdout}${status.stderr}`).not.toContain(emu.keys.full);
    const logout = await runCli(['auth', 'logout'], { configDir });
    expect(logout.code, logout.stderr).toBe(0);
    // what logout left in the config, read in-process: a command has no key now
    const after = await runCliInProcess(['webhook', 'list'], { configDir, env: { MAILCTL_BASE_URL: emu.baseUrl } });
    expect(after.code).toBe(3);
  });
});
