// Issue 17, item 2 (the rest): id sources are checked in one pass and streamed into the requests
// from a second, so a million ids never sit in memory at once (the memory itself is measured by
// `npm run bench`, not here). These tests hold the promises around it: the same requests and
// output as planning everything in memory; a file changed between the passes stops the run
// (exit 1) before anything it did not check is sent; stdin's temporary copy is private and is
// gone after success, failure and SIGTERM.
import { spawn } from 'node:child_process';
import { readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/errors.js';
import { IdSource } from '../../src/input/id-source.js';
import { Readable } from 'node:stream';
import { allowEarlyExit, BIN, emulatorEnv, tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess, useEmulator, type TestContextOptions } from '../helpers/context.js';

const BULK = '/audience/contacts/lists/bulk';
const emu = useEmulator({ seed: 7, contacts: 12_500, lists: 60 });
const dir = tempDir('mailctl-two-pass-');
const run = (args: string[], options: TestContextOptions = {}) => runInProcess(args, { emulator: emu, ...options });

const team = () => emu.store.teams.main;
/** More distinct ids than a source keeps in memory (10,000): they are streamed from pass 2. */
const contactIds = () => [...team().contacts.keys()].slice(0, 12_000);
const listIds = () => [...team().lists.keys()].slice(0, 60);

/** The input of the first tests: every id once, then repeats (one in another case) spread through it. */
function contactsWithRepeats(): string[] {
  const ids = contactIds();
  const out: string[] = [];
  ids.forEach((id, i) => {
    out.push(id);
    if (i % 7 === 3) out.push(ids[i - 3]!.toUpperCase());
    if (i % 11 === 5) out.push(ids[Math.floor(i / 2)]!);
  });
  return out;
}

/** What planning every id in memory sends: distinct ids (first wins, any case), 1000 × 50 per request, lists outer. */
function expectedBodies(contacts: string[], lists: string[]) {
  const seen = new Set<string>();
  const distinct = contacts.filter((id) => !seen.has(id.toLowerCase()) && seen.add(id.toLowerCase()));
  const bodies: Array<{ contact_ids: string[]; list_ids: string[] }> = [];
  for (let l = 0; l < lists.length; l += 50) {
    for (let c = 0; c < distinct.length; c += 1000) bodies.push({ contact_ids: distinct.slice(c, c + 1000), list_ids: lists.slice(l, l + 50) });
  }
  return bodies;
}

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const bulkBodies = (requests: Array<{ path: string; body: unknown }>) => requests.filter((r) => r.path === BULK).map((r) => r.body);
const spools = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith('mailctl-ids-'));

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!check()) throw new Error(`never happened: ${what}`);
}

describe('ids streamed from a second pass', () => {
  it('a file and stdin send exactly the requests planned in memory, with the same totals and notice', async () => {
    const input = contactsWithRepeats();
    const contacts = file('contacts.txt', input);
    const lists = file('lists.txt', listIds());
    const expected = expectedBodies(input, listIds());
    expect(expected).toHaveLength(24);

    const fromFile = await run(['lists', 'attach', '--contacts-file', contacts, '--lists-file', lists, '--json']);
    expect(fromFile.exitCode).toBe(0);
    expect(bulkBodies(fromFile.requests)).toEqual(expected);
    const totals = JSON.parse(fromFile.stdout);
    expect(totals).toMatchObject({ total_pairs: 720_000, contacts: 12_000, lists: 60, requests: 24, requests_succeeded: 24 });
    expect(fromFile.stderr).toContain(`note: ${(input.length - 12_000).toLocaleString('en-US')} duplicate contact ids ignored`);

    const tmp = tempDir('mailctl-tmp-');
    const fromStdin = await run(['lists', 'attach', '--contacts-file', '-', '--lists-file', lists, '--json'], {
      stdin: `${input.join('\n')}\n`,
      env: { TMPDIR: tmp },
    });
    expect(fromStdin.exitCode).toBe(0);
    expect(bulkBodies(fromStdin.requests)).toEqual(expected);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ total_pairs: 720_000, already_attached: 720_000, requests: 24 });
    expect(spools(tmp)).toEqual([]);
  });

  it('--dry-run prints the same plan, bodies included, from a file and from stdin, in json and ndjson', async () => {
    const input = contactsWithRepeats();
    const contacts = file('dry.txt', input);
    const expected = expectedBodies(input, [listIds()[0]!]);
    const args = ['lists', 'attach', '--list', listIds()[0]!, '--dry-run'];
    const json = await run([...args, '--contacts-file', contacts, '--json']);
    expect(json.exitCode).toBe(0);
    expect(json.requests).toHaveLength(0);
    const plan = JSON.parse(json.stdout);
    expect(plan).toMatchObject({ dry_run: true, requests: 12, contacts: 12_000, lists: 1, pairs: 12_000 });
    expect(plan.plan.map((r: { body: unknown }) => r.body)).toEqual(expected);
    expect(plan.plan[11]).toMatchObject({ request: 12, contacts: '11001-12000', lists: '1-1', pairs: 1000 });
    // The printed text is what JSON.stringify of the whole plan gives (writeDetail's json is indented).
    expect(json.stdout).toBe(`${JSON.stringify(plan, null, 2)}\n`);

    const stdin = await run([...args, '--contacts-file', '-', '--json'], { stdin: `${input.join('\n')}\n`, env: { TMPDIR: tempDir() } });
    expect(stdin.stdout).toBe(json.stdout);
    const nd = await run([...args, '--contacts-file', contacts, '--ndjson']);
    expect(nd.stdout).toBe(`${JSON.stringify(plan)}\n`);
  });

  it('a file changed after it was checked is not read again: exit 1 before any request', async () => {
    const path = file('changing.txt', contactIds());
    const source = await IdSource.open({ flag: '--contacts-file', given: [], path, stdin: Readable.from([]), signal: new AbortController().signal });
    try {
      expect(source.count).toBe(12_000);
      writeFileSync(path, `${contactIds().slice(0, 11_000).join('\n')}\n`);
      const error = await source.checkUnchanged().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(1);
      expect((error as CliError).message).toBe(`${path} changed after mailctl checked it (444000 bytes then, 407000 now)`);
      await expect(source.chunks(1000).next()).rejects.toThrow('changed after mailctl checked it');
    } finally {
      await source.close();
    }
  });

  it('a file renamed over the one checked changes nothing: the ids checked are the ids sent', async () => {
    const path = file('renamed.txt', contactIds());
    const source = await IdSource.open({ flag: '--contacts-file', given: [], path, stdin: Readable.from([]), signal: new AbortController().signal });
    try {
      renameSync(file('other.txt', contactIds().slice(100)), path);
      const sent: string[] = [];
      for await (const chunk of source.chunks(1000)) sent.push(...chunk.ids);
      expect(sent).toEqual(contactIds());
    } finally {
      await source.close();
    }
  });

  it('a file rewritten while requests are sent stops before the first request it would change (exit 1), saying what was done', async () => {
    const ids = contactIds();
    const path = file('rewritten.txt', ids);
    // The first request is answered late: the file is rewritten (same size, other order) meanwhile.
    emu.scriptFault({ path: BULK, delayMs: 300 });
    const running = run(['lists', 'attach', '--contacts-file', path, '--list', listIds()[0]!]);
    await until('the first request', () => emu.requests.some((r) => r.path === BULK));
    writeFileSync(path, `${[...ids].reverse().join('\n')}\n`);
    const r = await running;
    expect(r.exitCode).toBe(1);
    expect(bulkBodies(r.requests)).toEqual([expectedBodies(ids, [listIds()[0]!])[0]]);
    expect(r.stdout).toContain('requests_succeeded\t1\n');
    expect(r.stderr).toContain('request 2 of 12 failed: contacts 1001-2000 × lists 1-1; requests 2-12 did not run');
    expect(r.stderr).toContain('1 of 12 requests succeeded; their totals are on stdout');
    expect(r.stderr).toMatch(/error: .*rewritten\.txt changed after mailctl checked it/);
  });
});

