import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DEMO = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url));

describe('npm run demo', () => {
  it('runs every demo command against the bundled emulator and exits 0', async () => {
    const child = spawn(process.execPath, [DEMO], { env: { PATH: process.env.PATH!, HOME: process.env.HOME! }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, out).toBe(0);
    for (const command of ['events list', 'email show', 'campaign list', 'campaign schedule', 'campaign unschedule', 'lists attach', 'webhook list']) {
      expect(out).toContain(`$ mailctl ${command}`);
    }
    expect(out).toContain(`| mailctl webhook set`);
    expect(out).toContain('every command succeeded');
    expect(out).not.toContain('(exit ');
    expect(out).not.toContain('demo-password');
  });
});
