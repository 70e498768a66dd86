// Items 4, 5, 6 and 12 of issue 17: the profile store under concurrent writers (a lock and
// atomic writes), the permissions of a config directory mailctl did not create, profile names
// that cannot be keys, and credentials in --base-url.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { expectCleanFailure } from './support.js';

const KEY = (n: number) => `lttr_${String(n).padStart(4, '0')}${'k'.repeat(60)}`;
const mode = (path: string) => statSync(path).mode & 0o7777;
const readConfig = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

describe('concurrent writers keep every change', () => {
  it('20 parallel `auth login --profile pN`: all 20 profiles survive, file 0600, no temp or lock left', async () => {
    const dir = tempDir('mailctl-lock-');
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => runCli(['auth', 'login', '--profile', `p${i}`], { configDir: dir, input: KEY(i) })),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const data = readConfig(dir);
    expect(Object.keys(data.profiles).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`).sort());
    for (let i = 0; i < 20; i++) expect(data.profiles[`p${i}`].api_key).toBe(KEY(i));
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('auth login beside config set: both changes survive, in every one of 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const dir = tempDir('mailctl-lock2-');
      const [login, set] = await Promise.all([
        runCli(['auth', 'login'], { configDir: dir, input: KEY(round) }),
        runCli(['config', 'set', 'timeout', '45s'], { configDir: dir }),
      ]);
      expect(login.code, login.stderr).toBe(0);
      expect(set.code, set.stderr).toBe(0);
      const profile = readConfig(dir).profiles.default;
      expect(profile, `round ${round}`).toEqual({ api_key: KEY(round), key_storage: 'file', timeout: '45s' });
    }
  });

  // in-process: the lock's owner is a pid that no longer runs, whoever looks at it
  it('a stale lock left by a crashed mailctl is broken, not waited on for ever', async () => {
    const dir = tempDir('mailctl-lock3-');
    writeFileSync(join(dir, 'config.json.lock'), '999999999\n');
    const r = await runCliInProcess(['auth', 'login'], { configDir: dir, input: KEY(1) });
    expect(r.code, r.stderr).toBe(0);
    expect(readConfig(dir).profiles.default.api_key).toBe(KEY(1));
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(false);
  });
});

// Concurrent writers above need processes of their own (the lock is between
// processes); the config store's other checks run in-process (helpers/context.ts).
describe('a config directory mailctl did not create', () => {
  it('is not chmodded; a key is refused in a world-writable one (exit 2), other settings warn', async () => {
    const shared = tempDir('mailctl-shared-');
    chmodSync(shared, 0o1777);
    const login = await runCliInProcess(['auth', 'login'], { configDir: shared, input: KEY(2) });
    expect(login.code, login.stderr).toBe(2);
    // the warning every run gives, then the one error
    expect(login.stderr).toMatch(/^warning: the config directory .* is writable by every user of this machine\nerror: refusing to store an API key: the config directory .* is writable by every user/);
    expect(login.stderr.match(/^error:/gm)).toHaveLength(1);
    expect(mode(shared)).toBe(0o1777);
    expect(existsSync(join(shared, 'config.json'))).toBe(false);

    const set = await runCliInProcess(['config', 'set', 'timeout', '45s'], { configDir: shared });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toMatch(/^warning: the config directory .* is writable by every user/m);
    expect(mode(shared)).toBe(0o1777);
    // a command that only reads the config says so too, once
    const read = await runCliInProcess(['config', 'list'], { configDir: shared });
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr.match(/^warning: the config directory .* is writable by every user/gm)).toHaveLength(1);
  });

  it('an existing private directory keeps its mode; one mailctl creates is 0700', async () => {
    const parent = tempDir('mailctl-own-');
    const existing = join(parent, 'existing');
    mkdirSync(existing, { mode: 0o750 });
    chmodSync(existing, 0o750);
    expect((await runCliInProcess(['auth', 'login'], { configDir: existing, input: KEY(3) })).code).toBe(0);
    expect(mode(existing)).toBe(0o750);
    const fresh = join(parent, 'fresh', 'mailctl');
    expect((await runCliInProcess(['auth', 'login'], { configDir: fresh, input: KEY(3) })).code).toBe(0);
    expect(mode(fresh)).toBe(0o700);
  });

  it('a world-writable config file is refused for a key', async () => {
    const dir = tempDir('mailctl-wwfile-');
    writeFileSync(join(dir, 'config.json'), '{"profiles":{}}');
    chmodSync(join(dir, 'config.json'), 0o666);
    const r = await runCliInProcess(['auth', 'login'], { configDir: dir, input: KEY(4) });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^warning: the config file .* is writable by every user of this machine\nerror: refusing to store an API key: the config file/);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe('{"profiles":{}}');
  });
});

describe('profile names', () => {
  for (const [what, name] of [
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['toString', 'toString'],
    ['an empty name', ''],
    ['a control character', 'a\u001b[2Jb'],
    ['a line break', 'a\nb'],
  ] as const) {
    it(`${what} is refused (exit 2) and nothing is stored`, async () => {
      const dir = tempDir('mailctl-names-');
      const r = await runCliInProcess(['auth', 'login', '--profile', name], { configDir: dir, input: KEY(5) });
      expectCleanFailure(r, 2, `auth login --profile ${JSON.stringify(name)}`);
      expect(r.stderr).toMatch(/^error: --profile: /);
      expect(r.stderr).not.toContain('Saved');
      expect(existsSync(join(dir, 'config.json'))).toBe(false);
    });
  }

  it('MAILCTL_PROFILE=__proto__ and `profile use constructor` are refused too', async () => {
    const dir = tempDir('mailctl-names2-');
    const env = await runCliInProcess(['config', 'list'], { configDir: dir, env: { MAILCTL_PROFILE: '__proto__' } });
    expectCleanFailure(env, 2, 'MAILCTL_PROFILE=__proto__');
    expect(env.stderr).toMatch(/^error: MAILCTL_PROFILE: /);
    const use = await runCliInProcess(['profile', 'use', 'constructor'], { configDir: dir });
    expectCleanFailure(use, 2, 'profile use constructor');
  });
});

describe('credentials in --base-url', () => {
  const PW = 'Sup3rSecretPW99';
  for (const [where, args, env] of [
    ['--base-url', ['events', 'list', '--base-url', `http://admin:${PW}@127.0.0.1:9`], { MAILCTL_API_KEY: KEY(6) }],
    ['MAILCTL_BASE_URL', ['events', 'list'], { MAILCTL_API_KEY: KEY(6), MAILCTL_BASE_URL: `https://admin:${PW}@api.example.com/v1` }],
    ['auth status', ['auth', 'status', '--base-url', `https://admin:${PW}@api.example.com`], { MAILCTL_API_KEY: KEY(6) }],
  ] as const) {
    it(`are refused from ${where} (exit 2), without echoing the password, and nothing is sent`, async () => {
      const r = await runCliInProcess([...args], { env });
      expectCleanFailure(r, 2, where);
      expect(r.stderr).toContain('put credentials in the key, not the URL');
      expect(r.stdout + r.stderr).not.toContain(PW);
    });
  }

  it('are refused when saved by auth login --base-url, and nothing is stored', async () => {
    const dir = tempDir('mailctl-cred-');
    const r = await runCliInProcess(['auth', 'login', '--base-url', `https://admin:${PW}@api.example.com`], { configDir: dir, input: KEY(7) });
    expectCleanFailure(r, 2, 'auth login --base-url with credentials');
    expect(r.stdout + r.stderr).not.toContain(PW);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });
});
