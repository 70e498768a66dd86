import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { memberships } from '../helpers/membership.js';
import { emulatorEnv, finished, startCli, tempDir } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { runOnTty } from '../helpers/tty.js';

// lists attach / detach when a request fails after retries: the totals of the
// requests that succeeded on stdout, which part did not run on stderr, the
// failure's exit code, and a re-run that completes with correct totals. Also
// the terminal behaviour: progress on stderr, the detach confirmation.

const BULK = '/audience/contacts/lists/bulk';
let emu: Emulator;
let env: Record<string, string>;
let contacts: string[];
let lists: string[];
let state: ReturnType<typeof memberships>;
const dir = tempDir('mailctl-lists-fail-');

beforeAll(async () => {
  emu = await startEmulator({ contacts: 1100, lists: 55, seed: 7 });
  env = emulatorEnv(emu, 'full');
  const team = emu.store.teams.main;
  contacts = [...team.contacts.keys()];
  lists = [...team.lists.keys()];
  state = memberships(emu);
});

afterAll(() => emu.close());

beforeEach(() => {
  state.restore();
  emu.clearRequests();
});

const present = (cs: string[], ls: string[]) => state.present(cs, ls);

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const bulk = () => emu.requests.filter((r) => r.path === BULK);

/** 1001 contacts × 51 lists: 4 requests; the third is contacts 1-1000 × lists 51-51. */
function bigInput() {
  const cs = contacts.slice(0, 1001);
  const ls = lists.slice(0, 51);
  const args = ['--contacts-file', file('big-c.txt', cs.join('\n')), '--lists-file', file('big-l.txt', ls.join('\n'))];
  return { cs, ls, args };
}

