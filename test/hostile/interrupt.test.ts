// Ctrl-C (SIGINT) in the middle of `events list --all`: exit 130, and stdout
// holds only whole records: every NDJSON line parses, the JSON array is closed,
// every CSV record is complete. The emulator answers slowly so the listing is
// mid-stream when the signal arrives; the signal is sent once rows have been
// written, so there is something to cut in half.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, startCli } from '../helpers/cli.js';
import { guardEnv } from './support.js';

let emu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ seed: 31, events: 3000, latency: 120 });
});
afterAll(async () => {
  await emu.close();
});

/** Starts the listing, sends SIGINT once `ready(stdout)` holds, and collects the result. */
/** `expect`: the calling test's own (the tests run concurrently). */
async function interrupted(expect: ExpectStatic, format: string[], ready: (stdout: string) => boolean) {
  const child: ChildProcessWithoutNullStreams = startCli(['events', 'list', '--all', '--per-page', '20', ...format], { env: { ...emulatorEnv(emu), ...guardEnv() } });
  const result = finished(child);
  let seen = '';
  let sent = false;
  child.stdout.on('data', (d: Buffer | string) => {
    seen += String(d);
    if (!sent && ready(seen)) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  const r = await result;
  expect(sent, 'the listing ended before it could be interrupted').toBe(true);
  return r;
}

// side by side: each listing is its own process, reading the emulator without changing it
describe.concurrent('SIGINT during events list --all', () => {
  it('--ndjson: exit 130, only whole lines, each one parses', async ({ expect }) => {
    const r = await interrupted(expect, ['--ndjson'], (out) => out.split('\n').length > 30);
    expect(r.code).toBe(130);
    expect(r.stdout.endsWith('\n')).toBe(true);
    const lines = r.stdout.split('\n').slice(0, -1);
    expect(lines.length).toBeGreaterThanOrEqual(30);
    expect(lines.length).toBeLessThan(3000);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it('--json: exit 130, and the array written so far is closed: stdout is one valid JSON array', async ({ expect }) => {
    const r = await interrupted(expect, ['--json'], (out) => out.split('\n').length > 30);
    expect(r.code).toBe(130);
    const rows = JSON.parse(r.stdout) as unknown[];
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.length).toBeLessThan(3000);
  });

  it('-o csv: exit 130, the header and whole records only', async ({ expect }) => {
    const r = await interrupted(expect, ['-o', 'csv'], (out) => out.split('\r\n').length > 30);
    expect(r.code).toBe(130);
    expect(r.stdout.endsWith('\r\n')).toBe(true);
    const [header, ...records] = r.stdout.slice(0, -2).split('\r\n');
    const columns = header!.split(',').length;
    expect(records.length).toBeGreaterThanOrEqual(30);
    // the default columns hold no commas or quotes, so a whole record has exactly as many cells
    for (const record of records) expect(record.split(',').length, record).toBe(columns);
  });

  it('a pipe (tab-separated): exit 130, whole lines only', async ({ expect }) => {
    const r = await interrupted(expect, [], (out) => out.split('\n').length > 30);
    expect(r.code).toBe(130);
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe('');
    const cells = lines[0]!.split('\t').length;
    for (const line of lines) expect(line.split('\t').length, line).toBe(cells);
  });
});
