import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { memberships } from '../helpers/membership.js';
import { emulatorEnv, tempDir } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';

// lists attach / detach against the emulator: chunking at the limits (1000
// contacts, 50 lists per request), every pair sent exactly once, totals equal
// to the change in the emulator's state, and the id inputs.

const BULK = '/audience/contacts/lists/bulk';
let emu: Emulator;
let env: Record<string, string>;
let contacts: string[];
let lists: string[];
let state: ReturnType<typeof memberships>;
const dir = tempDir('mailctl-lists-');

beforeAll(async () => {
  emu = await startEmulator({ contacts: 1100, lists: 60 });
  env = emulatorEnv(emu, 'full');
  const team = emu.store.teams.main;
  contacts = [...team.contacts.keys()];
  lists = [...team.lists.keys()];
  state = memberships(emu);
  expect(contacts.length).toBeGreaterThanOrEqual(1001);
  expect(lists.length).toBeGreaterThanOrEqual(51);
});

afterAll(() => emu.close());

beforeEach(() => {
  state.restore();
  emu.clearRequests();
});

const present = (cs: string[], ls: string[]) => state.present(cs, ls);

function file(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function bulkRequests() {
  return emu.requests.filter((r) => r.path === BULK);
}

/** Every (contact, list) pair the recorded requests carried, counting repeats: contact → list → times. */
function sentPairs(): Map<string, Map<string, number>> {
  const pairs = new Map<string, Map<string, number>>();
  for (const r of bulkRequests()) {
    const body = r.body as { contact_ids: string[]; list_ids: string[] };
    for (const c of body.contact_ids) {
      let ofContact = pairs.get(c);
      if (!ofContact) pairs.set(c, (ofContact = new Map()));
      for (const l of body.list_ids) ofContact.set(l, (ofContact.get(l) ?? 0) + 1);
    }
  }
  return pairs;
}

function expectEachPairOnce(cs: string[], ls: string[]): void {
  const pairs = sentPairs();
  const counts = [...pairs.values()].flatMap((ofContact) => [...ofContact.values()]);
  expect(counts.length).toBe(cs.length * ls.length);
  expect(counts.every((n) => n === 1)).toBe(true);
  // one assertion over all the pairs: an expect() per pair costs more than the command under test
  const missing = cs.flatMap((c) => ls.filter((l) => !pairs.get(c)?.has(l)).map((l) => `${c}|${l}`));
  expect(missing).toEqual([]);
}

describe('chunking at the limits', () => {
  const cases: Array<[number, number, number]> = [
    [1000, 50, 1],
    [1001, 50, 2],
    [1000, 51, 2],
    [1001, 51, 4],
  ];
  for (const [nc, nl, expected] of cases) {
    it(`${nc} contacts × ${nl} lists: ${expected} request(s), each pair once, totals equal the change`, async () => {
      const cs = contacts.slice(0, nc);
      const ls = lists.slice(0, nl);
      const before = present(cs, ls);
      const res = await runCli(
        ['lists', 'attach', '--contacts-file', file(`c${nc}.txt`, cs.join('\n')), '--lists-file', file(`l${nl}.txt`, ls.join('\n')), '--json'],
        { env },
      );
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const reqs = bulkRequests();
      expect(reqs).toHaveLength(expected);
      expect(reqs.every((r) => r.method === 'POST' && r.status === 200)).toBe(true);
      for (const r of reqs) {
        const body = r.body as { contact_ids: string[]; list_ids: string[] };
        expect(Object.keys(body).sort()).toEqual(['contact_ids', 'list_ids']);
        expect(body.contact_ids.length).toBeLessThanOrEqual(1000);
        expect(body.list_ids.length).toBeLessThanOrEqual(50);
      }
      expectEachPairOnce(cs, ls);
      const totals = JSON.parse(res.stdout);
      const after = present(cs, ls);
      expect(after).toBe(nc * nl);
      expect(totals).toEqual({
        attached: after - before,
        already_attached: before,
        total_pairs: nc * nl,
        contacts: nc,
        lists: nl,
        requests: expected,
        requests_succeeded: expected,
      });
    });
  }

  it('detach totals equal the change, and a second detach finds nothing to remove', async () => {
    const cs = contacts.slice(0, 1001);
    const ls = lists.slice(0, 6);
    const before = present(cs, ls);
    expect(before).toBeGreaterThan(0);
    const args = ['lists', 'detach', '--contacts-file', file('d.txt', cs.join('\n')), '--list', ls.join(','), '--yes', '--json'];
    const first = await runCli(args, { env });
    expect(first.code).toBe(0);
    expect(bulkRequests().map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    expectEachPairOnce(cs, ls);
    expect(present(cs, ls)).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ detached: before, not_present: cs.length * 6 - before, total_pairs: cs.length * 6 });
    const second = await runCli(args, { env });
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ detached: 0, not_present: cs.length * 6, total_pairs: cs.length * 6 });
  });
});

