import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';

// A run builds its program with programFor (src/commands/root.ts): a noun it names is loaded
// alone through src/commands/nouns.ts, without evaluating the verb files of the others.
describe('the program of a run', () => {
  const runtime = () => {
    const sink = new PassThrough();
    const io = { stdout: sink, stderr: sink, stdin: sink, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80, env: {} };
    return { io, version: '0.0.0-test', signal: new AbortController().signal, disposers: [] };
  };

  it('every noun of the tree but help, completion, commands and mcp (which serve the whole tree) can load alone, as the same spec', async () => {
    const { COMMANDS } = await import('../../src/commands/index.js');
    const { NOUN_LOADERS } = await import('../../src/commands/nouns.js');
    const alone = COMMANDS.filter((c) => !['help', 'completion', 'commands', 'mcp'].includes(c.name));
    // a noun added to commands/index.ts goes into NOUN_LOADERS of commands/nouns.ts too
    expect(Object.keys(NOUN_LOADERS).sort()).toEqual(alone.map((c) => c.name).sort());
    for (const spec of alone) expect(await NOUN_LOADERS[spec.name]!(), spec.name).toBe(spec);
  });

  it('building it does not read io.stdin: main.ts makes process.stdin (a file stream for /dev/null) only for commands that read it', async () => {
    const { programFor } = await import('../../src/commands/root.js');
    const rt = runtime();
    let reads = 0;
    Object.defineProperty(rt.io, 'stdin', { get: () => (reads++, rt.io.stdout), enumerable: true, configurable: true });
    const program = await programFor(rt, ['node', 'mailctl', 'webhook', 'list', '--json']);
    expect(program.commands.map((c) => c.name())).toEqual(['webhook', 'help']);
    expect(reads).toBe(0);
    expect(rt.io.stdin).toBe(rt.io.stdout); // still there, through the same getter
    expect(reads).toBe(1);
  });

  it.each([
    [['webhook', 'list', '--json'], ['list']],
    [['--profile', 'staging', 'webhook', '-o', 'json', 'show', 'w1'], ['show']],
    [['webhook', '--help', 'list'], undefined],
    [['webhook', '--fields', 'name', 'list'], ['list']],
    [['webhook', '--url', 'show', 'list'], undefined],
    [['webhook', 'lst'], undefined],
    [['webhook'], undefined],
  ])('mailctl %j registers only the verb it names, or every verb of the noun', async (args, verbs) => {
    const { programFor } = await import('../../src/commands/root.js');
    const { NOUN_LOADERS } = await import('../../src/commands/nouns.js');
    const program = await programFor(runtime(), ['node', 'mailctl', ...args]);
    expect(program.commands.map((c) => c.name())).toEqual(['webhook', 'help']);
    const every = (await NOUN_LOADERS.webhook!()).commands!.map((c) => c.name);
    expect(program.commands[0]!.commands.map((c) => c.name())).toEqual(verbs ?? every);
  });

  it.each([
    [['webhook', 'list', '--json'], ['webhook', 'help']],
    [['--profile', 'staging', '-o', 'json', 'campaign', 'list'], ['campaign', 'help']],
    [['-vq', 'webhook', '--help'], ['webhook', 'help']],
    [['help', 'webhook'], undefined],
    [['commands', '--json'], undefined],
    [['webhok', 'list'], undefined],
    [['--help', 'webhook'], undefined],
  ])('mailctl %j registers what the whole-tree program does for it', async (args, expected) => {
    const { buildProgram } = await import('../../src/program.js');
    const { programFor } = await import('../../src/commands/root.js');
    const argv = ['node', 'mailctl', ...args];
    const names = (await programFor(runtime(), argv)).commands.map((c) => c.name());
    expect(names).toEqual(buildProgram(runtime(), argv).commands.map((c) => c.name()));
    expect(names).toEqual(expected ?? buildProgram(runtime()).commands.map((c) => c.name()));
  });
});
