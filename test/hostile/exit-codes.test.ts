// Items 1 and 3 of issue 17: a stdout that refuses writes is a failure (exit 1, one line), never
// a silent success; SIGTERM ends every command promptly with 143, also while it reads stdin and
// while it follows events.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { BIN, emulatorEnv, finished, tempDir, type CliResult } from '../helpers/cli.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 17, events: 3000 });
});
afterAll(async () => {
  await emu.close();
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH!, HOME: process.env.HOME!, MAILCTL_CONFIG_DIR: tempDir('mailctl-exit-'), ...emulatorEnv(emu), ...extra };
}

/** Runs the CLI with stdout on a given descriptor (a file, /dev/full). */
function runWithStdout(args: string[], fd: number): Promise<CliResult> {
  const child = spawn(process.execPath, [BIN, ...args], { env: env(), stdio: ['ignore', fd, 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout: '', stderr })));
}

describe('stdout write errors', () => {
  it.skipIf(!existsSync('/dev/full'))('an export onto a full device exits 1 with one line naming it', async () => {
    const fd = openSync('/dev/full', 'w');
    try {
      const r = await runWithStdout(['events', 'list', '--all', '--ndjson', '--from', '30d'], fd);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/^error: cannot write to stdout: no space left on device \(ENOSPC\)/);
      expect(r.stderr.match(/^error:/gm)).toHaveLength(1);
      expect(r.stderr).not.toContain('unexpected failure');
    } finally {
      closeSync(fd);
    }
  });

  it('a good file still gets every whole line and exit 0 (the guard does not misfire)', async () => {
    const path = `${tempDir('mailctl-out-')}/out.ndjson`;
    const fd = openSync(path, 'w');
    const r = await runWithStdout(['events', 'list', '--all', '--ndjson', '--from', '30d'], fd);
    closeSync(fd);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) JSON.parse(line);
  });
});

/** Runs the CLI with a stdout whose reader has gone (`| head` after its lines): every write fails with EPIPE. */
function runWithReaderGone(args: string[]): Promise<CliResult> {
  const child = spawn(process.execPath, [BIN, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout: '', stderr })));
}

describe('a reader that goes away (EPIPE)', () => {
  it('a listing ends quietly with exit 0', async () => {
    const r = await runWithReaderGone(['events', 'list', '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });

  // A gate piped into `head` (or `tee` that dies) under pipefail: the verdict is the exit code, not 0.
  it.each([
    ['campaign check of a sent campaign', () => ['campaign', 'check', emu.fixtures.campaigns.sent, '--json']],
    ['campaign schedule --check of a sent campaign', () => ['campaign', 'schedule', emu.fixtures.campaigns.sent, '--at', '+2h', '--check']],
    ['report --fail-on warning', () => ['report', '--fail-on', 'warning', '--by', 'hour', '--json']],
  ])('%s still exits 8 with its error line', async (_name, args) => {
    const piped = await runWithReaderGone(args());
    expect(piped.code, piped.stderr).toBe(8);
    expect(piped.stderr).toMatch(/^error: /m);
    expect(piped.stderr).not.toContain('cannot write');
  });

  it('a gate that passes still exits 0', async () => {
    const r = await runWithReaderGone(['report', '--fail-on', 'critical', '--judge', 'open', '--json']);
    expect(r.code, r.stderr).toBe(0);
  });
});

const SIGTERM_READY = fileURLToPath(new URL('./sigterm-ready.cjs', import.meta.url));

/** The CLI with a preload that creates a file once it listens for SIGTERM (see sigterm-ready.cjs). */
function spawnListening(args: string[]) {
  const ready = join(tempDir('mailctl-sigterm-'), 'ready');
  const child = spawn(process.execPath, [BIN, ...args], {
    env: env({ NODE_OPTIONS: `--require ${SIGTERM_READY}`, SIGTERM_READY_FILE: ready }),
    stdio: 'pipe',
  });
  const listening = (async () => {
    while (!existsSync(ready) && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  })();
  return { child, listening };
}

const onLinux = existsSync('/proc/self/status');

describe('SIGTERM', () => {
  const readers: Array<[string, string[], Record<string, string>?]> = [
    ['auth login', ['auth', 'login']],
    ['webhook set --auth-password-stdin', ['webhook', 'set', 'wh_x', '--auth-type', 'basic', '--auth-username', 'u', '--auth-password-stdin']],
    ['api POST --input -', ['api', 'POST', '/webhooks', '--input', '-']],
    ['lists attach --contacts-file -', ['lists', 'attach', '--contacts-file', '-', '--list', '8d4f5c1e-2b3a-4c5d-9e6f-7a8b9c0d1e2f']],
  ];
  it.skipIf(!onLinux).each(readers)('exits 143 while %s waits on stdin', async (_name, args) => {
    // stdin stays open and silent: the command is blocked reading it
    const { child, listening } = spawnListening(args);
    const done = finished(child);
    await listening;
    await new Promise((r) => setTimeout(r, 200)); // let it reach the read
    child.kill('SIGTERM');
    const r = await done;
    child.stdin.destroy();
    expect(r.code, r.stderr).toBe(143);
    expect(r.stdout).toBe('');
  });

  it('exits 143 from events list --follow, after whole lines', async () => {
    const child = spawn(process.execPath, [BIN, 'events', 'list', '--follow', '--ndjson', '--from', '1d'], { env: env(), stdio: 'pipe' });
    const done = finished(child);
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        if (d.toString().includes('Watching')) resolve();
      });
    });
    child.kill('SIGTERM');
    const r = await done;
    expect(r.code, r.stderr).toBe(143);
    for (const line of r.stdout.split('\n').filter(Boolean)) JSON.parse(line);
  });
});
