import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { emulatorEnv } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli, runInProcess } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';

// topic update, property update, contact show and segment show against the
// emulator: the exact bodies sent, limits checked with zero requests,
// --dry-run, and the API's refusals mapped to exit codes.

const emu = useEmulator({ seed: 3 });
let env: Record<string, string>;
const BAD = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f'; // a UUID the emulator does not know

beforeAll(() => {
  env = emulatorEnv(emu, 'full');
});


const topicId = () => emu.fixtures.topics[0]!;
const propertyId = () => emu.fixtures.properties[1]!;

/**
 * What a terminal shows for `mailctl ARGS` with the emulator's key, without colour: in-process,
 * stdout and stderr both terminals (what a real pseudo-terminal adds is test/terminal's).
 */
const onTty = async (_t: TestContext, args: string[]) => {
  const r = await runInProcess(args, { emulator: emu, stdoutIsTTY: true, stderrIsTTY: true, env: { NO_COLOR: '1', TERM: 'xterm' } });
  return r.stdout + r.stderr;
};

/** Runs a command that must be refused before sending: exit 2, the message, nothing on stdout, no request. */
async function refused(args: string[], message: RegExp): Promise<void> {
  expectUsageError(await runCli(args, { env }), emu.requests, message);
}

describe('topic update', () => {
  it('sends only the given fields and prints the updated topic', async () => {
    const id = topicId();
    const res = await runCli(['topic', 'update', id, '--name', 'Product news', '--visibility', 'private', '--json'], { env });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(emu.requests).toHaveLength(1);
    const [req] = emu.requests;
    expect(req!.method).toBe('PATCH');
    expect(req!.path).toBe(`/audience/topics/${id}`);
    expect(req!.body).toEqual({ name: 'Product news', visibility: 'private' });
    const topic = JSON.parse(res.stdout);
    expect(topic).toMatchObject({ id, name: 'Product news', visibility: 'private' });
    expect(emu.store.teams.main.topics.get(id)).toMatchObject({ name: 'Product news', visibility: 'private' });
  });

  it('--description sends the text, --clear-description sends null', async () => {
    const id = topicId();
    const set = await runCli(['topic', 'update', id, '--description', 'Monthly digest'], { env });
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('description\tMonthly digest\n');
    const clear = await runCli(['topic', 'update', id, '--clear-description'], { env });
    expect(clear.code).toBe(0);
    expect(emu.requests.map((r) => r.body)).toEqual([{ description: 'Monthly digest' }, { description: null }]);
    expect(emu.store.teams.main.topics.get(id)!.description).toBeNull();
  });

  it('a pipe gets key<TAB>value lines', async () => {
    const res = await runCli(['topic', 'update', topicId(), '--visibility', 'public'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual([
      'id', 'name', 'description', 'visibility', 'default_subscription', 'contacts_count', 'created_at', '',
    ]);
    expect(res.stdout).toContain('visibility\tpublic\n');
  });

  it('limits are checked before sending: 255 / 1000 characters, counted as characters', async () => {
    const id = topicId();
    await refused(['topic', 'update', id, '--name', 'x'.repeat(256)], /^error: --name: must be at most 255 characters \(this one has 256\)/);
    await refused(['topic', 'update', id, '--description', 'd'.repeat(1001)], /^error: --description: must be at most 1000 characters/);
    // 255 characters outside the BMP are 510 UTF-16 units: still 255 characters.
    const dry = await runCli(['topic', 'update', id, '--name', '😀'.repeat(255), '--description', 'd'.repeat(1000), '--dry-run', '--json'], { env });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).body).toEqual({ name: '😀'.repeat(255), description: 'd'.repeat(1000) });
    expect(emu.requests).toHaveLength(0);
    const edge = await runCli(['topic', 'update', id, '--name', 'n'.repeat(255)], { env });
    expect(edge.code).toBe(0);
    expect(emu.requests).toHaveLength(1);
  });

  const usage: Array<[string, string[], RegExp]> = [
    ['no field at all', [], /^error: nothing to update: give at least one of --name, --description, --clear-description, --visibility/],
    ['--description with --clear-description', ['--description', 'x', '--clear-description'], /^error: --description and --clear-description cannot be used together/],
    ['an unknown visibility', ['--visibility', 'secret'], /^error: --visibility: must be one of public, private \(got "secret"\)/],
    ['an empty name', ['--name', ' '], /^error: --name: must not be empty/],
    ['an empty description', ['--description', ''], /^error: --description: must not be empty; use --clear-description/],
    ['--default-subscription (immutable, no flag)', ['--default-subscription', 'opt_out'], /unknown option '--default-subscription'/],
  ];
  for (const [what, flags, message] of usage) {
    it(`refuses ${what} with exit 2 and no request`, () => refused(['topic', 'update', topicId(), ...flags], message));
  }

  it('refuses an id that is not a UUID', () => refused(['topic', 'update', 'abc', '--name', 'x'], /^error: TOPIC_ID: must be a UUID.*\(got "abc"\)/));

  it('refuses an unknown --fields name before sending', () =>
    refused(['topic', 'update', topicId(), '--name', 'x', '--fields', 'nope'], /--fields: unknown field "nope"/));

  it('--dry-run prints method, URL and body and sends nothing', async () => {
    const id = topicId();
    const res = await runCli(['topic', 'update', id, '--clear-description', '--name', 'N', '--dry-run'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`PATCH ${emu.baseUrl}/audience/topics/${id}\n{\n  "name": "N",\n  "description": null\n}\n`);
    expect(res.stderr).toBe('dry run: nothing was sent\n');
    const json = await runCli(['topic', 'update', id, '--visibility', 'public', '--dry-run', '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual({ dry_run: true, method: 'PATCH', url: `${emu.baseUrl}/audience/topics/${id}`, body: { visibility: 'public' } });
    expect(emu.requests).toHaveLength(0);
  });

  it('a sandbox key is refused before sending (the API would answer 403): exit 3', async () => {
    const res = await runCli(['topic', 'update', topicId(), '--name', 'x'], { env: emulatorEnv(emu, 'sandbox') });
    expect(res.code).toBe(3);
    expect(emu.requests).toHaveLength(0);
    expect(res.stderr).toContain('error: sandbox API keys cannot update topics: the API refuses them on PATCH /audience/topics/{topicId} (nothing was sent)');
    expect(res.stdout).toBe('');
  });

  it('a topic that does not exist: exit 4; a read-only key: exit 3', async () => {
    expect((await runCli(['topic', 'update', BAD, '--name', 'x'], { env })).code).toBe(4);
    expect((await runCli(['topic', 'update', topicId(), '--name', 'x'], { env: emulatorEnv(emu, 'read_only') })).code).toBe(3);
    expect(emu.requests.map((r) => r.status)).toEqual([404, 403]);
  });
});

describe('property update', () => {
  it('--fallback-value sends only fallback_value, never name or type', async () => {
    const id = propertyId();
    const res = await runCli(['property', 'update', id, '--fallback-value', 'there', '--json'], { env });
    expect(res.code).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'PATCH', path: `/audience/properties/${id}`, body: { fallback_value: 'there' } });
    expect(Object.keys(emu.requests[0]!.body as object)).toEqual(['fallback_value']);
    expect(JSON.parse(res.stdout)).toMatchObject({ id, fallback_value: 'there' });
  });

  it('--clear-fallback sends null; an empty --fallback-value is an empty string', async () => {
    const id = propertyId();
    expect((await runCli(['property', 'update', id, '--clear-fallback'], { env })).code).toBe(0);
    expect(emu.store.teams.main.properties.get(id)!.fallback_value).toBeNull();
    expect((await runCli(['property', 'update', id, '--fallback-value', ''], { env })).code).toBe(0);
    expect(emu.requests.map((r) => r.body)).toEqual([{ fallback_value: null }, { fallback_value: '' }]);
  });

  it('a pipe gets key<TAB>value lines', async () => {
    const res = await runCli(['property', 'update', propertyId(), '--fallback-value', 'friend'], { env });
    expect(res.stdout).toMatch(/^id\t[0-9a-f-]{36}\nname\t\w+\ntype\tstring\nfallback_value\tfriend\ncreated_at\t\S+\n$/);
  });

  it('limits and conflicts are checked before sending', async () => {
    const id = propertyId();
    await refused(['property', 'update', id, '--fallback-value', 'v'.repeat(256)], /^error: --fallback-value: must be at most 255 characters/);
    await refused(['property', 'update', id], /^error: nothing to update: give --fallback-value TEXT or --clear-fallback/);
    await refused(['property', 'update', id, '--fallback-value', 'x', '--clear-fallback'], /^error: --fallback-value and --clear-fallback cannot be used together/);
    await refused(['property', 'update', 'nope', '--clear-fallback'], /^error: PROPERTY_ID: must be a UUID/);
    await refused(['property', 'update', id, '--name', 'x'], /unknown option '--name'/);
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const id = propertyId();
    const res = await runCli(['property', 'update', id, '--fallback-value', 'v'.repeat(255), '--dry-run', '--json'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ dry_run: true, method: 'PATCH', url: `${emu.baseUrl}/audience/properties/${id}`, body: { fallback_value: 'v'.repeat(255) } });
    expect(emu.requests).toHaveLength(0);
  });

  it('--dry-run with a sandbox key checks what a real run checks: refused, exit 3', async () => {
    const res = await runCli(['property', 'update', propertyId(), '--clear-fallback', '--dry-run'], { env: emulatorEnv(emu, 'sandbox') });
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('sandbox API keys cannot update properties');
    expect(res.stdout).toBe('');
    expect(emu.requests).toHaveLength(0);
  });

  it('a sandbox key: refused before sending, exit 3; an unknown property: exit 4', async () => {
    expect((await runCli(['property', 'update', propertyId(), '--clear-fallback'], { env: emulatorEnv(emu, 'sandbox') })).code).toBe(3);
    expect((await runCli(['property', 'update', BAD, '--clear-fallback'], { env })).code).toBe(4);
    expect(emu.requests.map((r) => r.status)).toEqual([404]);
  });
});

describe('contact show', () => {
  it('json prints the API object; a pipe gets fields, then property/list/topic rows', async () => {
    const id = emu.fixtures.contacts[0]!;
    const c = emu.store.teams.main.contacts.get(id)!;
    const json = await runCli(['contact', 'show', id, '--json'], { env });
    expect(json.code).toBe(0);
    const obj = JSON.parse(json.stdout);
    expect(obj).toMatchObject({ id, email: c.email, status: c.status, properties: c.properties });
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: `/audience/contacts/${id}` });

    const pipe = await runCli(['contact', 'show', id], { env });
    expect(pipe.code).toBe(0);
    const lines = pipe.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 4)).toEqual([`id\t${id}`, `email\t${c.email}`, `status\t${c.status}`, `created_at\t${obj.created_at}`]);
    const rest = lines.slice(4);
    expect(rest.filter((l) => l.startsWith('property\t'))).toEqual(Object.entries(c.properties).map(([k, v]) => `property\t${k}\t${v}`));
    expect(rest.filter((l) => l.startsWith('list\t'))).toEqual(obj.lists.map((l: { id: string; name: string }) => `list\t${l.id}\t${l.name}`));
    expect(rest.filter((l) => l.startsWith('topic\t'))).toEqual(obj.topics.map((t: { id: string; name: string }) => `topic\t${t.id}\t${t.name}`));
    expect(rest.length).toBe(Object.keys(c.properties).length + obj.lists.length + obj.topics.length);
  });

  it('a terminal gets labelled fields and small tables', async (t) => {
    const id = emu.fixtures.contacts[0]!;
    const c = emu.store.teams.main.contacts.get(id)!;
    const out = await onTty(t, ['contact', 'show', id]);
    expect(out).toMatch(new RegExp(`^Email\\s+${c.email.replace('.', '\\.')}$`, 'm'));
    expect(out).toMatch(/^Properties\nNAME\s+VALUE\n/m);
    expect(out).toMatch(/^Lists\n(NAME\s+ID|\(none\))\n/m);
    expect(out).toMatch(/^Topics\n(NAME\s+ID|\(none\))\n/m);
  });

  it('a read-only key may read; bad and unknown ids', async () => {
    expect((await runCli(['contact', 'show', emu.fixtures.contacts[1]!], { env: emulatorEnv(emu, 'read_only') })).code).toBe(0);
    expect((await runCli(['contact', 'show', BAD], { env })).code).toBe(4);
    expect(emu.requests.map((r) => r.status)).toEqual([200, 404]);
    emu.clearRequests();
    await refused(['contact', 'show', 'someone@example.com'], /^error: CONTACT_ID: must be a UUID/);
  });
});

