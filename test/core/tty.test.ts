import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
// The terminal runs are real (script(1)); the setup, the pipe and the usage error run in-process.
import { runCliInProcess as runCli } from '../helpers/context.js';
import { runOnTty } from '../helpers/tty.js';

describe('table output on a terminal and in a pipe', () => {
  const dir = tempDir();

  it('shows a header and colour on a TTY, tab-separated rows without either in a pipe', async (t) => {
    await runCli(['auth', 'login', '--no-verify', '--base-url', 'https://api.example.com'], { configDir: dir, input: 'live_ttytest_key_4321' });
    const { out: tty } = await runOnTty(t, 'profile list', { env: { MAILCTL_CONFIG_DIR: dir } });
    expect(tty).toContain('\u001b[1mNAME\u001b[22m');
    expect(tty).toMatch(/\*\s+default\s+https:\/\/api\.example\.com\s+\*\*\*\*4321/);
    const pipe = await runCli(['profile', 'list'], { configDir: dir });
    expect(pipe.stdout).toBe('*\tdefault\thttps://api.example.com\t****4321\t\n');
  });

  it('drops colour on a TTY with NO_COLOR or --no-color, keeping the header', async (t) => {
    for (const [args, env] of [
      ['profile list', { MAILCTL_CONFIG_DIR: dir, NO_COLOR: '1' }],
      ['profile list --no-color', { MAILCTL_CONFIG_DIR: dir }],
    ] as const) {
      const { out } = await runOnTty(t, args, { env });
      expect(out).not.toMatch(/\u001b\[/);
      expect(out).toMatch(/^\s+NAME\s+BASE URL\s+KEY\s+OUTPUT$/m);
    }
  });
});

describe('terminals that report no width', () => {
  it('runs a command with a spinner to completion under script(1), where the pty has 0 columns', async (t) => {
    const { startEmulator } = await import('../../src/emulator/index.js');
    const emu = await startEmulator({ events: 10 });
    try {
      const { code, out } = await runOnTty(t, 'webhook list', { env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full } });
      expect(code, out).toBe(0);
      expect(out.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/ID\s+NAME/);
      expect(emu.requests.filter((r) => r.path === '/webhooks')).toHaveLength(1);
    } finally {
      await emu.close();
    }
  });
});

describe('unknown options', () => {
  it('never echo the value typed after "="', async () => {
    const r = await runCli(['campaign', 'list', '--api-secret=hunter2-value']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown option '--api-secret'");
    expect(r.stderr).not.toContain('hunter2-value');
  });
});
