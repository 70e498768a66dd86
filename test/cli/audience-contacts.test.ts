import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorEnv } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';

// contact list/create/update/delete/subscribe/unsubscribe/import and segment
// list/create/update/delete against the emulator: output, exit code and the
// exact requests received.

const emu = useEmulator({ seed: 3 });
let env: Record<string, string>;
const BAD = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
const dir = mkdtempSync(join(tmpdir(), 'mailctl-import-'));

beforeAll(() => {
  env = emulatorEnv(emu, 'full');
});

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('contact list', () => {
  it('sends the filters as the spec names them and repeats them in the next-page command', async () => {
    const list = emu.fixtures.lists[0]!;
    const res = await runCli(['contact', 'list', '--status', 'subscribed', '--list', list, '--search', 'example', '--per-page', '1'], { env });
    expect(res.code).toBe(0);
    expect(emu.requests[0]!.query).toMatchObject({ status: 'subscribed', list_id: list, search: 'example', per_page: '1' });
    if (res.stdout !== '') expect(res.stderr).toMatch(/mailctl contact list --search example --status subscribed --list \S+ --per-page 1 --page 2|^$/);
  });

  it('--limit follows pages and stops after N rows, as ndjson', async () => {
    const res = await runCli(['contact', 'list', '--limit', '3', '-o', 'ndjson'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('refuses an unknown --status and a --segment that is no UUID', async () => {
    expectUsageError(await runCli(['contact', 'list', '--status', 'active'], { env }), emu.requests, /--status/);
    expectUsageError(await runCli(['contact', 'list', '--segment', 'vip'], { env }), emu.requests, /--segment/);
  });
});

describe('contact create / update / delete', () => {
  it('create sends email, list_id and properties', async () => {
    const list = emu.fixtures.lists[0]!;
    const res = await runCli(['contact', 'create', '--email', 'new.one@example.com', '--list', list, '--json'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ email: 'new.one@example.com', status: 'subscribed' });
    expect(emu.requests[0]).toMatchObject({ method: 'POST', path: '/audience/contacts', body: { email: 'new.one@example.com', list_id: list } });
  });

  it('create: double opt-in needs all its required fields; --dry-run prints the body', async () => {
    expectUsageError(await runCli(['contact', 'create', '--email', 'a@example.com', '--confirm-from', 'news@example.com'], { env }), emu.requests, /--confirm-subject/);
    const dry = await runCli(
      ['contact', 'create', '--email', 'a@example.com', '--confirm-from', 'news@example.com', '--confirm-subject', 'Confirm', '--confirm-template', 'confirm', '--confirm-redirect-url', 'https://example.com/ok', '--dry-run'],
      { env },
    );
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('"double_opt_in"');
    expect(dry.stdout).toContain('"template_slug": "confirm"');
    expect(emu.requests).toHaveLength(0);
  });

  it('create refuses a bad address and a property value over 1000 characters', async () => {
    expectUsageError(await runCli(['contact', 'create', '--email', 'not-an-address'], { env }), emu.requests, /--email/);
    expectUsageError(await runCli(['contact', 'create', '--email', 'a@example.com', '--property', `plan=${'x'.repeat(1001)}`], { env }), emu.requests, /--property/);
  });

  it('update sends only the given fields; --unset-property sends null', async () => {
    const id = emu.fixtures.contacts[1]!;
    const res = await runCli(['contact', 'update', id, '--status', 'unsubscribed', '--unset-property', 'plan', '--json'], { env });
    expect(res.code).toBe(0);
    expect(emu.requests[0]).toMatchObject({ method: 'PATCH', path: `/audience/contacts/${id}`, body: { status: 'unsubscribed', properties: { plan: null } } });
    expectUsageError(await runCli(['contact', 'update', id], { env }), emu.requests.slice(1), /nothing to update/);
  });

  it('update refuses a status the API cannot set', async () => {
    expectUsageError(await runCli(['contact', 'update', emu.fixtures.contacts[1]!, '--status', 'bounced'], { env }), emu.requests, /--status/);
  });

  it('delete: --yes needed without a terminal; --if-exists makes a missing contact a no-op', async () => {
    const id = emu.fixtures.contacts[2]!;
    expectUsageError(await runCli(['contact', 'delete', id], { env }), emu.requests, /--yes/);
    const res = await runCli(['contact', 'delete', id, '--yes', '--json'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ id, deleted: true });
    const again = await runCli(['contact', 'delete', id, '--yes', '--if-exists', '--json'], { env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ id, deleted: false });
    expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /audience/contacts/${id}`, `DELETE /audience/contacts/${id}`]);
  });

  it('subscribe and unsubscribe a topic', async () => {
    const id = emu.fixtures.contacts[3]!;
    const topic = emu.fixtures.topics[1]!;
    const sub = await runCli(['contact', 'subscribe', id, '--topic', topic, '--json'], { env });
    expect(sub.code).toBe(0);
    expect(JSON.parse(sub.stdout)).toMatchObject({ contact_id: id, topic_id: topic, subscribed: true });
    const unsub = await runCli(['contact', 'unsubscribe', id, '--topic', topic], { env });
    expect(unsub.code).toBe(0);
    expect(unsub.stdout).toContain('subscribed\tfalse');
    expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /audience/contacts/${id}/topics/${topic}`,
      `DELETE /audience/contacts/${id}/topics/${topic}`,
    ]);
    expectUsageError(await runCli(['contact', 'subscribe', id], { env }), emu.requests.slice(2), /--topic/);
  });

  // cli.md's row: `contact unsubscribe ID --topic T`, no --yes: it never asks (a subscription is
  // not lost); --if-exists, as every delete has, lets a re-run pass a contact already gone.
  it('unsubscribe never asks; --if-exists makes a 404 a no-op', async () => {
    const id = emu.fixtures.contacts[3]!;
    const topic = emu.fixtures.topics[1]!;
    const done = await runCli(['contact', 'unsubscribe', id, '--topic', topic], { env });
    expect(done.code, done.stderr).toBe(0);
    const missing = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
    const notFound = await runCli(['contact', 'unsubscribe', missing, '--topic', topic], { env });
    expect(notFound.code, notFound.stderr).toBe(4);
    const noop = await runCli(['contact', 'unsubscribe', missing, '--topic', topic, '--if-exists', '--json'], { env });
    expect(noop.code, noop.stderr).toBe(0);
    expect(JSON.parse(noop.stdout)).toEqual({ contact_id: missing, topic_id: topic, subscribed: false, changed: false });
    expect(noop.stderr).toMatch(/^[^.\n]*[^.]: nothing to remove \(--if-exists\)$/m);
    expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /audience/contacts/${id}/topics/${topic}`,
      `DELETE /audience/contacts/${missing}/topics/${topic}`,
      `DELETE /audience/contacts/${missing}/topics/${topic}`,
    ]);
  });
});

describe('contact import', () => {
  it('sends 1,000 addresses a request and prints the totals; re-running counts them as already existed', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `bulk${i}@import.example`);
    const path = file('a.txt', `${lines.join('\n')}\n`);
    const res = await runCli(['contact', 'import', path, '--json'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ created: 2500, already_existed: 0, addresses: 2500, requests: 3, requests_succeeded: 3 });
    expect(emu.requests.map((r) => (r.body as { emails: string[] }).emails.length)).toEqual([1000, 1000, 500]);
    expect(emu.requests.every((r) => r.method === 'POST' && r.path === '/audience/contacts/bulk')).toBe(true);
    const again = await runCli(['contact', 'import', path, '--json'], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, already_existed: 2500 });
  });

  it('reads a CSV column and sends --list and --property with every batch', async () => {
    const list = emu.fixtures.lists[0]!;
    const path = file('b.csv', 'name,email\nAda,ada@csv.example\n"Lin, B",lin@csv.example\n');
    const prop = emu.store.teams.main.properties.get(emu.fixtures.properties[0]!)!.name;
    const res = await runCli(['contact', 'import', path, '--column', 'email', '--list', list, '--property', `${prop}=csv`], { env });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(emu.requests[0]!.body).toEqual({ emails: ['ada@csv.example', 'lin@csv.example'], list_id: list, properties: { [prop]: 'csv' } });
  });

  it('addresses that already existed with --list: a warning that the list may not have them (spec 4.33 does not say)', async () => {
    const list = emu.fixtures.lists[1]!;
    const path = file('existing.txt', 'old1@list.example\nold2@list.example\n');
    const first = await runCli(['contact', 'import', path], { env });
    expect(first.stderr).toBe('');
    const path2 = file('existing2.txt', 'old1@list.example\nold2@list.example\nnew1@list.example\n');
    const res = await runCli(['contact', 'import', path2, '--list', list, '--json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ created: 1, already_existed: 2 });
    expect(res.stderr).toBe(`warning: 2 addresses already existed: the API does not say it adds existing contacts to --list or sets --property on them; see \`mailctl contact list --list ${list}\`\n`);
  });

  it('a bad line in a file: exit 2 naming the line, nothing sent', async () => {
    const path = file('c.txt', 'ok@x.example\nnot an address\n');
    const res = await runCli(['contact', 'import', path], { env });
    expectUsageError(res, emu.requests, /c\.txt:2/);
  });

  it('an address outside the email format (two dots, non-ASCII) is a bad line: exit 2 naming it, nothing sent', async () => {
    for (const [name, text] of [['dots.txt', 'ok@x.example\nfine@x.example\nann..lee@x.example\n'], ['accent.txt', 'ok@x.example\nfine@x.example\nzoë@x.example\n']]) {
      const res = await runCli(['contact', 'import', file(name!, text!)], { env });
      expectUsageError(res, emu.requests, new RegExp(`${name!.replace('.', '\\.')}:3`));
    }
  });

  it('several bad lines in a file: each named by its line (the first ten, then how many more), nothing sent', async () => {
    const lines = ['ok@x.example', 'bad one', 'ok2@x.example', ...Array.from({ length: 11 }, (_, i) => `worse-${i}`)];
    const path = file('c2.txt', lines.join('\n'));
    const res = await runCli(['contact', 'import', path], { env });
    expectUsageError(res, emu.requests, `error: ${path}:2: "bad one" is not an email address\n  ${path}:4: "worse-0" is not an email address\n`);
    expect(res.stderr).toContain(`  ${path}:12: "worse-8" is not an email address\n  and 2 more lines that are not addresses\n`);
    expect(res.stderr).not.toContain('worse-9');
    const names = file('c4.csv', 'name,email\nAda,ada@x.example\n');
    expectUsageError(await runCli(['contact', 'import', names], { env }), emu.requests, `hint: the first column is read unless --column names another; the header on line 1 names: "name", "email"`);
    const later = await runCli(['contact', 'import', file('c5.csv', 'email,name\nnot-one,Ada\nbea@x.example,Bea\n')], { env });
    expectUsageError(later, emu.requests, `c5.csv:2: "not-one" is not an email address`);
    expect(later.stderr).not.toContain('--column');
    const csv = file('c3.csv', 'name,email\nA,a@x.example\nB,\nC,c@\n');
    expectUsageError(await runCli(['contact', 'import', csv, '--column', 'email'], { env }), emu.requests, `${csv}:3: no address in column "email"\n  ${csv}:4: "c@" is not an email address`);
  });

  it('a folder for FILE: exit 2 naming it, nothing sent, no totals or command to finish with', async () => {
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    const res = await runCli(['contact', 'import', folder], { env });
    expectUsageError(res, emu.requests, `FILE: cannot read ${folder}: it is a folder, not a file`);
    expect(res.stdout).toBe('');
    expect(res.stderr).not.toContain('--skip');
  });

  it('a failure half-way prints what was imported and the command that finishes the rest', async () => {
    const lines = Array.from({ length: 2100 }, (_, i) => `half${i}@import.example`);
    const path = file('d.txt', lines.join('\n'));
    emu.scriptFault({ path: '/audience/contacts/bulk', status: 400, skip: 1, times: 1 });
    const res = await runCli(['contact', 'import', path, '--json'], { env });
    expect(res.code).not.toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ created: 1000, requests_succeeded: 1 });
    expect(res.stderr).toContain('imported addresses 1-1,000 of the input (1 request): 1,000 created, 0 already existed');
    expect(res.stderr).toContain(`mailctl contact import ${path} --skip 1000`);
    const rest = await runCli(['contact', 'import', path, '--skip', '1000', '--json'], { env });
    expect(JSON.parse(rest.stdout)).toMatchObject({ created: 1100, addresses: 1100 });
  });

  it('--dry-run prints the first request and sends nothing', async () => {
    const path = file('e.txt', 'one@dry.example\ntwo@dry.example\n');
    const res = await runCli(['contact', 'import', path, '--dry-run'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('POST');
    expect(res.stdout).toContain('two@dry.example');
    expect(res.stderr).toContain('2 addresses in 1 request');
    expect(emu.requests).toHaveLength(0);
  });

  it('--dry-run after --skip counts what is left and prints its first 1,000 addresses', async () => {
    const path = file('e2.txt', Array.from({ length: 2500 }, (_, i) => `d${i + 1}@dry.example`).join('\r\n'));
    const res = await runCli(['contact', 'import', path, '--skip', '100', '--dry-run'], { env });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('2,400 addresses in 3 requests');
    const body = JSON.parse(res.stdout.slice(res.stdout.indexOf('{'))) as { emails: string[] };
    expect(body.emails).toEqual(Array.from({ length: 1000 }, (_, i) => `d${i + 101}@dry.example`));
    expect(emu.requests).toHaveLength(0);
  });

  it('shows progress with an ETA on a terminal, and nothing of it in a pipe', async () => {
    const { runInProcess } = await import('../helpers/context.js');
    const path = file('f.txt', Array.from({ length: 1200 }, (_, i) => `tty${i}@import.example`).join('\n'));
    const res = await runInProcess(['contact', 'import', path], { emulator: emu, stderrIsTTY: true });
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain('importing [');
    expect(res.stderr).toContain('addresses · ');
    expect(res.stderr).toContain('ETA');
    const piped = await runCli(['contact', 'import', path], { env });
    expect(piped.stderr).toBe('');
  });

  it('a sandbox key is refused before anything is read or sent (exit 3)', async () => {
    const path = file('g.txt', 'sb@import.example\n');
    const res = await runCli(['contact', 'import', path], { env: emulatorEnv(emu, 'sandbox') });
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('sandbox API keys cannot create contacts');
    expect(emu.requests).toHaveLength(0);
  });

  it.each([
    ['empty stdin', ['-'], '', 'FILE: stdin holds no addresses'],
    ['stdin with only a header', ['-', '--column', 'email'], 'email\n', 'FILE: stdin holds no addresses'],
    ['stdin all skipped', ['-', '--skip', '1'], 'one@stdin.example\n', 'FILE: stdin holds no addresses after the first 1'],
    ['/dev/null (a device: read once, as stdin)', ['/dev/null'], '', 'FILE: /dev/null holds no addresses'],
    // stdin is read once, but a bad line found before the first request leaves nothing to finish
    ['stdin with a bad line before any request', ['-'], 'ok@stdin.example\nnot an address\n', 'stdin:2: "not an address" is not an email address'],
    ['stdin whose first line is neither an address nor a header', ['-'], 'Email;Name\nx@stdin.example\n', 'name the column of addresses with --column NAME'],
  ])('%s: exit 2 as for an empty file, no totals, nothing sent', async (_name, args, input, message) => {
    // an upstream step of a pipeline that produced nothing must not pass as "0 imported"
    const res = await runCli(['contact', 'import', ...args], { env, input });
    expectUsageError(res, emu.requests, message);
    expect(res.stderr).not.toContain('--skip');
  });

  it('reads stdin', async () => {
    const res = await runCli(['contact', 'import', '-', '--json'], { env, input: 'in1@stdin.example\nin2@stdin.example\n' });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ created: 2, requests: 1 });
  });
});