describe("stdin's temporary copy", () => {
  const moreThanOneMiB = () => `${[...contactIds(), ...contactIds(), ...contactIds()].join('\n')}\n`; // 1.3 MB

  it('is private while the run needs it and removed after success', async () => {
    const tmp = tempDir('mailctl-tmp-');
    emu.scriptFault({ path: BULK, delayMs: 300 });
    const running = run(['lists', 'attach', '--contacts-file', '-', '--list', listIds()[0]!], { stdin: moreThanOneMiB(), env: { TMPDIR: tmp } });
    await until('the first request', () => emu.requests.some((r) => r.path === BULK));
    const [spool] = spools(tmp);
    expect(spool).toBeDefined();
    expect(statSync(join(tmp, spool!)).mode & 0o777).toBe(0o700);
    const [copy] = readdirSync(join(tmp, spool!));
    expect(statSync(join(tmp, spool!, copy!)).mode & 0o777).toBe(0o600);
    const r = await running;
    expect(r.exitCode).toBe(0);
    expect(bulkBodies(r.requests)).toHaveLength(12);
    expect(spools(tmp)).toEqual([]);
  });

  it('is removed after a bad line (exit 2, nothing sent) and after a failure half-way (exit 5)', async () => {
    const tmp = tempDir('mailctl-tmp-');
    const bad = await run(['lists', 'attach', '--contacts-file', '-', '--list', listIds()[0]!], {
      stdin: `${moreThanOneMiB()}not-an-id\n`,
      env: { TMPDIR: tmp },
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('error: stdin:36001: "not-an-id" is not a UUID');
    expect(bad.requests).toHaveLength(0);
    expect(spools(tmp)).toEqual([]);

    emu.scriptFault({ path: BULK, status: 400, skip: 2, body: JSON.stringify({ message: 'Refused.', error_code: 'bad_request' }) });
    const halfway = await run(['lists', 'attach', '--contacts-file', '-', '--list', listIds()[0]!], { stdin: moreThanOneMiB(), env: { TMPDIR: tmp } });
    expect(halfway.exitCode).toBe(5);
    expect(halfway.stderr).toContain('request 3 of 12 failed');
    expect(spools(tmp)).toEqual([]);
  });

  it('is removed when SIGTERM stops the run while stdin is still being read (exit 143)', async () => {
    const tmp = tempDir('mailctl-tmp-');
    const child = spawn(process.execPath, [BIN, 'lists', 'attach', '--contacts-file', '-', '--list', listIds()[0]!], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME!, MAILCTL_CONFIG_DIR: tempDir(), TMPDIR: tmp, ...emulatorEnv(emu) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const closed = new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout: '', stderr })));
    allowEarlyExit(child.stdin); // it is killed before it has read all of it
    child.stdin.write(moreThanOneMiB()); // and stdin stays open: the first pass waits for more
    await until('the temporary copy', () => spools(tmp).length === 1);
    child.kill('SIGTERM');
    const r = await closed;
    child.stdin.destroy();
    expect(r.code).toBe(143);
    expect(spools(tmp)).toEqual([]);
    expect(emu.requests.filter((q) => q.path === BULK)).toHaveLength(0);
  });
});
