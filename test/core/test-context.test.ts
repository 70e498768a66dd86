// The in-process harness (helpers/context.ts) against what the spawned binary
// shows: same exit codes, same streams, and a real Context whose clock is fake.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import listWebhooks from '../../src/commands/webhook/list.js';
import { emulatorEnv, runCli } from '../helpers/cli.js';
import { fakeClock, runInProcess, testContext, useEmulator } from '../helpers/context.js';
import { blockedHosts, installNetworkGuard } from '../helpers/network-guard.js';

const emu = useEmulator({ seed: 41, events: 20 });

describe('runInProcess', () => {
  it.each([
    [['webhook', 'list', '--json'], 0],
    [['webhook', 'list', '--retries', '-1'], 2],
    [['campaign', 'show', '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f'], 4],
    [['no-such-command'], 2],
  ])('%j exits as the spawned binary does (%i), with the same stdout and stderr', async (args, code) => {
    const inProcess = await runInProcess(args, { emulator: emu });
    const spawned = await runCli(args, { env: emulatorEnv(emu) });
    expect(inProcess.exitCode, inProcess.stderr).toBe(code);
    expect(spawned.code, spawned.stderr).toBe(code);
    expect(inProcess.stdout).toBe(spawned.stdout);
    expect(inProcess.stderr).toBe(spawned.stderr);
  });

  it('returns the requests of its own run only, and the waits it asked for', async () => {
    await runInProcess(['webhook', 'list'], { emulator: emu });
    emu.scriptFault({ path: '/webhooks', status: 503, times: 1 });
    const r = await runInProcess(['webhook', 'list', '--json'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => [q.method, q.path, q.status])).toEqual([
      ['GET', '/webhooks', 503],
      ['GET', '/webhooks', 200],
    ]);
    expect(r.sleeps).toHaveLength(1);
    expect(r.sleeps[0]).toBeGreaterThan(0);
  });

  it('gives the command its stdin, and no key when key is null', async () => {
    const r = await runInProcess(['webhook', 'list'], { emulator: emu, key: null });
    expect(r.exitCode).toBe(3);
    expect(r.requests).toHaveLength(0);
    const login = await runInProcess(['auth', 'login', '--base-url', emu.baseUrl], { emulator: false, stdin: `${emu.keys.full}\n` });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stdout + login.stderr).not.toContain(emu.keys.full);
  });
});

describe('testContext', () => {
  it("builds a Context for a verb's run(opts, ctx): memory streams, terminal width, fake clock", async () => {
    const clock = fakeClock(Date.parse('2026-03-01T12:00:00Z'));
    const tc = await testContext({ emulator: emu, stdoutIsTTY: true, columns: 120, clock });
    try {
      const ctx = tc.context({ color: false });
      expect(ctx.now()).toBe(Date.parse('2026-03-01T12:00:00Z'));
      expect(ctx.output()).toMatchObject({ format: 'table', isTTY: true, columns: 120, color: false });
      await listWebhooks.run(listWebhooks.parseInput({ args: [], opts: {} }), ctx);
      expect(tc.stdout().split('\n')[0]).toMatch(/^ID\s/);
      for (const id of emu.fixtures.webhooks) expect(tc.stdout()).toContain(id);
      expect(tc.stderr()).toBe('');
      expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
    } finally {
      await tc.close();
    }
  });

  it('a fake sleep moves the clock at once, and refuses when the signal is aborted', async () => {
    const clock = fakeClock(1_000);
    await clock.sleep(2_500);
    expect(clock.now()).toBe(3_500);
    expect(clock.sleeps).toEqual([2_500]);
    await expect(clock.sleep(10, AbortSignal.abort(new Error('stop')))).rejects.toThrow('stop');
    expect(clock.now()).toBe(3_500);
  });
});

// Test files share their worker process (vitest.config.ts), so the guard must
// not outlive the file (here: the describe block) that installed it.
describe('installNetworkGuard', () => {
  const plain = net.Socket.prototype.connect;
  describe('while installed', () => {
    installNetworkGuard();
    it('refuses a socket to a host that is not loopback, and records it', () => {
      expect(() => new net.Socket().connect(443, '192.0.2.1')).toThrow('GUARD: blocked a connection to 192.0.2.1');
      expect(blockedHosts).toEqual(['192.0.2.1']);
    });
  });
  it('gives the plain socket back after the block that installed it', () => {
    expect(net.Socket.prototype.connect).toBe(plain);
  });
  describe('installed again', () => {
    installNetworkGuard();
    it('starts with an empty record', () => {
      expect(blockedHosts).toEqual([]);
    });
  });
  it('is gone again after that block', () => {
    expect(net.Socket.prototype.connect).toBe(plain);
  });
});
