// A run registers only the noun it invokes (src/program.ts): the commands a
// user can reach, the help they read and the mistakes they are told about must
// be the same as with the whole tree.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program.js';
import { runInProcess, useEmulator } from '../helpers/context.js';

const runtime = () => {
  const sink = new PassThrough();
  return {
    io: { stdout: sink, stderr: sink, stdin: sink, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80, env: {} },
    version: '0.0.0-test',
    signal: new AbortController().signal,
    disposers: [],
  };
};

const registered = (...args: string[]) => buildProgram(runtime(), ['node', 'mailctl', ...args]).commands.map((c) => c.name());
const everything = buildProgram(runtime()).commands.map((c) => c.name());

describe('the commands registered for a run', () => {
  it.each([
    [['webhook', 'list', '--json']],
    [['--profile', 'staging', '--base-url', 'http://127.0.0.1:1', 'webhook', 'list']],
    [['-o', 'json', '--fields=id,name', 'webhook', 'set', 'x']],
    [['-vq', 'webhook', '--help']],
  ])('mailctl %j: the webhook noun (and help) only', (args) => {
    expect(registered(...args)).toEqual(['webhook', 'help']);
  });

  it.each([[[]], [['--help']], [['--help', 'webhook']], [['-V', 'webhook']], [['help', 'webhook']], [['completion', 'bash']], [['webhok', 'list']], [['--', 'webhook']], [['--profile', 'webhook']]])(
    'mailctl %j: the whole tree',
    (args) => {
      expect(registered(...args)).toEqual(everything);
    },
  );
  it('the whole tree has every noun and help (the check above can fail)', () => {
    expect(everything).toContain('help');
    expect(everything.length).toBeGreaterThan(10);
  });
});

describe('what a user sees', () => {
  const emu = useEmulator();

  it('a mistyped noun still gets its "did you mean", and no request is sent', async () => {
    const r = await runInProcess(['webhok', 'list'], { emulator: emu });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("unknown command 'webhok'");
    expect(r.stderr).toContain('(Did you mean webhook?)');
    expect(r.requests).toEqual([]);
  });

  it('the invoked noun runs as before: one GET /webhooks, its rows on stdout', async () => {
    const r = await runInProcess(['webhook', 'list', '--json'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(emu.fixtures.webhooks.length);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
  });
});
