// Item 2 of issue 17: id files and stdin are read as bounded streams. A line over 4 KB, more than
// 1,000,000 lines or more than 64 MiB is a usage error (exit 2) naming the source and line, found
// as soon as it shows (/dev/zero is refused at once, not after eating the machine's memory), and
// nothing is sent.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputBounds, MAX_ID_LINES } from '../../src/input/bounded.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { BIN, emulatorEnv, tempDir, type CliResult } from '../helpers/cli.js';
// the files are read in-process; stdin from /dev/zero needs a process (a real fd 0)
import { runCliInProcess } from '../helpers/context.js';
import { expectCleanFailure } from './support.js';

let emu: Emulator;
const dir = tempDir('mailctl-bounded-');
beforeAll(async () => {
  emu = await startEmulator({ seed: 2, events: 10 });
});
afterAll(async () => {
  await emu.close();
});

const attach = (file: string) => ['lists', 'attach', '--contacts-file', file, '--list', emu.fixtures.lists[0]!];
const uuid = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** uuid(0) to uuid(count - 1), one a line, written straight into one buffer (a million strings joined cost far more). */
function uuidLines(count: number): Buffer {
  const head = Buffer.from(uuid(0).slice(0, 24));
  const hex = Buffer.from('0123456789abcdef');
  const out = Buffer.allocUnsafe(count * 37);
  for (let i = 0; i < count; i++) {
    const at = i * 37;
    head.copy(out, at);
    for (let k = 11, v = i; k >= 0; k--, v = Math.floor(v / 16)) out[at + 24 + k] = hex[v % 16]!;
    out[at + 36] = 0x0a;
  }
  return out;
}

describe('bounded id input', () => {
  it('a line over 4 KB is refused naming the file and line', async () => {
    const file = join(dir, 'long-line.txt');
    writeFileSync(file, `${uuid(1)}\n${uuid(2)}\n${'a'.repeat(5000)}\n`);
    emu.clearRequests();
    const r = await runCliInProcess(attach(file), { env: emulatorEnv(emu) });
    expectCleanFailure(r, 2, 'long line');
    expect(r.stderr).toContain(`${file}:3: a line longer than 4,096 bytes`);
    expect(emu.requests).toHaveLength(0);
  });

  it.skipIf(!existsSync('/dev/zero'))('--contacts-file /dev/zero is refused at once', async () => {
    emu.clearRequests();
    const r = await runCliInProcess(attach('/dev/zero'), { env: emulatorEnv(emu) });
    expectCleanFailure(r, 2, '/dev/zero');
    expect(r.stderr).toContain('/dev/zero:1: a line longer than');
    expect(emu.requests).toHaveLength(0);
  });

  it.skipIf(!existsSync('/dev/zero'))('stdin that never ends (/dev/zero) is refused at once', async () => {
    const fd = openSync('/dev/zero', 'r');
    const child = spawn(process.execPath, [BIN, ...attach('-')], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME!, MAILCTL_CONFIG_DIR: tempDir(), ...emulatorEnv(emu) },
      stdio: [fd, 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const r = await new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout: '', stderr })));
    closeSync(fd);
    expectCleanFailure(r, 2, 'stdin /dev/zero');
    expect(r.stderr).toContain('stdin:1: a line longer than');
  });

  it(`more than ${MAX_ID_LINES.toLocaleString('en-US')} lines is refused naming the line`, async () => {
    const file = join(dir, 'too-many.txt');
    writeFileSync(file, uuidLines(MAX_ID_LINES + 1));
    emu.clearRequests();
    const r = await runCliInProcess(attach(file), { env: emulatorEnv(emu) });
    expectCleanFailure(r, 2, 'too many lines');
    expect(r.stderr).toContain(`${file}:1,000,001: more than 1,000,000 lines of ids`);
    expect(emu.requests).toHaveLength(0);
  });

  it('exactly the bound is accepted (the empty line after the last newline does not count); one more line is not', async () => {
    const line = Buffer.from(`${uuid(7)}\n`);
    const block = Buffer.concat(Array(1000).fill(line));
    const bounds = new InputBounds('ids.txt');
    for (let i = 0; i < MAX_ID_LINES / 1000; i++) bounds.check(block);
    expect(() => bounds.check(Buffer.from(uuid(8)))).toThrow('ids.txt:1,000,001: more than 1,000,000 lines of ids');
  });
});
