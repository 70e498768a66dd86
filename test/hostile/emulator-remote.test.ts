// Issue 31, item 25: `emulator --host 0.0.0.0` served the network with keys that are the same
// on every run (seed 1) and said nothing. Binding beyond loopback needs --allow-remote (exit 2
// otherwise, nothing listens); with it the keys are random for the run and stderr says so.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { finished, startCli } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { expectCleanFailure } from './support.js';

/** The first stdout line (the --json banner), and what stderr said before it. */
function banner(child: ReturnType<typeof startCli>): Promise<{ line: string; stderr: () => string }> {
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      if (buf.includes('\n')) resolve({ line: buf.slice(0, buf.indexOf('\n')), stderr: () => err });
    });
    child.on('exit', () => reject(new Error(`exited before its banner: ${err}`)));
  });
}

async function seededKeys(): Promise<string[]> {
  const emu = await startEmulator({ seed: 1, events: 1 });
  await emu.close();
  return Object.values(emu.keys);
}

describe('emulator beyond loopback', () => {
  it('--host 0.0.0.0 without --allow-remote is refused (exit 2) before anything listens; loopback hosts need nothing', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1', 'example.com']) {
      const r = await runCliInProcess(['emulator', '--json', '--host', host, '--events', '1']);
      expectCleanFailure(r, 2, `--host ${host}`);
      expect(r.stderr).toContain(`error: --host ${host}: that serves the emulator beyond this machine; add --allow-remote`);
      expect(r.stdout).toBe('');
    }
  });

  it('--host 0.0.0.0 --allow-remote: a warning on stderr, random keys that differ from run to run, and they work', async () => {
    const seeded = await seededKeys();
    const seen: string[][] = [];
    for (let run = 0; run < 2; run++) {
      const child = startCli(['emulator', '--json', '--host', '0.0.0.0', '--allow-remote', '--events', '5', '--no-live']);
      const { line, stderr } = await banner(child);
      const info = JSON.parse(line) as { base_url: string; keys: Record<string, string> };
      expect(stderr()).toMatch(/^warning: the emulator will listen on 0\.0\.0\.0, beyond this machine: anyone who can reach it can use it; its API keys are random for this run/);
      expect(info.keys.full).toMatch(/^lttr_[A-Za-z0-9]{64}$/);
      expect(info.keys.sandbox).toMatch(/^lttr_sandbox_[A-Za-z0-9]{64}$/);
      for (const key of Object.values(info.keys)) expect(seeded).not.toContain(key);
      seen.push(Object.values(info.keys));
      const hooks = await runCliInProcess(['webhook', 'list', '--json'], { env: { MAILCTL_BASE_URL: info.base_url, MAILCTL_API_KEY: info.keys.full } });
      expect(hooks.code, hooks.stderr).toBe(0);
      const done = finished(child);
      child.kill('SIGTERM');
      expect((await done).code).toBe(143);
    }
    expect(seen[1]).not.toEqual(seen[0]);
  });

  it('on loopback the keys stay the seeded ones and nothing is said', async () => {
    const child = startCli(['emulator', '--json', '--host', '127.0.0.1', '--events', '5', '--no-live']);
    const { line, stderr } = await banner(child);
    expect(Object.values((JSON.parse(line) as { keys: Record<string, string> }).keys)).toEqual(await seededKeys());
    expect(stderr()).toBe('');
    const done = finished(child);
    child.kill('SIGTERM');
    await done;
  });
});
