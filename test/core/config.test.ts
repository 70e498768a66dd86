import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/config/resolve.js';
import { tempDir } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';

const KEY = 'live_abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyzAB';

describe('settings resolution', () => {
  const data = {
    current_profile: 'work',
    profiles: {
      work: { base_url: 'https://profile.example.com', api_key: 'live_profile', output: 'csv', timeout: '10s', retries: 5 },
      other: { base_url: 'https://other.example.com' },
    },
  };

  it('takes flag over env over profile over default, and says where each came from', () => {
    const env = { MAILCTL_BASE_URL: 'https://env.example.com', MAILCTL_API_KEY: 'live_env', MAILCTL_PROFILE: 'other' };
    const s = resolveSettings({ baseUrl: 'https://flag.example.com/', profile: 'work' }, env, data);
    expect(s.profile).toEqual({ value: 'work', source: 'flag' });
    expect(s.baseUrl).toEqual({ value: 'https://flag.example.com', source: 'flag' });
    expect(s.apiKey).toEqual({ value: 'live_env', source: 'env' });
    expect(s.output).toEqual({ value: 'csv', source: 'profile' });
    expect(s.timeoutMs).toEqual({ value: 10_000, source: 'profile' });
    expect(s.retries).toEqual({ value: 5, source: 'profile' });
  });

  it('uses MAILCTL_PROFILE over the current profile, and defaults when nothing is set', () => {
    const s = resolveSettings({}, { MAILCTL_PROFILE: 'other' }, data);
    expect(s.profile).toEqual({ value: 'other', source: 'env' });
    expect(s.baseUrl).toEqual({ value: 'https://other.example.com', source: 'profile' });
    expect(s.apiKey).toEqual({ value: undefined, source: 'default' });
    expect(s.output).toEqual({ value: 'table', source: 'default' });
    expect(s.timeoutMs).toEqual({ value: 30_000, source: 'default' });
    expect(s.retries).toEqual({ value: 3, source: 'default' });
    expect(resolveSettings({}, {}, { profiles: {} }).profile).toEqual({ value: 'default', source: 'default' });
  });

  it('takes --json and --ndjson as --output', () => {
    expect(resolveSettings({ json: true }, {}, data).output).toEqual({ value: 'json', source: 'flag' });
    expect(resolveSettings({ ndjson: true }, {}, data).output.value).toBe('ndjson');
    expect(() => resolveSettings({ json: true, ndjson: true }, {}, data)).toThrow('--json and --ndjson cannot be used together');
  });

  it('names the flag or the profile key of a bad value', () => {
    expect(() => resolveSettings({ timeout: 'soon' }, {}, data)).toThrow('--timeout must be a duration');
    expect(() => resolveSettings({ retries: '11' }, {}, data)).toThrow('--retries must be from 0 to 10');
    const bad = { profiles: { default: { output: 'xml' } } };
    expect(() => resolveSettings({}, {}, bad)).toThrow('output in profile "default" must be one of table, json, ndjson, csv, markdown');
  });
});

