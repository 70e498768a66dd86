import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { BIN, runCli as runSpawned, tempDir } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';

// Where `auth login` keeps the key. Everywhere: the 0600 file, when no OS store
// is usable or with --storage file. With Debian's gnome-keyring and dbus (CI
// installs them, see .ci/run): the real Secret Service, under dbus-run-session.

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ events: 10 });
});
afterAll(async () => {
  await emu.close();
});

const configOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, unknown>> };

// Linux without a session bus: the store is found unusable before it is tried. On macOS and
// Windows the store is always there (and it is the developer's own), so these do not run.
const noBus = { MAILCTL_NO_KEYCHAIN: undefined, DBUS_SESSION_BUS_ADDRESS: undefined };

const onLinux = process.platform === 'linux';

describe('the key in the config file (no OS credential store here)', () => {
  it.runIf(onLinux)('auth login falls back to the 0600 file without a D-Bus session, and says so; auth status says where', async () => {
    const dir = tempDir();
    const login = await runSpawned(['auth', 'login', '--base-url', emu.baseUrl], { configDir: dir, input: emu.keys.full, env: noBus });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain('(no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)): the key goes to the 0600 config file');
    expect(login.stdout).toBe('');
    expect(configOf(dir).profiles.default).toMatchObject({ api_key: emu.keys.full, key_storage: 'file' });
    const status = await runCli(['auth', 'status', '--json'], { configDir: dir });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ key_storage: 'file', api_key: { source: 'profile' } });
    expect(status.stdout).not.toContain(emu.keys.full);
    const logout = await runCli(['auth', 'logout'], { configDir: dir });
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).toContain('from the config file');
    expect(configOf(dir).profiles.default).not.toHaveProperty('api_key');
    expect(configOf(dir).profiles.default).not.toHaveProperty('key_storage');
  });

  it.runIf(onLinux)('--storage keychain where no store is usable fails (exit 1) and saves nothing; a bad --storage is a usage error', async () => {
    const dir = tempDir();
    const r = await runCli(['auth', 'login', '--storage', 'keychain', '--base-url', emu.baseUrl], { configDir: dir, input: emu.keys.full, env: noBus });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--storage keychain: the Secret Service cannot be used here/);
    expect(r.stderr).toContain('--storage file');
    expect(() => configOf(dir)).toThrow();
    const bad = await runCli(['auth', 'login', '--storage', 'vault'], { configDir: dir, input: emu.keys.full });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--storage');
  });

  it('a profile whose key is in an unreachable store: commands exit 3 with the fix, and MAILCTL_API_KEY still wins', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { base_url: emu.baseUrl, key_storage: 'keychain' } } }), { mode: 0o600 });
    emu.clearRequests();
    const r = await runCli(['webhook', 'list'], { configDir: dir, env: { MAILCTL_NO_KEYCHAIN: '1' } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('MAILCTL_NO_KEYCHAIN=1 is set');
    expect(r.stderr).toContain('hint:');
    expect(emu.requests).toHaveLength(0);
    const withEnv = await runCli(['webhook', 'list'], { configDir: dir, env: { MAILCTL_API_KEY: emu.keys.read_only } });
    expect(withEnv.code, withEnv.stderr).toBe(0);
    expect(emu.requests.map((q) => q.key)).toEqual([emu.keys.read_only]);
    const status = await runCli(['auth', 'status', '--json'], { configDir: dir, env: { MAILCTL_API_KEY: emu.keys.read_only } });
    expect(JSON.parse(status.stdout)).toMatchObject({ key_storage: 'env', api_key: { source: 'env' } });
  });

  it('auth logout and profile remove of a key kept in a store that cannot be reached fail (exit 1) and forget nothing, instead of saying no key is saved', async () => {
    const dir = tempDir();
    const stored = { profiles: { default: { base_url: emu.baseUrl, key_storage: 'keychain' }, ops: { key_storage: 'keychain' } }, current_profile: 'default' };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(stored), { mode: 0o600 });
    for (const args of [['auth', 'logout'], ['profile', 'remove', 'ops']]) {
      const r = await runCli(args, { configDir: dir, env: { MAILCTL_NO_KEYCHAIN: '1' } });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toContain('MAILCTL_NO_KEYCHAIN=1 is set');
      expect(r.stderr).not.toContain('No API key is saved');
      expect(r.stderr).toContain('hint:');
    }
    // where the key is stays recorded, so that a logout where the store answers removes it
    expect(configOf(dir)).toMatchObject(stored);
  });
});