describe('inputs', () => {
  const c3 = () => contacts.slice(10, 13);

  it('flags: repeatable and comma lists, trimmed and de-duplicated across flags and files', async () => {
    const [a, b, c] = c3() as [string, string, string];
    const res = await runCli(
      ['lists', 'attach', '--contact', `${a}, ${b}`, '--contact', a.toUpperCase(), '--contacts-file', file('dup.txt', `${c}\n${b}\n`), '--list', lists[0]!, '--json'],
      { env },
    );
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('note: 2 duplicate contact ids ignored\n');
    expect(bulkRequests()).toHaveLength(1);
    expect(bulkRequests()[0]!.body).toEqual({ contact_ids: [a, b, c], list_ids: [lists[0]] });
    expect(JSON.parse(res.stdout)).toMatchObject({ total_pairs: 3, contacts: 3 });
  });

  it('CSV: the first column by default, --column by name; BOM and CRLF are fine', async () => {
    const [a, b, c] = c3() as [string, string, string];
    const csv = `\uFEFFid,email\r\n${a},a@example.com\r\n\r\n"${b}","b, the second"\r\n${c},c@example.com\r\n`;
    const first = await runCli(['lists', 'attach', '--contacts-file', file('c.csv', csv), '--list', lists[1]!, '--json'], { env });
    expect(first.code).toBe(0);
    expect((bulkRequests()[0]!.body as { contact_ids: string[] }).contact_ids).toEqual([a, b, c]);

    emu.clearRequests();
    const byName = `email,contact_id\n"a@example.com",${a}\nb@example.com,${b}\n`;
    const second = await runCli(
      ['lists', 'attach', '--contacts-file', file('named.csv', byName), '--column', 'contact_id', '--lists-file', file('l.csv', `contact_id\n${lists[2]}\n`), '--json'],
      { env },
    );
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(bulkRequests()[0]!.body).toEqual({ contact_ids: [a, b], list_ids: [lists[2]] });
  });

  it('--column names the column of the CSV file; a file of one id per line beside it is read as it is', async () => {
    const [a, b] = c3() as [string, string];
    const csv = `email,contact_id\na@example.com,${a}\nb@example.com,${b}\n`;
    const res = await runCli(
      ['lists', 'attach', '--contacts-file', file('export.csv', csv), '--column', 'contact_id', '--lists-file', file('lists.txt', `${lists[4]}\n${lists[5]}\n`), '--json'],
      { env },
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(bulkRequests()[0]!.body).toEqual({ contact_ids: [a, b], list_ids: [lists[4], lists[5]] });
  });

  it('stdin: --contacts-file - reads ids from stdin', async () => {
    const [a, b] = c3() as [string, string];
    const res = await runCli(['lists', 'attach', '--contacts-file', '-', '--list', lists[3]!, '--json'], { env, input: `${a}\r\n\r\n  ${b}  \r\n` });
    expect(res.code).toBe(0);
    expect(bulkRequests()[0]!.body).toEqual({ contact_ids: [a, b], list_ids: [lists[3]] });
  });

  it('stdin for the lists, a file for the contacts', async () => {
    const [a] = c3() as [string];
    const res = await runCli(['lists', 'attach', '--contact', a, '--lists-file', '-', '--json'], { env, input: `${lists[0]}\n${lists[1]}\n` });
    expect(res.code).toBe(0);
    expect(bulkRequests()[0]!.body).toEqual({ contact_ids: [a], list_ids: [lists[0], lists[1]] });
  });

  it('takes what `contact list --csv --fields id` writes: a CSV of one column with its header', async () => {
    const listed = await runCli(['contact', 'list', '--limit', '3', '--csv', '--fields', 'id'], { env });
    expect(listed.stdout.split(/\r?\n/)[0]).toBe('id');
    const ids = listed.stdout.trim().split(/\r?\n/).slice(1);
    emu.clearRequests();
    const res = await runCli(['lists', 'attach', '--contacts-file', '-', '--list', lists[0]!, '--json'], { env, input: listed.stdout });
    expect(res.code, res.stderr).toBe(0);
    expect(emu.requests.map((r) => [r.method, r.path])).toEqual([['POST', BULK]]);
    expect((emu.requests[0]!.body as { contact_ids: string[] }).contact_ids).toEqual(ids);
  });

  it('a bad id stops everything before sending, naming the file and line', async () => {
    const rows = contacts.slice(0, 20).map((c, i) => `${c},row${i}`);
    rows.splice(15, 0, 'abc,bad'); // header is line 1, so this row is line 17
    const path = file('contacts.csv', `id,note\n${rows.join('\n')}\n`);
    const res = await runCli(['lists', 'attach', '--contacts-file', path, '--list', lists[0]!], { env });
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`error: ${path}:17: "abc" is not a UUID\n`);
    expect(emu.requests).toHaveLength(0);
  });

  it('a bad id on stdin is reported as stdin:LINE', async () => {
    const res = await runCli(['lists', 'detach', '--yes', '--contact', contacts[0]!, '--lists-file', '-'], { env, input: `${lists[0]}\n\nnot-a-list\n` });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('error: stdin:3: "not-a-list" is not a UUID');
    expect(emu.requests).toHaveLength(0);
  });

  it('a bad --contact value names the flag', async () => {
    const res = await runCli(['lists', 'attach', '--contact', `${contacts[0]},nope`, '--list', lists[0]!], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^error: --contact: "nope" is not a UUID\n/);
    expect(emu.requests).toHaveLength(0);
  });

  const refusals: Array<[string, string[], string | undefined, RegExp]> = [
    ['no contacts at all', ['--list', '{L}'], undefined, /no contacts: give --contact ID or --contacts-file/],
    ['no lists at all', ['--contact', '{C}'], undefined, /no lists: give --list ID or --lists-file/],
    ['an empty contacts file', ['--contacts-file', '{EMPTY}', '--list', '{L}'], undefined, /--contacts-file: .*empty\.txt holds no contact ids/],
    ['blank stdin', ['--contacts-file', '-', '--list', '{L}'], '\n\r\n  \n', /--contacts-file: stdin holds no contact ids/],
    ['both files from stdin', ['--contacts-file', '-', '--lists-file', '-'], '', /cannot both be -/],
    ['--column without a file', ['--contact', '{C}', '--list', '{L}', '--column', 'id'], undefined, /--column applies to CSV files/],
    ['a missing file', ['--contacts-file', '/nonexistent/ids.txt', '--list', '{L}'], undefined, /--contacts-file: cannot read "\/nonexistent\/ids.txt": no such file/],
    ['a missing --column', ['--contacts-file', '{CSV}', '--column', 'contact_id', '--list', '{L}'], undefined, /--column: .*x\.csv has no column "contact_id"/],
  ];
  for (const [what, args, input, message] of refusals) {
    it(`exit 2 and nothing sent: ${what}`, async () => {
      const subst: Record<string, string> = {
        '{L}': lists[0]!,
        '{C}': contacts[0]!,
        '{EMPTY}': file('empty.txt', '\n\n'),
        '{CSV}': file('x.csv', `id,email\n${contacts[0]},x\n`),
      };
      const res = await runCli(['lists', 'attach', ...args.map((a) => subst[a] ?? a)], { env, input });
      expect(res.stderr).toMatch(message);
      expect(res.code).toBe(2);
      expect(res.stdout).toBe('');
      expect(emu.requests).toHaveLength(0);
    });
  }
});

