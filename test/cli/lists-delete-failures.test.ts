import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, interruptWhen, startCli } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';

// `lists delete` with more ids than one DELETE /audience/lists/bulk takes (50): when a later
// request fails, the lists the earlier ones deleted are on stdout, stderr says which request
// failed and that the rest did not run, and gives the command that finishes (with --if-exists,
// as the lists already deleted are unknown to the bulk operation now, which would refuse the
// whole request). It used to print the error alone, as if nothing had been deleted.

const BULK = '/audience/lists/bulk';
let emu: Emulator;
let env: Record<string, string>;
let lists: string[];

beforeAll(async () => {
  emu = await startEmulator({ lists: 170, contacts: 0, events: 0, seed: 11 });
  env = emulatorEnv(emu, 'full');
  lists = [...emu.store.teams.main.lists.keys()];
});

afterAll(() => emu.close());

describe('lists delete: a request that fails after others succeeded', () => {
  it('prints the deleted lists, what did not run, and the command that deletes the rest', async () => {
    const ids = lists.slice(0, 55);
    emu.scriptFault({ method: 'DELETE', path: BULK, status: 400, skip: 1, times: 1 });
    const res = await runCli(['lists', 'delete', ...ids, '--yes', '-o', 'ndjson'], { env });
    expect(res.code, res.stderr).toBe(5);
    expect(res.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual(ids.slice(0, 50).map((id) => ({ id, deleted: true })));
    expect(res.stderr).toContain('request 2 of 2 failed: DELETE /audience/lists/bulk of 5 lists; it was not applied');
    expect(res.stderr).toContain('1 of 2 requests succeeded');
    const finish = `mailctl lists delete ${ids.slice(50).join(' ')} --yes --if-exists --output ndjson`;
    expect(res.stderr).toContain(finish);
    for (const id of ids.slice(0, 50)) expect(emu.store.teams.main.lists.has(id)).toBe(false);
    for (const id of ids.slice(50)) expect(emu.store.teams.main.lists.has(id)).toBe(true);

    const rest = await runCli(finish.split(' ').slice(1), { env });
    expect(rest.code, rest.stderr).toBe(0);
    for (const id of ids) expect(emu.store.teams.main.lists.has(id)).toBe(false);
  });

  it('a failure of the first request changed nothing: the error alone, as before', async () => {
    const ids = lists.slice(55, 60);
    emu.scriptFault({ method: 'DELETE', path: BULK, status: 400, times: 1 });
    const res = await runCli(['lists', 'delete', ...ids, '--yes'], { env });
    expect(res.code).toBe(5);
    expect(res.stdout).toBe('');
    expect(res.stderr).not.toContain('--if-exists');
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s while the first of two requests waits: says it may have been applied, and the command that finishes', async (signal) => {
    const ids = signal === 'SIGINT' ? lists.slice(60, 115) : lists.slice(115, 170);
    emu.clearRequests();
    emu.scriptFault({ method: 'DELETE', path: BULK, delayMs: 600_000, times: 1 });
    const child = startCli(['lists', 'delete', ...ids, '--yes', '-o', 'ndjson'], { env });
    const res = await interruptWhen(child, () => emu.requests.some((r) => r.path === BULK), signal);
    emu.clearFaults();
    expect(res.code).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`request 1 of 2 was interrupted: DELETE /audience/lists/bulk of 50 lists; it may or may not have been applied`);
    expect(res.stderr).toContain(`0 of 2 requests succeeded`);
    expect(res.stderr).not.toMatch(/^\s+at /m);
    const finish = `mailctl lists delete ${ids.join(' ')} --yes --if-exists --output ndjson`;
    expect(res.stderr).toContain(finish);

    const rest = await runCli(finish.split(' ').slice(1), { env });
    expect(rest.code, rest.stderr).toBe(0);
    for (const id of ids) expect(emu.store.teams.main.lists.has(id)).toBe(false);
  });

  it('a bulk request whose answer was lost, refused on the retry: the ids are named and the hint to check first stays', async () => {
    const ids = [...emu.store.teams.main.lists.keys()].slice(0, 2);
    emu.scriptFault({ method: 'DELETE', path: BULK, dropMidBody: true, times: 1 });
    const res = await runCli(['lists', 'delete', ...ids, '--yes'], { env });
    expect(res.code).toBe(5);
    expect(res.stderr).toContain(`  not lists of this team (unknown, deleted or another team's): ${ids.join(', ')}\n`);
    expect(res.stderr).toContain('this refusal may be its result');
    expect(res.stderr).toContain('hint: check the current state before running the command again');
    for (const id of ids) expect(emu.store.teams.main.lists.has(id)).toBe(false);
  });
});