// In-process (helpers/context.ts); cli/spawned.test.ts runs auth login/status/logout through the binary.
describe('auth and profiles', () => {
  it('saves the key from stdin into a 0600 file in a 0700 directory and never prints it', async () => {
    const dir = join(tempDir(), 'cfg');
    const login = await runCli(['auth', 'login', '--no-verify', '--base-url', 'https://api.example.com'], { configDir: dir, input: `${KEY}\n` });
    expect(login.code).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toContain('****yzAB');
    expect(login.stderr).not.toContain(KEY);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    // no OS credential store in this environment (no D-Bus session): the file, and the config says so
    expect(saved.profiles.default).toEqual({ api_key: KEY, base_url: 'https://api.example.com', key_storage: 'file' });

    const status = await runCli(['auth', 'status', '--json'], { configDir: dir });
    expect(status.code).toBe(0);
    expect(status.stdout).not.toContain(KEY);
    expect(JSON.parse(status.stdout)).toMatchObject({
      profile: { value: 'default' },
      base_url: { value: 'https://api.example.com', source: 'profile' },
      api_key: { value: '****yzAB', source: 'profile' },
      key_kind: 'live',
    });
  });

  it('shows env and flag values over the profile in auth status', async () => {
    const dir = tempDir();
    await runCli(['auth', 'login', '--no-verify', '--base-url', 'https://api.example.com'], { configDir: dir, input: KEY });
    const status = await runCli(['auth', 'status', '--json', '--base-url', 'https://flag.example.com'], {
      configDir: dir,
      env: { MAILCTL_API_KEY: 'sandbox_0000000000000000000000000000000000000000000000000000000000001234' },
    });
    const s = JSON.parse(status.stdout);
    expect(s.base_url).toEqual({ value: 'https://flag.example.com', source: 'flag' });
    expect(s.api_key).toEqual({ value: '****1234', source: 'env' });
    expect(s.key_kind).toBe('sandbox');
  });

  it('exits 3 with the command that fixes a missing key', async () => {
    const status = await runCli(['auth', 'status']);
    expect(status.code).toBe(3);
    expect(status.stderr).toContain('error: no API key for profile "default"');
    expect(status.stderr).toContain('hint: run `mailctl auth login`');
  });

  it('refuses an empty key and a key with spaces', async () => {
    const empty = await runCli(['auth', 'login'], { input: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no API key given');
    const spaced = await runCli(['auth', 'login'], { input: 'two words\n' });
    expect(spaced.code).toBe(2);
  });

  it('manages profiles: login to a named profile, list, use, remove', async () => {
    const dir = tempDir();
    await runCli(['auth', 'login', '--no-verify', '--base-url', 'https://a.example.com'], { configDir: dir, input: KEY });
    await runCli(['auth', 'login', '--no-verify', '--profile', 'ci', '--base-url', 'https://b.example.com'], { configDir: dir, input: 'live_ci_key_9876' });
    const list = await runCli(['profile', 'list'], { configDir: dir });
    expect(list.stdout).toBe('*\tdefault\thttps://a.example.com\t****yzAB\t\n\tci\thttps://b.example.com\t****9876\t\n');
    expect((await runCli(['profile', 'use', 'ci'], { configDir: dir })).code).toBe(0);
    const json = JSON.parse((await runCli(['profile', 'list', '--json'], { configDir: dir })).stdout);
    expect(json.find((p: { name: string }) => p.name === 'ci').current).toBe(true);
    const missing = await runCli(['profile', 'use', 'nope'], { configDir: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no profile named "nope"');
    expect(missing.stderr).toContain('known profiles: default, ci');
    expect((await runCli(['profile', 'remove', 'ci'], { configDir: dir })).code).toBe(0);
    const after = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(Object.keys(after.profiles)).toEqual(['default']);
  });

  it('gets, sets and lists settings, validating each value', async () => {
    const dir = tempDir();
    expect((await runCli(['config', 'set', 'base_url', 'https://api.example.com'], { configDir: dir })).code).toBe(0);
    expect((await runCli(['config', 'set', 'timeout', '10s'], { configDir: dir })).code).toBe(0);
    const get = await runCli(['config', 'get', 'base_url'], { configDir: dir });
    expect(get.stdout).toBe('https://api.example.com\n');
    const list = await runCli(['config', 'list'], { configDir: dir });
    expect(list.stdout).toBe('profile\tdefault\nbase_url\thttps://api.example.com\noutput\t\ntimeout\t10s\nretries\t\n');
    const bad = await runCli(['config', 'set', 'output', 'xml'], { configDir: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('output must be one of table, json, ndjson, csv, markdown (got "xml")');
    const key = await runCli(['config', 'set', 'api_key', KEY], { configDir: dir });
    expect(key.code).toBe(2);
    expect(key.stderr).not.toContain(KEY);
    const unknown = await runCli(['config', 'get', 'colour'], { configDir: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('settings: base_url, output, timeout, retries');
  });

  it('config get --json prints the value as JSON (null when unset); a profile\'s output json leaves $(config get) plain', async () => {
    const dir = tempDir();
    expect((await runCli(['config', 'set', 'timeout', '45s'], { configDir: dir })).code).toBe(0);
    const cases: Array<[string[], string]> = [
      [['config', 'get', 'timeout', '--json'], '"45s"\n'],
      [['config', 'get', 'timeout', '-o', 'ndjson'], '"45s"\n'],
      [['config', 'get', 'retries', '--json'], 'null\n'],
      [['config', 'get', 'timeout'], '45s\n'],
      [['config', 'get', 'retries'], ''],
    ];
    for (const [args, stdout] of cases) {
      const r = await runCli(args, { configDir: dir });
      expect([r.code, r.stdout], args.join(' ')).toEqual([0, stdout]);
    }
    expect((await runCli(['config', 'set', 'output', 'json'], { configDir: dir })).code).toBe(0);
    const plain = await runCli(['config', 'get', 'timeout'], { configDir: dir });
    expect(plain.stdout).toBe('45s\n');
  });

  it('the commands that read a profile or forget part of it refuse a --profile or MAILCTL_PROFILE naming none (exit 2, the known ones listed), as every API command does', async () => {
    const dir = tempDir();
    await runCli(['auth', 'login', '--no-verify', '--profile', 'ci'], { configDir: dir, input: KEY });
    const cases: Array<[string[], Record<string, string>]> = [
      [['auth', 'status', '--profile', 'cj'], {}],
      [['auth', 'status'], { MAILCTL_PROFILE: 'cj' }],
      [['config', 'list', '--profile', 'cj'], {}],
      [['config', 'get', 'timeout', '--profile', 'cj'], {}],
      [['config', 'get', 'timeout'], { MAILCTL_PROFILE: 'cj' }],
      // a typo must not read as done while the real profile keeps its key or setting
      [['auth', 'logout', '--profile', 'cj'], {}],
      [['config', 'unset', 'timeout', '--profile', 'cj'], {}],
    ];
    for (const [args, env] of cases) {
      const r = await runCli(args, { configDir: dir, env });
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([2, '', 'error: no profile named "cj"\nhint: known profiles: ci\n']);
    }
    expect((await runCli(['auth', 'status', '--profile', 'ci'], { configDir: dir })).code).toBe(0);
  });

  it('--fields on a command that prints no fields (a value, a notice, a script) is a usage error, and nothing changes', async () => {
    const dir = tempDir();
    expect((await runCli(['config', 'set', 'timeout', '45s'], { configDir: dir })).code).toBe(0);
    await runCli(['auth', 'login', '--no-verify', '--profile', 'ci'], { configDir: dir, input: KEY });
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const cases: Array<[string[], string]> = [
      [['config', 'get', 'timeout'], 'the value alone'],
      [['config', 'set', 'timeout', '10s'], 'a notice on stderr only'],
      [['config', 'unset', 'timeout'], 'a notice on stderr only'],
      [['profile', 'use', 'ci'], 'a notice on stderr only'],
      [['profile', 'remove', 'ci'], 'a notice on stderr only'],
      [['auth', 'logout', '--profile', 'ci'], 'a notice on stderr only'],
      [['auth', 'login', '--no-verify', '--profile', 'other'], 'a notice on stderr only'],
      [['completion', 'bash'], 'a shell script'],
    ];
    for (const [args, prints] of cases) {
      const r = await runCli([...args, '--fields', 'value'], { configDir: dir, input: KEY });
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([2, '', `error: --fields: unknown field "value"\nhint: this command prints ${prints}: it has no fields\n`]);
    }
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
  });
});
