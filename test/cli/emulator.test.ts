import { describe, expect, it } from 'vitest';
import { finished, runCli, startCli } from '../helpers/cli.js';

function firstLine(child: ReturnType<typeof startCli>): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.setEncoding('utf8');
    const onData = (d: string) => {
      buf += d;
      const nl = buf.indexOf('\n');
      if (nl >= 0) {
        child.stdout.off('data', onData);
        resolve(buf.slice(0, nl));
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before printing a line: ${buf}`)));
  });
}

describe('mailctl emulator', () => {
  it('prints one JSON line with its base URL and keys, serves, and stops on SIGTERM', async () => {
    const child = startCli(['emulator', '--json', '--events', '50']);
    const line = await firstLine(child);
    const info = JSON.parse(line);
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(info.keys).sort()).toEqual(['full', 'other_team', 'read_only', 'sandbox']);
    expect(info.keys.sandbox).toMatch(/^lttr_sandbox_/);

    // the CLI talks to it like to the real service
    const hooks = await runCli(['webhook', 'list', '--json'], { env: { MAILCTL_BASE_URL: info.base_url, MAILCTL_API_KEY: info.keys.full } });
    expect(hooks.code).toBe(0);
    expect(Array.isArray(JSON.parse(hooks.stdout))).toBe(true);

    const done = finished(child);
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
  });

  it('refuses bad flags with exit 2 before starting', async () => {
    const result = await runCli(['emulator', '--fault-rate', '2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --fault-rate: must be a number from 0 to 1 (got "2")\n');
    expect(result.stdout).toBe('');
  });
});