describe('--dry-run and confirmation', () => {
  it('--dry-run prints the plan with each request\'s ranges and sends nothing', async () => {
    const cs = contacts.slice(0, 1001);
    const ls = lists.slice(0, 51);
    const args = ['lists', 'attach', '--contacts-file', file('dc.txt', cs.join('\n')), '--lists-file', file('dl.txt', ls.join('\n')), '--dry-run'];
    const pipe = await runCli(args, { env });
    expect(pipe.code).toBe(0);
    expect(pipe.stderr).toBe('dry run: nothing was sent\n');
    expect(pipe.stdout).toBe(
      [
        'method\tPOST',
        `url\t${emu.baseUrl}${BULK}`,
        'requests\t4',
        'contacts\t1001',
        'lists\t51',
        'pairs\t51051',
        '1\t1-1000\t1-50\t50000',
        '2\t1001-1001\t1-50\t50',
        '3\t1-1000\t51-51\t1000',
        '4\t1001-1001\t51-51\t1',
        '',
      ].join('\n'),
    );
    const json = await runCli([...args, '--json'], { env });
    expect(json.code).toBe(0);
    const plan = JSON.parse(json.stdout);
    expect(plan).toMatchObject({ dry_run: true, operation: 'attach', method: 'POST', requests: 4, contacts: 1001, lists: 51, pairs: 51051 });
    expect(plan.plan[1]).toEqual({ request: 2, contacts: '1001-1001', lists: '1-50', pairs: 50, body: { contact_ids: [cs[1000]], list_ids: ls.slice(0, 50) } });
    expect(emu.requests).toHaveLength(0);
  });

  it('detach without --yes off a terminal is refused with the number of pairs; nothing sent', async () => {
    const res = await runCli(['lists', 'detach', '--contact', contacts.slice(0, 3).join(','), '--list', lists.slice(0, 2).join(',')], { env });
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^error: lists detach would detach 3 contacts from 2 lists \(6 pairs\): pass --yes/);
    expect(emu.requests).toHaveLength(0);
  });

  it('detach --dry-run needs no --yes', async () => {
    const res = await runCli(['lists', 'detach', '--contact', contacts[0]!, '--list', lists[0]!, '--dry-run', '--json'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ operation: 'detach', method: 'DELETE', requests: 1, pairs: 1 });
    expect(emu.requests).toHaveLength(0);
  });
});