describe('segments', () => {
  it('create: --where and --or-group become groups; spec 2.14 body', async () => {
    const res = await runCli(
      ['segment', 'create', '--name', 'Paying subscribers', '--where', 'status equals subscribed', '--or-group', 'properties.plan equals pro or properties.plan equals "team plan"', '--json'],
      { env },
    );
    expect(res.code).toBe(0);
    expect(emu.requests[0]!.body).toEqual({
      name: 'Paying subscribers',
      conditions: {
        groups: [
          { conditions: [{ field: 'status', operator: 'equals', value: 'subscribed' }] },
          { conditions: [{ field: 'properties.plan', operator: 'equals', value: 'pro' }, { field: 'properties.plan', operator: 'equals', value: 'team plan' }] },
        ],
      },
    });
    expect(JSON.parse(res.stdout)).toMatchObject({ name: 'Paying subscribers' });
  });

  // cli.md: "--where 'field operator value' (repeatable; one --where group per --or-group)":
  // a bare --or-group opens a group of the --where flags after it (alternatives, OR); a --where
  // before any --or-group is a group of its own (AND).
  it.each([
    [['--or-group', '--where', 'email ends_with @a.example', '--where', 'email ends_with @b.example'], [['@a.example', '@b.example']]],
    [['--where', 'email contains x', '--or-group', '--where', 'email ends_with @a.example', '--where', 'email ends_with @b.example'], [['x'], ['@a.example', '@b.example']]],
    [['--or-group', '--where', 'email ends_with @a.example', '--or-group', '--where', 'email ends_with @b.example', '--where', 'email contains x'], [['@a.example'], ['@b.example', 'x']]],
    [['--where', 'email contains x', '--where', 'email contains y'], [['x'], ['y']]],
    [['--or-group', '--where', 'email contains x', '--or-group', 'email contains y or email contains z', '--where', 'email contains w'], [['x'], ['y', 'z'], ['w']]],
  ])('create %j: the groups in the order given', async (flags, groups) => {
    const res = await runCli(['segment', 'create', '--name', 'Grouped', ...flags, '--dry-run', '--json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(emu.requests).toEqual([]);
    const body = (JSON.parse(res.stdout) as { body: { conditions: { groups: { conditions: { value: string }[] }[] } } }).body;
    expect(body.conditions.groups.map((g) => g.conditions.map((c) => c.value))).toEqual(groups);
  });

  it('update: a bare --or-group with no --where after it is refused before sending', async () => {
    const id = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
    expectUsageError(await runCli(['segment', 'update', id, '--where', 'email contains x', '--or-group'], { env }), emu.requests, /^error: --or-group: no --where after it/m);
    expectUsageError(await runCli(['segment', 'update', id, '--or-group', '--or-group', '--where', 'email contains x'], { env }), emu.requests, /^error: --or-group: no --where after it/m);
  });

  it('create: is_true takes no value; a bad operator is refused before sending', async () => {
    expectUsageError(await runCli(['segment', 'create', '--name', 'x', '--where', 'email like @x'], { env }), emu.requests, /--where/);
    expectUsageError(await runCli(['segment', 'create', '--name', 'x', '--where', 'email contains'], { env }), emu.requests, /needs a value/);
    expectUsageError(await runCli(['segment', 'create', '--name', 'x'], { env }), emu.requests, /no conditions/);
  });

  it('create --conditions FILE sends the JSON; update changes only what is given; list and delete', async () => {
    const path = file('c.json', JSON.stringify({ groups: [{ conditions: [{ field: 'properties.vip', operator: 'is_true' }] }] }));
    const res = await runCli(['segment', 'create', '--name', 'VIP people', '--conditions', path, '--json'], { env });
    expect(res.code).toBe(0);
    const seg = JSON.parse(res.stdout) as { id: string };
    expect(emu.requests[0]!.body).toEqual({ name: 'VIP people', conditions: { groups: [{ conditions: [{ field: 'properties.vip', operator: 'is_true' }] }] } });
    const upd = await runCli(['segment', 'update', seg.id, '--name', 'VIPs'], { env });
    expect(upd.code).toBe(0);
    expect(emu.requests[1]).toMatchObject({ method: 'PATCH', path: `/audience/segments/${seg.id}`, body: { name: 'VIPs' } });
    const list = await runCli(['segment', 'list', '--all', '--json'], { env });
    expect((JSON.parse(list.stdout) as { id: string }[]).some((s) => s.id === seg.id)).toBe(true);
    const del = await runCli(['segment', 'delete', seg.id, '--yes'], { env });
    expect(del.code).toBe(0);
    const gone = await runCli(['segment', 'delete', seg.id, '--yes', '--if-exists'], { env });
    expect(gone.code).toBe(0);
    const missing = await runCli(['segment', 'delete', BAD, '--yes'], { env });
    expect(missing.code).not.toBe(0);
  });
});
