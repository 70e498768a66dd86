import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// `--version` and a plain `--help` are answered before commander loads (see
// main.ts); what they print must be exactly what the full program prints.

describe('start-up fast paths', () => {
  it('prints the root help from the build-time copy exactly as commander renders it', async () => {
    const fast = await runCli(['--help']);
    // --no-color does not change the help text but takes the full commander path
    const full = await runCli(['--no-color', '--help']);
    expect(fast.code).toBe(0);
    expect(full.code).toBe(0);
    expect(fast.stdout).toContain('Usage: mailctl [options] [command]');
    expect(fast.stdout).toBe(full.stdout);
    expect((await runCli(['-h'])).stdout).toBe(full.stdout);
    expect((await runCli([])).stdout).toBe(full.stdout);
  });

  it('prints the package version', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    const fast = await runCli(['--version']);
    expect(fast).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect((await runCli(['--no-color', '--version'])).stdout).toBe(`${version}\n`);
  });
});