describe('totals in every format', () => {
  it('json, ndjson, csv and a pipe all carry attached, already_attached and total_pairs', async () => {
    const [a, b] = contacts.slice(30, 32) as [string, string];
    const args = ['lists', 'attach', '--contact', `${a},${b}`, '--list', lists[5]!];
    const pipe = await runCli(args, { env });
    expect(pipe.code).toBe(0);
    const fresh = present([a, b], [lists[5]!]) === 2;
    expect(fresh).toBe(true);
    expect(pipe.stdout).toMatch(/^attached\t\d\nalready_attached\t\d\ntotal_pairs\t2\ncontacts\t2\nlists\t1\nrequests\t1\nrequests_succeeded\t1\n$/);
    const nd = await runCli([...args, '--ndjson'], { env });
    expect(nd.stdout).toBe('{"attached":0,"already_attached":2,"total_pairs":2,"contacts":2,"lists":1,"requests":1,"requests_succeeded":1}\n');
    const csv = await runCli([...args, '-o', 'csv'], { env });
    expect(csv.stdout).toBe('attached,already_attached,total_pairs,contacts,lists,requests,requests_succeeded\r\n0,2,2,2,1,1,1\r\n');
    const fields = await runCli([...args, '--json', '--fields', 'attached,total_pairs'], { env });
    expect(JSON.parse(fields.stdout)).toEqual({ attached: 0, total_pairs: 2 });
  });

  it('an unknown --fields name is refused before anything is sent', async () => {
    const res = await runCli(['lists', 'detach', '--yes', '--contact', contacts[0]!, '--list', lists[0]!, '--fields', 'attached'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--fields: unknown field "attached"/);
    expect(emu.requests).toHaveLength(0);
  });
});
