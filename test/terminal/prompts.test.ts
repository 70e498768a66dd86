// Questions asked on a terminal (a delete's confirmation, auth login's hidden prompt): what the
// server put in them is shown, never obeyed, and Ctrl-D (the end of stdin) is an answer.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { requireCommand } from '../helpers/tools.js';
import { runOnTty } from '../helpers/tty.js';

const emu = useEmulator();

describe('a delete confirmation naming what the server holds', () => {
  it('shows the control characters of a list name as escapes, never sends them to the terminal', async () => {
    const id = emu.fixtures.lists[0]!;
    emu.store.teams.main.lists.get(id)!.name = 'Evil\u001b]0;PWNED\u0007\u001b[2Jname\u009b31m';
    const r = await runInProcess(['lists', 'delete', id], { emulator: emu, stdinIsTTY: true, stderrIsTTY: true, stdin: 'n\n' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('"Evil\\e]0;PWNED\\x07\\e[2Jname\\x9b31m"');
    expect(r.stderr).not.toMatch(/[\u0007\u001b\u009b]/);
    expect(emu.store.teams.main.lists.has(id)).toBe(true);
  });
});

describe('Ctrl-D at a question', () => {
  it('a confirmation: a no (cancelled, exit 1, nothing deleted), not a silent exit 0', async () => {
    const id = emu.fixtures.lists[1]!;
    // a stdin that ends with nothing in it is what Ctrl-D at the question gives
    const r = await runInProcess(['lists', 'delete', id], { emulator: emu, stdinIsTTY: true, stderrIsTTY: true });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/\[y\/N\] \nerror: cancelled: nothing was deleted/);
    expect(r.requests.map((q) => q.method)).toEqual(['GET']);
    expect(emu.store.teams.main.lists.has(id)).toBe(true);
  });

  it('a confirmation under a pseudo-terminal (script): exit 1 and the cancel line', async (t) => {
    const id = emu.fixtures.lists[1]!;
    const { code, out } = await runOnTty(t, ['lists', 'delete', id], {
      env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full },
      input: '\u0004',
    });
    expect(code, out).toBe(1);
    expect(out).toContain('cancelled: nothing was deleted');
    expect(emu.store.teams.main.lists.has(id)).toBe(true);
  });

  it('the hidden prompt of auth login: ends the input, an empty key is refused (exit 2), nothing saved', async () => {
    for (const stdin of ['\u0004', undefined]) {
      const r = await runInProcess(['auth', 'login', '--no-verify'], { emulator: emu, key: null, stdinIsTTY: true, stdin });
      expect(r.exitCode, JSON.stringify(stdin)).toBe(2);
      expect(r.stderr).toContain('no API key given');
    }
  });
});

describe('Ctrl-C at a confirmation', () => {
  it('exit 130, nothing deleted, and the line ends: the shell prompt does not start after "[y/N] ^C"', async (t) => {
    requireCommand(t, 'script');
    const id = emu.fixtures.lists[2]!;
    const child = spawn('script', ['-qfec', `${process.execPath} ${BIN} lists delete ${id}`, '/dev/null'], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME!, TERM: 'xterm', MAILCTL_CONFIG_DIR: tempDir(), MAILCTL_NO_KEYCHAIN: '1', MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full },
    });
    let out = '';
    let pressed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // the question is on the screen: the terminal turns Ctrl-C into SIGINT. The input stays
      // open, as a user's terminal does: its end would reach the question as a second answer
      // (end of input, "cancelled") racing the signal.
      if (out.includes('[y/N]') && !pressed) {
        pressed = true;
        child.stdin.write('\u0003');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.end();
    expect(code, out).toBe(130);
    expect(out).toMatch(/\[y\/N\] (\^C)?\r?\n$/);
    expect(emu.store.teams.main.lists.has(id)).toBe(true);
  });
});