// ---- the real Secret Service ------------------------------------------------------------------

// Found on PATH (helpers/tools.ts's `installed` runs `cmd -c`, which these two do not take).
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => !has(c));

/** Runs a shell script in a private D-Bus session with an unlocked gnome-keyring. */
function inKeyringSession(script: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const full = `echo -n test-keyring-pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || exit 90\n${script}`;
  const child = spawn('dbus-run-session', ['--', 'sh', '-c', full], { env: { PATH: process.env.PATH!, HOME: tempDir('mailctl-home-'), ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the key in the Secret Service (gnome-keyring under dbus-run-session)', () => {
  it('stores, reads and removes a key, the config recording only where it is', async (ctx) => {
    // As helpers/tools.ts's requireCommand: skip saying why, but fail under MAILCTL_CI_STRICT=1 (.ci/run installs them).
    if (missing.length > 0) {
      const reason = `${missing.join(', ')} not installed: skipped; .ci/run installs gnome-keyring and dbus-daemon`;
      if (process.env.MAILCTL_CI_STRICT === '1') throw new Error(`${missing.join(', ')} not installed, and MAILCTL_CI_STRICT=1 forbids skipping (did .ci/run's apt-get install fail?)`);
      console.warn(reason);
      ctx.skip(reason);
    }
    const dir = tempDir();
    const cli = `"${process.execPath}" "${BIN}"`;
    const script = [
      `printf %s "$KEY" | ${cli} auth login --base-url "$BASE" || exit 11`,
      `cat "$MAILCTL_CONFIG_DIR/config.json"; echo`,
      `echo "--- status"; ${cli} auth status --json || exit 12`,
      `echo "--- list"; ${cli} webhook list --json >/dev/null || exit 13`,
      `echo "--- logout"; ${cli} auth logout 2>&1 || exit 14`,
      // Recorded as in the store again: the store must not have it any more.
      `printf '{"profiles":{"default":{"base_url":"%s","key_storage":"keychain"}}}' "$BASE" > "$MAILCTL_CONFIG_DIR/config.json"`,
      `echo "--- after"; ${cli} auth status --json; echo "status-exit=$?"`,
    ].join('\n');
    emu.clearRequests();
    const r = await inKeyringSession(script, { MAILCTL_CONFIG_DIR: dir, KEY: emu.keys.full, BASE: emu.baseUrl });
    expect(r.code, r.stderr).toBe(0);
    const [config, rest] = r.stdout.split('--- status');
    expect(JSON.parse(config!).profiles.default).toEqual({ base_url: emu.baseUrl, key_storage: 'keychain' });
    expect(config).not.toContain(emu.keys.full);
    expect(r.stderr).toContain('Saved API key');
    expect(r.stderr).toContain('Secret Service');
    const status = JSON.parse(rest!.split('--- list')[0]!);
    expect(status).toMatchObject({ key_storage: 'keychain', api_key: { source: 'keychain' } });
    expect(JSON.stringify(status)).not.toContain(emu.keys.full);
    // auth login's check, then the key read from the store: both reached the API with it
    expect(emu.requests.map((q) => q.key)).toEqual([emu.keys.full, emu.keys.full]);
    expect(r.stdout).toContain('Removed the API key of profile "default" from the Secret Service');
    const after = r.stdout.split('--- after')[1]!;
    expect(after).toContain('status-exit=3');
  });
});