describe('segment show', () => {
  const segment = (name: string) => [...emu.store.teams.main.segments.values()].find((s) => s.name.startsWith(name))!;

  it('renders groups readably, as service-api-rest 2.14 combines them: AND between groups, OR within one', async () => {
    const s = segment('Example.com readers');
    const res = await runCli(['segment', 'show', s.id], { env });
    expect(res.code).toBe(0);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: `/audience/segments/${s.id}` });
    const list = emu.store.teams.main.lists.get(s.list_id!)!;
    expect(res.stdout).toContain(`list_id\t${list.id}\nlist_name\t${list.name}\ncached_contacts_count\t${s.cached_contacts_count}\n`);
    expect(res.stdout).toContain('conditions\temail ends_with "@example.com" AND (plan equals "enterprise" OR country equals "FR")\n');
  });

  it('a terminal gets one line per group under a heading that says how they combine', async (t) => {
    const out = await onTty(t, ['segment', 'show', segment('Example.com readers').id]);
    expect(out).toContain('Conditions: every one of these groups (any condition within a group may hold)\n');
    expect(out).toMatch(/^Group 1\s+email ends_with "@example\.com"$/m);
    expect(out).toMatch(/^Group 2\s+plan equals "enterprise" OR country equals "FR"$/m);
  });

  it('null list and count (service-notes) print as empty in a pipe, "not counted yet" on a terminal', async (t) => {
    const s = segment('Legacy import');
    const res = await runCli(['segment', 'show', s.id], { env });
    expect(res.stdout).toContain('list_id\t\nlist_name\t\ncached_contacts_count\t\n');
    expect(res.stdout).toContain('conditions\temail contains "legacy"\n');
    const out = await onTty(t, ['segment', 'show', s.id]);
    expect(out).toMatch(/^Cached contacts\s+not counted yet$/m);
  });

  it('json prints the API object; csv carries the conditions line; --fields picks', async () => {
    const s = segment('Example.com readers');
    const json = await runCli(['segment', 'show', s.id, '--json'], { env });
    expect(JSON.parse(json.stdout).condition_groups).toEqual(s.condition_groups);
    const csv = await runCli(['segment', 'show', s.id, '-o', 'csv', '--fields', 'name,conditions'], { env });
    expect(csv.stdout).toBe(`name,conditions\r\n${s.name},"email ends_with ""@example.com"" AND (plan equals ""enterprise"" OR country equals ""FR"")"\r\n`);
  });

  it('bad and unknown ids', async () => {
    expect((await runCli(['segment', 'show', BAD], { env })).code).toBe(4);
    emu.clearRequests();
    await refused(['segment', 'show', 'x'], /^error: SEGMENT_ID: must be a UUID/);
  });
});
