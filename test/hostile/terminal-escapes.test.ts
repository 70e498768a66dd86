// Item 13 of issue 17: server strings reach a terminal raw in -o csv and --json (OSC 0 title,
// ESC[2J, OSC 8 links, U+009B CSI, U+202E). On a TTY every format escapes control and bidi
// characters (tables did already); in a pipe the bytes stay exact.
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv } from '../helpers/cli.js';
// In-process: what is checked is the bytes written, with stdout and stderr terminals or pipes.
import { runCliInProcess as runCli, runInProcess } from '../helpers/context.js';

const HOSTILE = 'hook\u001b]0;pwned\u0007\u001b[2J\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\\u009b31m\u202eevil';
const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 13, events: 10 });
  const hook = [...emu.store.teams.main.webhooks.values()][0]!;
  hook.name = HOSTILE;
});
afterAll(async () => {
  await emu.close();
});

/** What the terminal receives for `mailctl ARGS` (no colour, so every escape left is the server's). */
const onTty = async (_t: TestContext, args: string) => {
  const r = await runInProcess(args.split(' '), { emulator: emu, stdoutIsTTY: true, stderrIsTTY: true, env: { NO_COLOR: '1', TERM: 'xterm' } });
  return r.stdout + r.stderr;
};

describe('on a terminal', () => {
  for (const format of ['csv', 'json', 'ndjson']) {
    it(`webhook list -o ${format}: no raw control or bidi character reaches the terminal`, async (t) => {
      const out = await onTty(t, `webhook list -o ${format}`);
      expect(out).toContain('hook');
      expect(out).not.toMatch(RAW);
    });
  }

  it('--json on a terminal is still JSON with the same strings', async (t) => {
    const out = await onTty(t, 'webhook list --json');
    const hooks = JSON.parse(out) as Array<{ name: string }>;
    expect(hooks.map((h) => h.name)).toContain(HOSTILE);
  });
});

describe('in a pipe', () => {
  it('csv and json keep the bytes exact', async () => {
    const csv = await runCli(['webhook', 'list', '-o', 'csv'], { env: emulatorEnv(emu) });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain(HOSTILE);
    const json = await runCli(['webhook', 'list', '--json'], { env: emulatorEnv(emu) });
    expect((JSON.parse(json.stdout) as Array<{ name: string }>).map((h) => h.name)).toContain(HOSTILE);
    expect(json.stdout).toContain('\u009b31m\u202eevil');
  });
});
