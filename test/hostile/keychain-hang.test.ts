import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { finished, runCli, startCli, tempDir } from '../helpers/cli.js';

// Issue 31, item 15: the OS keychain behind a D-Bus that never answers. The "bus" here is a
// Unix socket that accepts every connection and never says a word, so a Secret Service client
// waits on it for ever. Each keychain call is bounded, fails with one line and the --storage
// file hint, and SIGTERM ends the run at once (the call runs in a child process that is killed).

let emu: Emulator;
let bus: Server;
let busAddress: string;
const connections: Socket[] = [];
let connected: (() => void) | undefined;

beforeAll(async () => {
  emu = await startEmulator({ events: 5 });
  const path = join(tempDir('mailctl-bus-'), 'bus.sock');
  bus = createServer((socket) => {
    connections.push(socket);
    socket.on('error', () => undefined);
    socket.resume(); // read everything, answer nothing
    connected?.();
  });
  await new Promise<void>((resolve) => bus.listen(path, resolve));
  busAddress = `unix:path=${path}`;
});
afterAll(async () => {
  for (const s of connections) s.destroy();
  await new Promise((resolve) => bus.close(resolve));
  await emu.close();
});

const hungBus = () => ({ MAILCTL_NO_KEYCHAIN: undefined, DBUS_SESSION_BUS_ADDRESS: busAddress });

describe.runIf(process.platform === 'linux')('a keychain whose D-Bus never answers', () => {
  it('auth login --storage keychain and a command whose key is kept there each fail with one line, the --storage file hint, and nothing saved', async () => {
    const loginDir = tempDir();
    const readDir = tempDir();
    writeFileSync(join(readDir, 'config.json'), JSON.stringify({ profiles: { default: { base_url: emu.baseUrl, key_storage: 'keychain' } } }), { mode: 0o600 });
    emu.clearRequests();
    // side by side: each waits out the same bound
    const logoutDir = tempDir();
    const kept = JSON.stringify({ profiles: { default: { base_url: emu.baseUrl, key_storage: 'keychain' } } });
    writeFileSync(join(logoutDir, 'config.json'), kept, { mode: 0o600 });
    const [login, list, logout] = await Promise.all([
      runCli(['auth', 'login', '--storage', 'keychain', '--no-verify', '--base-url', emu.baseUrl], { configDir: loginDir, input: emu.keys.full, env: hungBus() }),
      runCli(['webhook', 'list'], { configDir: readDir, env: hungBus() }),
      runCli(['auth', 'logout'], { configDir: logoutDir, env: hungBus() }),
    ]);
    // logout: the key stays where the config says it is, and logout says so (it said "No API key is saved")
    expect([logout.code, logout.stdout], logout.stderr).toEqual([1, '']);
    expect(logout.stderr).toMatch(/^error: cannot .*Secret Service: no answer within 5 s.*nothing was removed/);
    expect(JSON.parse(readFileSync(join(logoutDir, 'config.json'), 'utf8')).profiles.default.key_storage).toBe('keychain');
    expect(login.code, login.stderr).toBe(1);
    expect(login.stdout).toBe('');
    expect(login.stderr).toMatch(/^error: cannot write to the Secret Service: no answer within 5 s/);
    expect(login.stderr).toContain('--storage file');
    expect(login.stderr).not.toContain('unexpected');
    expect(login.stderr).not.toContain(emu.keys.full);
    expect(existsSync(join(loginDir, 'config.json'))).toBe(false);

    expect(list.code, list.stderr).toBe(3);
    expect(list.stdout).toBe('');
    expect(list.stderr).toMatch(/^error: cannot read from the Secret Service: no answer within 5 s/);
    expect(list.stderr).toContain('--storage file');
    expect(emu.requests).toHaveLength(0);
  });

  it('SIGTERM during the keychain call ends the run at once with 143, and the call is abandoned', async () => {
    const before = connections.length;
    const reached = new Promise<void>((resolve) => (connected = resolve));
    const child = startCli(['auth', 'login', '--storage', 'keychain', '--no-verify'], { input: 'lttr_abc', env: hungBus() });
    const result = finished(child);
    await reached; // the store's client is now waiting on the silent bus
    connected = undefined;
    child.kill('SIGTERM');
    const r = await result;
    expect(r.code, r.stderr).toBe(143);
    // ended by the signal, not by the bound on the call
    expect(r.stderr).not.toContain('no answer within');
    expect(r.stderr).not.toContain('unexpected');
    // the helper that held the bus connection is gone too: its socket is closed
    const socket = connections[before]!;
    if (!socket.closed) await new Promise((resolve) => socket.once('close', resolve));
    expect(socket.closed).toBe(true);
  });
});
