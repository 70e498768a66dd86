import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import contactImport from '../../src/commands/contact/import.js';
import contactUpdate from '../../src/commands/contact/update.js';
import listsCreate from '../../src/commands/lists/create.js';
import propertyCreate from '../../src/commands/property/create.js';
import { tempDir } from '../helpers/cli.js';
import { emulatorEnv } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';

// The audience commands of issue 28 against the emulator: lists, topics,
// properties (list, show, create, delete): what is printed, the exit code and
// the exact requests received.

const emu = useEmulator({ seed: 3 });
let env: Record<string, string>;
const BAD = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f'; // a UUID the emulator does not know

beforeAll(() => {
  env = emulatorEnv(emu, 'full');
});

const sent = () => emu.requests.map((r) => ({ method: r.method, path: r.path, ...(r.body === undefined ? {} : { body: r.body }) }));

describe('lists', () => {
  it('list: one page in a pipe, TSV, with the next-page command on stderr', async () => {
    const res = await runCli(['lists', 'list', '--per-page', '1'], { env });
    expect(res.code).toBe(0);
    const rows = res.stdout.trim().split('\n');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.split('\t')).toHaveLength(3);
    expect(res.stderr).toContain('mailctl lists list --per-page 1 --page 2');
    expect(emu.requests[0]!.query).toMatchObject({ per_page: '1' });
  });

  it('list --all --json: every list, following pages of 100', async () => {
    const res = await runCli(['lists', 'list', '--all', '--json'], { env });
    expect(res.code).toBe(0);
    const lists = JSON.parse(res.stdout) as { id: string; contacts_count: number }[];
    expect(lists.length).toBe(emu.store.teams.main.lists.size);
    expect(emu.requests[0]!.query).toMatchObject({ per_page: '100' });
  });

  it('--page has no upper bound here (REST spec 10: page >= 1, none stated): page 10001 is asked for', async () => {
    const res = await runCli(['lists', 'list', '--page', '10001', '--json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([]);
    expect(emu.requests.map((r) => r.query)).toEqual([{ page: '10001' }]);
  });

  it('create sends the name and prints the list; show reads it back', async () => {
    const res = await runCli(['lists', 'create', '--name', 'Release QA crew', '--json'], { env });
    expect(res.code).toBe(0);
    const list = JSON.parse(res.stdout) as { id: string; name: string; contacts_count: number };
    expect(list).toMatchObject({ name: 'Release QA crew', contacts_count: 0 });
    expect(sent()).toEqual([{ method: 'POST', path: '/audience/lists', body: { name: 'Release QA crew' } }]);
    const show = await runCli(['lists', 'show', list.id], { env });
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('name\tRelease QA crew\n');
  });

  it('update renames; --dry-run sends nothing', async () => {
    const id = emu.fixtures.lists[0]!;
    const dry = await runCli(['lists', 'update', id, '--name', 'Renamed', '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`PATCH`);
    expect(emu.requests).toHaveLength(0);
    const res = await runCli(['lists', 'update', id, '--name', 'Renamed'], { env });
    expect(res.code).toBe(0);
    expect(sent()).toEqual([{ method: 'PATCH', path: `/audience/lists/${id}`, body: { name: 'Renamed' } }]);
    expect(emu.store.teams.main.lists.get(id)!.name).toBe('Renamed');
  });

  it('create refuses a name over 255 characters before sending', async () => {
    expectUsageError(await runCli(['lists', 'create', '--name', 'x'.repeat(256)], { env }), emu.requests, /--name/);
  });

  it('delete without --yes in a pipe: exit 2, nothing sent', async () => {
    expectUsageError(await runCli(['lists', 'delete', emu.fixtures.lists[0]!], { env }), emu.requests, /--yes/);
  });

  it('delete one id with --yes: DELETE /audience/lists/{id}', async () => {
    const id = emu.fixtures.lists[2]!;
    const res = await runCli(['lists', 'delete', id, '--yes', '--json'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ id, deleted: true });
    expect(sent()).toEqual([{ method: 'DELETE', path: `/audience/lists/${id}` }]);
  });

  it('delete several ids: one DELETE /audience/lists/bulk', async () => {
    const [a, b] = [emu.fixtures.lists[3], emu.fixtures.lists[4]];
    const res = await runCli(['lists', 'delete', a!, b!, '--yes', '-o', 'ndjson'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([{ id: a, deleted: true }, { id: b, deleted: true }]);
    expect(sent()).toEqual([{ method: 'DELETE', path: '/audience/lists/bulk', body: { list_ids: [a, b] } }]);
  });

  it('delete --if-exists: a missing list is a no-op, exit 0', async () => {
    const res = await runCli(['lists', 'delete', BAD, '--yes', '--if-exists'], { env });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('does not exist');
    const many = await runCli(['lists', 'delete', BAD, emu.fixtures.lists[1]!, '--yes', '--if-exists', '--json'], { env });
    expect(many.code).toBe(0);
    expect(JSON.parse(many.stdout)).toEqual([{ id: BAD, deleted: false }, { id: emu.fixtures.lists[1], deleted: true }]);
    expect(emu.requests.at(-1)!.body).toEqual({ list_ids: [emu.fixtures.lists[1]] });
  });

  it('delete several ids without --yes in a pipe: exit 2 before any request, with --if-exists too and whether the lists exist or not', async () => {
    const existing = emu.fixtures.lists[0]!;
    for (const ids of [[BAD, existing], [BAD, BAD.replace(/.$/, '9')]]) {
      for (const extra of [[], ['--if-exists']]) {
        emu.clearRequests();
        const res = await runCli(['lists', 'delete', ...ids, ...extra], { env });
        expectUsageError(res, emu.requests, /^error: lists delete would delete 2 lists: pass --yes to confirm when not at a terminal$/m);
      }
    }
  });

  it('delete several ids, one left after --if-exists: the question counts one list', async () => {
    const { runInProcess } = await import('../helpers/context.js');
    const list = emu.fixtures.lists[0]!;
    const res = await runInProcess(['lists', 'delete', BAD, list, '--if-exists'], { emulator: emu, stdinIsTTY: true, stderrIsTTY: true, stdin: 'n\n' });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/Delete 1 list: "/);
    expect(emu.store.teams.main.lists.has(list)).toBe(true);
  });

  it('delete several with an unknown id, without --if-exists: the bulk refusal names that id by itself, not by its place', async () => {
    const keep = [...emu.store.teams.main.lists.keys()].at(-1)!; // one still there after the tests above
    const res = await runCli(['lists', 'delete', keep, BAD, '--yes'], { env });
    expect(res.code).toBe(5);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`\n  not lists of this team (unknown, deleted or another team's): ${BAD}\n`);
    expect(res.stderr).toContain('hint: --if-exists skips lists that are gone');
    expect(sent()).toEqual([{ method: 'DELETE', path: '/audience/lists/bulk', body: { list_ids: [keep, BAD] } }]);
    expect(emu.store.teams.main.lists.has(keep)).toBe(true);
  });

  it('delete several with --if-exists, a list gone between the reads and the bulk request: the refusal names it, without suggesting --if-exists again', async () => {
    const [a, b] = [...emu.store.teams.main.lists.keys()].slice(-2) as [string, string];
    emu.scriptFault({
      method: 'DELETE', path: '/audience/lists/bulk', status: 422, times: 1,
      body: JSON.stringify({ message: 'The given data was invalid.', error_code: 'validation_error', errors: { 'list_ids.1': ['The selected list_ids.1 is invalid.'] } }),
    });
    const res = await runCli(['lists', 'delete', a, b, '--yes', '--if-exists'], { env });
    emu.clearFaults();
    expect(res.code).toBe(5);
    expect(res.stderr).toContain(`not lists of this team (unknown, deleted or another team's): ${b}`);
    expect(res.stderr).not.toContain('--if-exists skips');
  });

  it('delete a missing list without --if-exists: exit 3 (not found)', async () => {
    const res = await runCli(['lists', 'delete', BAD, '--yes'], { env });
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe('');
  });

  it('add and remove one contact', async () => {
    const list = emu.fixtures.lists[0]!;
    const contact = emu.fixtures.contacts[0]!;
    const add = await runCli(['lists', 'add', list, '--contact', contact, '--json'], { env });
    expect(add.code).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ contact_id: contact, list_id: list, member: true });
    const remove = await runCli(['lists', 'remove', list, '--contact', contact, '--yes', '--json'], { env });
    expect(remove.code).toBe(0);
    expect(JSON.parse(remove.stdout)).toMatchObject({ member: false });
    expect(sent()).toEqual([
      { method: 'POST', path: `/audience/contacts/${contact}/lists/${list}` },
      { method: 'DELETE', path: `/audience/contacts/${contact}/lists/${list}` },
    ]);
  });

  it('remove is a delete (a DELETE request): --yes without a terminal, --if-exists makes a 404 a no-op', async () => {
    const contact = emu.fixtures.contacts[0]!;
    const refused = await runCli(['lists', 'remove', emu.fixtures.lists[0]!, '--contact', contact], { env });
    expectUsageError(refused, emu.requests, /lists remove would remove contact .* pass --yes/);
    const notFound = await runCli(['lists', 'remove', BAD, '--contact', contact, '--yes'], { env });
    expect(notFound.code, notFound.stderr).toBe(4);
    const noop = await runCli(['lists', 'remove', BAD, '--contact', contact, '--yes', '--if-exists', '--json'], { env });
    expect(noop.code, noop.stderr).toBe(0);
    expect(JSON.parse(noop.stdout)).toEqual({ contact_id: contact, list_id: BAD, member: false, changed: false });
    expect(sent()).toEqual([
      { method: 'DELETE', path: `/audience/contacts/${contact}/lists/${BAD}` },
      { method: 'DELETE', path: `/audience/contacts/${contact}/lists/${BAD}` },
    ]);
  });
});

describe('topics', () => {
  it('list prints CSV with a header', async () => {
    const res = await runCli(['topic', 'list', '-o', 'csv'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout.split(/\r?\n/)[0]).toBe('id,name,visibility,default_subscription,contacts_count,created_at');
  });

  it('create sends only the given fields', async () => {
    const res = await runCli(['topic', 'create', '--name', 'Digest', '--default-subscription', 'opt_out', '--json'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ name: 'Digest', default_subscription: 'opt_out' });
    expect(sent()).toEqual([{ method: 'POST', path: '/audience/topics', body: { name: 'Digest', default_subscription: 'opt_out' } }]);
  });

  it('create refuses an unknown --visibility', async () => {
    expectUsageError(await runCli(['topic', 'create', '--name', 'x', '--visibility', 'secret'], { env }), emu.requests, /--visibility/);
  });

  it('show and delete', async () => {
    const id = emu.fixtures.topics[0]!;
    const show = await runCli(['topic', 'show', id, '--json'], { env });
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout).id).toBe(id);
    const del = await runCli(['topic', 'delete', id, '--yes'], { env });
    expect(del.code).toBe(0);
    expect(emu.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/audience/topics/${id}` });
  });
});

describe('properties', () => {
  it('create checks the name before sending', async () => {
    expectUsageError(await runCli(['property', 'create', '--name', 'First Name', '--type', 'string'], { env }), emu.requests, /--name/);
    expectUsageError(await runCli(['property', 'create', '--name', 'plan'], { env }), emu.requests, /--type/);
  });

  it('create, list, show, delete', async () => {
    const res = await runCli(['property', 'create', '--name', 'tier', '--type', 'string', '--fallback-value', 'free', '--json'], { env });
    expect(res.code).toBe(0);
    const p = JSON.parse(res.stdout) as { id: string };
    expect(emu.requests[0]!.body).toEqual({ name: 'tier', type: 'string', fallback_value: 'free' });
    const list = await runCli(['property', 'list', '--all', '-o', 'ndjson'], { env });
    expect(list.stdout).toContain('"name":"tier"');
    const show = await runCli(['property', 'show', p.id, '--fields', 'name,type'], { env });
    expect(show.stdout).toBe('name\ttier\ntype\tstring\n');
    const del = await runCli(['property', 'delete', p.id, '--yes'], { env });
    expect(del.code).toBe(0);
  });
});

describe('deletes on a terminal name what will be lost', () => {
  const tty = { stdinIsTTY: true, stderrIsTTY: true, stdin: 'n\n' };

  it('lists delete: the list name and its contact count; declining deletes nothing', async () => {
    const { runInProcess } = await import('../helpers/context.js');
    const id = emu.fixtures.lists[5] ?? emu.fixtures.lists[0]!;
    const list = emu.store.teams.main.lists.get(id)!;
    const res = await runInProcess(['lists', 'delete', id], { emulator: emu, ...tty });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain(`"${list.name}"`);
    expect(res.stderr).toMatch(/\d+ contacts? lose this list/);
    expect(res.requests.map((r) => r.method)).toEqual(['GET']);
    expect(emu.store.teams.main.lists.has(id)).toBe(true);
  });

  it('lists delete of several with an unknown id: the error names that id, nothing is asked or deleted', async () => {
    const { runInProcess } = await import('../helpers/context.js');
    const id = [...emu.store.teams.main.lists.keys()].at(-1)!; // one still there after the tests above
    const res = await runInProcess(['lists', 'delete', id, BAD], { emulator: emu, ...tty });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain(`list ${BAD} does not exist`);
    expect(res.stderr).not.toContain('?');
    expect(res.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
    expect(emu.store.teams.main.lists.has(id)).toBe(true);
  });

  it('contact delete: the address, memberships and subscriptions', async () => {
    const { runInProcess } = await import('../helpers/context.js');
    const id = emu.fixtures.contacts[4]!;
    const contact = emu.store.teams.main.contacts.get(id)!;
    const res = await runInProcess(['contact', 'delete', id], { emulator: emu, ...tty });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain(contact.email);
    expect(res.stderr).toMatch(/list membership/);
    expect(res.stderr).toMatch(/topic subscription/);
    expect(res.requests.map((r) => r.method)).toEqual(['GET']);
  });
});

describe('every delete checks --fields before anything is sent (its row has id and deleted)', () => {
  const deletes = (): [string, string, string][] => [
    ['contact', 'delete', emu.fixtures.contacts[6]!],
    ['segment', 'delete', emu.fixtures.segments[1]!],
    ['topic', 'delete', emu.fixtures.topics[1]!],
    ['property', 'delete', emu.fixtures.properties[1]!],
    ['lists', 'delete', emu.fixtures.lists[1]!],
    ['webhook', 'delete', emu.fixtures.webhooks[1]!],
    ['domain', 'remove', emu.fixtures.domains[2]!],
    ['template', 'delete', emu.fixtures.templates[1]!],
  ];

  it('an unknown field is a usage error naming the valid ones: with --dry-run, and with --yes (existing or missing id), nothing sent', async () => {
    for (const [noun, verb, id] of deletes()) {
      for (const extra of [['--dry-run'], ['--yes'], ['--yes', '--if-exists']]) {
        emu.clearRequests();
        const res = await runCli([noun, verb, id, ...extra, '--fields', 'nope'], { env });
        expectUsageError(res, emu.requests, '--fields: unknown field "nope"');
        expect(res.stderr, `${noun} ${verb} ${extra.join(' ')}`).toContain('valid fields: id, deleted');
      }
    }
  });

  it('a known field is kept', async () => {
    const res = await runCli(['topic', 'delete', BAD, '--yes', '--if-exists', '--fields', 'deleted', '--json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ deleted: false });
  });
});

describe('the examples of the help, with the emulator\'s ids', () => {
  /** The words of an example after `mailctl`, its UUIDs replaced in order by `ids`. */
  const words = (example: string, ids: string[]) => {
    let i = 0;
    return example.split(' ').slice(1).map((w) => (/^[0-9a-f]{8}-[0-9a-f-]{27}$/.test(w) ? ids[i++]! : w));
  };

  it('contact update --property/--unset-property and contact import --property name properties the team has', async () => {
    const update = contactUpdate.examples!.find((e) => e.includes('--unset-property'))!;
    const updated = await runCli(words(update, [emu.fixtures.contacts[0]!]), { env });
    expect(updated.code, updated.stderr).toBe(0);
    const dir = tempDir();
    writeFileSync(join(dir, 'export.csv'), 'name,email\nAda,ada.example.import@example.com\n');
    const example = contactImport.examples!.find((e) => e.includes('--property'))!.replace('export.csv', join(dir, 'export.csv'));
    const imported = await runCli(words(example, [emu.fixtures.lists[0]!]), { env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(sent().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /audience/contacts/${emu.fixtures.contacts[0]}`, 'POST /audience/contacts/bulk']);
  });

  it('lists create and property create: the names of the examples are free in a new team (the API refuses a taken one)', async () => {
    const examples = [...listsCreate.examples!, ...propertyCreate.examples!].filter((e) => !e.includes('--dry-run'));
    expect(examples).toHaveLength(4);
    for (const example of examples) {
      // the quotes of `--name "Weekly digest"` are the shell's
      const words = [...example.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);
      const r = await runCli(words, { env });
      expect(r.code, `${example}: ${r.stderr}`).toBe(0);
    }
  });
});
