import { execFile, execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from '../helpers/cli.js';

// `script` (util-linux) runs the CLI on a pseudo-terminal, as a user's shell would.
function onTty(args: string, env: Record<string, string>): string {
  return execFileSync('script', ['-qc', `${process.execPath} ${BIN} ${args}`, '/dev/null'], {
    env: { PATH: process.env.PATH!, HOME: process.env.HOME!, TERM: 'xterm', ...env },
    encoding: 'utf8',
  }).replace(/\r\n/g, '\n');
}

describe('table output on a terminal and in a pipe', () => {
  const dir = tempDir();

  it('shows a header and colour on a TTY, tab-separated rows without either in a pipe', async () => {
    await runCli(['auth', 'login', '--no-verify', '--base-url', 'https://api.example.com'], { configDir: dir, input: 'live_ttytest_key_4321' });
    const tty = onTty('profile list', { MAILCTL_CONFIG_DIR: dir });
    expect(tty).toContain('\u001b[1mNAME\u001b[22m');
    expect(tty).toMatch(/\*\s+default\s+https:\/\/api\.example\.com\s+\*\*\*\*4321/);
    const pipe = await runCli(['profile', 'list'], { configDir: dir });
    expect(pipe.stdout).toBe('*\tdefault\thttps://api.example.com\t****4321\t\n');
  });

  it('drops colour on a TTY with NO_COLOR or --no-color, keeping the header', () => {
    for (const [args, env] of [
      ['profile list', { MAILCTL_CONFIG_DIR: dir, NO_COLOR: '1' }],
      ['profile list --no-color', { MAILCTL_CONFIG_DIR: dir }],
    ] as const) {
      const out = onTty(args, env);
      expect(out).not.toMatch(/\u001b\[/);
      expect(out).toMatch(/^\s+NAME\s+BASE URL\s+KEY\s+OUTPUT$/m);
    }
  });
});

describe('terminals that report no width', () => {
  it('runs a command with a spinner to completion under script(1), where the pty has 0 columns', async () => {
    const { startEmulator } = await import('../../src/emulator/index.js');
    const emu = await startEmulator({ events: 10 });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        execFile(
          'script',
          ['-qc', `${process.execPath} ${BIN} webhook list`, '/dev/null'],
          { env: { PATH: process.env.PATH!, HOME: process.env.HOME!, TERM: 'xterm', MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, MAILCTL_CONFIG_DIR: tempDir() }, encoding: 'utf8' },
          (error, stdout) => (error ? reject(error) : resolve(stdout)),
        );
      });
      expect(out.replace(/\u001b\[[0-9;]*m/g, "")).toMatch(/ID\s+NAME/);
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
