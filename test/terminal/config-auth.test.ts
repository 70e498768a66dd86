// Issue 16 items 1, 4, 5 and 7: the hidden prompt's Ctrl-C, mistyped profiles,
// auth login checking the key, config unset. In-process except the pseudo-terminal case.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { requireCommand } from '../helpers/tools.js';

const emu = useEmulator();

function configFile(dir: string): { current_profile?: string; profiles: Record<string, Record<string, unknown>> } | undefined {
  const file = join(dir, 'config.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

describe('Ctrl-C at a hidden prompt', () => {
  it('auth login: quiet cancel, exit 130, nothing saved, no request', async () => {
    const configDir = tempDir();
    const r = await runInProcess(['auth', 'login', '--base-url', emu.baseUrl], { emulator: emu, key: null, configDir, stdinIsTTY: true, stdin: '\u0003' });
    expect(r.exitCode).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/error|unexpected|report/);
    expect(configFile(configDir)).toBeUndefined();
    expect(r.requests).toHaveLength(0);
  });

  it('webhook set --auth-password-stdin: exit 130, no request', async () => {
    const id = 'wh_1'; // the secret is read before anything is sent, so any id will do
    const r = await runInProcess(['webhook', 'set', id, '--auth-type', 'basic', '--auth-username', 'u', '--auth-password-stdin'], {
      emulator: emu,
      stdinIsTTY: true,
      stdin: 'abc\u0003',
    });
    expect(r.exitCode).toBe(130);
    expect(r.stderr).not.toMatch(/unexpected|report it/);
    expect(r.requests).toHaveLength(0);
  });

  it('under a pseudo-terminal (script): the prompt, then Ctrl-C, exit 130 and no config written', async (t) => {
    requireCommand(t, 'script');
    const configDir = tempDir();
    const child = spawn('script', ['-qfec', `${process.execPath} ${BIN} auth login --base-url ${emu.baseUrl}`, '/dev/null'], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME!, TERM: 'xterm', MAILCTL_CONFIG_DIR: configDir },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // raw mode is on once the question shows: Ctrl-C then arrives as a byte, not as SIGINT
      if (out.includes('API key for profile') && !child.stdin.writableEnded) child.stdin.end('abc\u0003');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(out).not.toMatch(/unexpected|report it|abc/);
    expect(configFile(configDir)).toBeUndefined();
  });
});

describe('a mistyped profile', () => {
  it('is a usage error listing the known profiles, with no request and no hint to create it', async () => {
    const configDir = tempDir();
    const login = await runInProcess(['auth', 'login', '--profile', 'staging', '--base-url', emu.baseUrl], { emulator: emu, key: null, configDir, stdin: emu.keys.full });
    expect(login.exitCode, login.stderr).toBe(0);
    for (const [args, env] of [
      [['--profile', 'stagin', 'events', 'list'], {}],
      [['events', 'list'], { MAILCTL_PROFILE: 'stagin' }],
    ] as const) {
      const r = await runInProcess([...args], { emulator: emu, key: null, configDir, env: { MAILCTL_BASE_URL: undefined, ...env } });
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('error: no profile named "stagin"');
      expect(r.stderr).toContain('known profiles: staging');
      expect(r.stderr).not.toContain('config set');
      expect(r.requests).toHaveLength(0);
    }
  });
});

describe('auth login checks the key', () => {
  it('saves a working key and says it works and which kind it is, after one GET', async () => {
    const configDir = tempDir();
    const r = await runInProcess(['auth', 'login', '--base-url', emu.baseUrl], { emulator: emu, key: null, configDir, stdin: emu.keys.full });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Key kind: live .*it works/);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
    expect(configFile(configDir)?.profiles.default?.api_key).toBe(emu.keys.full);
    expect(r.stderr).not.toContain(emu.keys.full);
  });

  it('reports a sandbox key as such', async () => {
    const r = await runInProcess(['auth', 'login', '--base-url', emu.baseUrl], { emulator: emu, key: null, stdin: emu.keys.sandbox });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Key kind: sandbox/);
  });

  it('refuses a key the API answers 401: exit 3, nothing saved', async () => {
    const configDir = tempDir();
    const r = await runInProcess(['auth', 'login', '--base-url', emu.baseUrl], { emulator: emu, key: null, configDir, stdin: 'live_not_a_real_key_0000' });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('Invalid API key.');
    expect(r.stderr).toContain('--no-verify');
    expect(r.requests).toHaveLength(1);
    expect(configFile(configDir)).toBeUndefined();
  });

  it('--no-verify saves without any request', async () => {
    const configDir = tempDir();
    const r = await runInProcess(['auth', 'login', '--no-verify', '--base-url', emu.baseUrl], { emulator: emu, key: null, configDir, stdin: 'live_not_a_real_key_0000' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(0);
    expect(r.stderr).toContain('not checked against the API (--no-verify)');
    expect(configFile(configDir)?.profiles.default?.api_key).toBe('live_not_a_real_key_0000');
  });
});

describe('config unset', () => {
  it('removes one setting, keeps the others, and is a no-op when not set', async () => {
    const configDir = tempDir();
    for (const args of [['config', 'set', 'output', 'json'], ['config', 'set', 'timeout', '10s']]) {
      expect((await runInProcess(args, { emulator: false, configDir })).exitCode).toBe(0);
    }
    const r = await runInProcess(['config', 'unset', 'output'], { emulator: false, configDir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Unset output in profile "default".');
    expect(configFile(configDir)?.profiles.default).toEqual({ timeout: '10s' });
    const again = await runInProcess(['config', 'unset', 'output'], { emulator: false, configDir });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('not set');
  });

  it('repairs a profile holding a value mailctl refuses (an edited file): config list shows it, set and unset replace it; profile list works', async () => {
    const configDir = tempDir();
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ current_profile: 'default', profiles: { default: { base_url: 'ftp://mail.example', timeout: 'soon', output: 'xml' } } }), { mode: 0o600 });
    // commands that need the setting still refuse it, naming it (exit 2)
    const broken = await runInProcess(['webhook', 'list'], { emulator: false, configDir });
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(/in profile "default"/);
    const list = await runInProcess(['config', 'list', '--json'], { emulator: false, configDir });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ profile: 'default', base_url: 'ftp://mail.example', timeout: 'soon' });
    expect((await runInProcess(['profile', 'list'], { emulator: false, configDir })).exitCode).toBe(0);
    for (const args of [['config', 'set', 'base_url', 'https://api.example.com'], ['config', 'unset', 'timeout'], ['config', 'set', 'output', 'json']]) {
      const r = await runInProcess(args, { emulator: false, configDir });
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    expect(configFile(configDir)?.profiles.default).toEqual({ base_url: 'https://api.example.com', output: 'json' });
    expect((await runInProcess(['config', 'get', 'base_url'], { emulator: false, configDir })).exitCode).toBe(0);
  });

  it('only the commands that report or repair settings (and completion) print past a refused one: the others refuse it before printing, even those that send nothing', async () => {
    const db = join(tempDir(), 'none.sqlite');
    const cases = [
      [{ output: 'xml' }, 2, /output in profile "default"/],
      [{ output: 'json', timeout: 'soon' }, 2, /timeout in profile "default"/],
      ['{ not json', 1, /not valid JSON/],
    ] as const;
    for (const [stored, code, message] of cases) {
      const configDir = tempDir();
      const text = typeof stored === 'string' ? stored : JSON.stringify({ current_profile: 'default', profiles: { default: stored } });
      writeFileSync(join(configDir, 'config.json'), text, { mode: 0o600 });
      for (const args of [['events', 'list', '--db', db], ['report', '--db', db]]) {
        const r = await runInProcess(args, { emulator: false, configDir });
        expect([r.exitCode, r.stdout], `${args.join(' ')} with ${text}`).toEqual([code, '']);
        expect(r.stderr).toMatch(message);
      }
      expect((await runInProcess(['config', 'list'], { emulator: false, configDir })).exitCode).toBe(typeof stored === 'string' ? 1 : 0);
      expect((await runInProcess(['profile', 'use', 'default'], { emulator: false, configDir })).exitCode).toBe(typeof stored === 'string' ? 1 : 0);
      expect((await runInProcess(['doctor'], { emulator: false, configDir })).exitCode).toBe(8);
      // a shell's start-up (eval "$(mailctl completion bash)") must not break on a setting
      const completion = await runInProcess(['completion', 'bash'], { emulator: false, configDir });
      expect(completion.exitCode, completion.stderr).toBe(0);
      expect(completion.stdout).toContain('complete ');
    }
  });

  it('refuses an unknown key and api_key with exit 2', async () => {
    for (const key of ['colour', 'api_key']) {
      const r = await runInProcess(['config', 'unset', key], { emulator: false });
      expect(r.exitCode).toBe(2);
    }
  });
});