describe('a request that fails after retries stops the run', () => {
  it('503 on the third request: partial totals, what did not run, exit 1; a re-run completes', async () => {
    const { cs, ls, args } = bigInput();
    const before = present(cs, ls);
    emu.scriptFault({ path: BULK, status: 503, skip: 2, times: 1 });
    const res = await runCli(['lists', 'attach', ...args, '--json', '--retries', '0'], { env });
    expect(res.code).toBe(1);
    expect(bulk().map((r) => r.status)).toEqual([200, 200, 503]);
    const partial = JSON.parse(res.stdout);
    const afterFirst = present(cs, ls);
    expect(partial).toEqual({
      attached: afterFirst - before,
      already_attached: 1001 * 50 - (afterFirst - before),
      total_pairs: 1001 * 50,
      contacts: 1001,
      lists: 51,
      requests: 4,
      requests_succeeded: 2,
    });
    expect(res.stderr).toContain('request 3 of 4 failed: contacts 1-1000 × lists 51-51; request 3 may or may not have been applied; request 4 did not run\n');
    expect(res.stderr).toContain('2 of 4 requests succeeded; their totals are on stdout\n');
    expect(res.stderr).toContain('re-running the same command is safe');
    expect(res.stderr).toContain('error: Service temporarily unavailable. Please try again later. (HTTP 503)');
    expect(res.stderr).toContain('{"error":{"status":503'); // --json: the error as JSON too

    emu.clearRequests();
    const again = await runCli(['lists', 'attach', ...args, '--json'], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    expect(bulk()).toHaveLength(4);
    expect(present(cs, ls)).toBe(1001 * 51);
    expect(JSON.parse(again.stdout)).toEqual({
      attached: 1001 * 51 - afterFirst,
      already_attached: afterFirst,
      total_pairs: 1001 * 51,
      contacts: 1001,
      lists: 51,
      requests: 4,
      requests_succeeded: 4,
    });
  });

  it('the failed request is retried first (--retries 2): three 503s, then the run stops', async () => {
    const { args } = bigInput();
    emu.scriptFault({ path: BULK, status: 503, skip: 2, times: 3 });
    const res = await runCli(['lists', 'attach', ...args, '--retries', '2'], { env });
    expect(res.code).toBe(1);
    expect(bulk().map((r) => r.status)).toEqual([200, 200, 503, 503, 503]);
    expect(res.stdout).toMatch(/^attached\t\d+\nalready_attached\t\d+\ntotal_pairs\t50050\n.*requests\t4\nrequests_succeeded\t2\n$/s);
    expect(res.stderr).toContain('request 3 of 4 failed');
  });

  it('429 after retries: exit 6', async () => {
    emu.scriptFault({ path: BULK, status: 429, skip: 1, times: 1, headers: { 'Retry-After': '1' }, body: '{"message":"Rate limit exceeded.","error_code":"rate_limit_exceeded"}' });
    const res = await runCli(['lists', 'detach', '--yes', '--contact', contacts[0]!, '--contacts-file', file('d2.txt', contacts.slice(1, 1001).join('\n')), '--list', lists[0]!, '--retries', '0'], { env });
    expect(res.code).toBe(6);
    expect(bulk().map((r) => r.status)).toEqual([200, 429]);
    expect(res.stdout).toMatch(/^detached\t\d+\nnot_present\t\d+\ntotal_pairs\t1000\n/);
    expect(res.stderr).toContain('request 2 of 2 failed: contacts 1001-1001 × lists 1-1; request 2 did not run');
    expect(res.stderr).toContain('detaching is idempotent');
  });

  it('a dropped connection: exit 7, and the failed request may have been applied', async () => {
    const { args } = bigInput();
    emu.scriptFault({ path: BULK, drop: true, skip: 1, times: 1 });
    const res = await runCli(['lists', 'attach', ...args, '--retries', '0'], { env });
    expect(res.code).toBe(7);
    expect(res.stderr).toContain('request 2 of 4 failed: contacts 1001-1001 × lists 1-50; request 2 may or may not have been applied; requests 3-4 did not run');
    expect(res.stdout).toMatch(/requests_succeeded\t1\n$/);
  });

  it('an unknown id (422): exit 5, naming the id behind contact_ids.N', async () => {
    const ghost = randomUUID();
    const res = await runCli(['lists', 'attach', '--contact', `${contacts[0]},${ghost}`, '--list', lists[0]!], { env });
    expect(res.code).toBe(5);
    expect(bulk()).toHaveLength(1);
    expect(res.stderr).toContain(`  contact_ids.1 is ${ghost} (contact 2 of the input)`);
    expect(res.stderr).toContain('(validation_error, HTTP 422)');
  });

  it('a list that does not exist in the team: says so first, that nothing was changed, and suggests no re-run', async () => {
    const ghost = randomUUID();
    const res = await runCli(['lists', 'attach', '--contact', contacts[0]!, '--list', `${ghost},${lists[0]}`], { env });
    expect(res.code).toBe(5);
    expect(bulk()).toHaveLength(1);
    // the error line ends with the API's code and status, as every API refusal's does (cli.md "Exit codes")
    expect(res.stderr.split('\n')[0]).toBe(`error: list ${ghost} does not exist in this team: nothing was changed (validation_error, HTTP 422)`);
    expect(res.stderr).toContain('the API answered: Validation failed.\n  list_ids.0: The selected list_ids.0 is invalid.\n');
    expect(res.stderr).toContain(`  list_ids.0 is ${ghost} (list 1 of the input)`);
    expect(res.stderr).not.toContain('re-running the same command is safe');
    expect(res.stderr).not.toMatch(/request 1 of \d+ failed/);
    expect(res.stderr).toContain('remove it from the input');
  });

  it('a list that does not exist, with --json: the JSON error carries the API\'s status, code and field errors', async () => {
    const ghost = randomUUID();
    const res = await runCli(['lists', 'attach', '--contact', contacts[0]!, '--list', ghost, '--json'], { env });
    expect(res.code).toBe(5);
    const error = (JSON.parse(res.stderr.trimEnd().split('\n').at(-1)!) as { error: Record<string, unknown> }).error;
    expect(error).toMatchObject({ status: 422, code: 'validation_error', message: `list ${ghost} does not exist in this team: nothing was changed` });
    expect(error.errors).toEqual({ 'list_ids.0': [expect.any(String)] });
  });

  it('a sandbox key is refused before sending: exit 3, nothing sent, nothing changed', async () => {
    const before = present(contacts.slice(0, 2), lists.slice(0, 2));
    const res = await runCli(['lists', 'attach', '--contact', contacts.slice(0, 2).join(','), '--list', lists.slice(0, 2).join(',')], {
      env: emulatorEnv(emu, 'sandbox'),
    });
    expect(res.code).toBe(3);
    expect(bulk()).toHaveLength(0);
    expect(res.stderr).toContain('error: sandbox API keys cannot attach contacts to lists: the API refuses them on POST /audience/contacts/lists/bulk (nothing was sent)');
    expect(present(contacts.slice(0, 2), lists.slice(0, 2))).toBe(before);
  });

  it('Ctrl-C between requests: exit 130 with the totals so far', async () => {
    const { args } = bigInput();
    emu.scriptFault({ path: BULK, delayMs: 5000, skip: 1, times: 1 });
    const child = startCli(['lists', 'attach', ...args, '--json'], { env });
    const done = finished(child);
    for (let i = 0; i < 400 && bulk().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(bulk()).toHaveLength(2);
    child.kill('SIGINT');
    const res = await done;
    expect(res.code).toBe(130);
    expect(JSON.parse(res.stdout)).toMatchObject({ requests: 4, requests_succeeded: 1, total_pairs: 50000 });
    expect(res.stderr).toContain('request 2 of 4 was interrupted: contacts 1001-1001 × lists 1-50; request 2 may or may not have been applied');
  });
});

describe('on a terminal', () => {
  it('detach asks with the number of pairs; anything but yes sends nothing', async (t) => {
    const res = await runOnTty(t, ['lists', 'detach', '--contact', contacts.slice(0, 2).join(','), '--list', lists.slice(0, 3).join(',')], { env, input: 'n\n' });
    expect(res.out).toContain('Detach 2 contacts from 3 lists (6 pairs)? [y/N]');
    expect(res.out).toContain('error: cancelled: nothing was detached');
    expect(res.code).toBe(1);
    expect(emu.requests).toHaveLength(0);
  });

  it('detach goes ahead on yes, shows progress on stderr and the totals as a small detail', async (t) => {
    const cs = contacts.slice(0, 2);
    const ls = lists.slice(0, 3);
    const before = present(cs, ls);
    const res = await runOnTty(t, ['lists', 'detach', '--contact', cs.join(','), '--list', ls.join(',')], { env, input: 'y\n' });
    expect(res.code).toBe(0);
    expect(bulk()).toHaveLength(1);
    expect(present(cs, ls)).toBe(0);
    expect(res.out).toMatch(/detaching \[[█░]{20}\] 6\/6 pairs · 1\/1 requests · ETA \d+s/);
    expect(res.out).toMatch(new RegExp(`Detached\\s*\\u001b\\[22m\\s+${before}\\n`));
    expect(res.out).toMatch(/Total pairs\s*\u001b\[22m\s+6\n/);
  });

  it('--yes skips the question', async (t) => {
    const res = await runOnTty(t, ['lists', 'detach', '--yes', '--contact', contacts[0]!, '--list', lists[0]!], { env });
    expect(res.code).toBe(0);
    expect(res.out).not.toContain('[y/N]');
    expect(bulk()).toHaveLength(1);
  });
});
