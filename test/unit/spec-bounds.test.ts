import { describe, expect, it } from 'vitest';
import { everyCommand } from '../../src/commands/help-layout.js';
import { ROOT } from '../../src/commands/index.js';
import { longFlag } from '../../src/commands/spec.js';
import { runInProcess, useEmulator } from '../helpers/context.js';

// The bounds a spec documents (`range`, shown in --help, docs and man) must be
// the ones the verb's zod schema enforces: one past either end is a usage
// error naming the flag, and nothing is sent.

const emu = useEmulator({ events: 20 });
const ARG_VALUES: Record<string, string> = { 'request-id': '4829301758203345' };

const cases = everyCommand(ROOT)
  .filter((chain) => chain.at(-1)!.load && chain[0]!.name !== 'emulator') // the emulator would serve if a bound slipped
  .flatMap((chain) => {
    const spec = chain.at(-1)!;
    const args = (spec.args ?? []).map((a) => ARG_VALUES[a.name] ?? '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f');
    // Global options once, on a command that needs nothing else.
    const globals = chain.map((c) => c.name).join(' ') === 'campaign list' ? ROOT.options : [];
    const ranged = [...(spec.options ?? []), ...globals].filter((o) => o.range && !o.hidden);
    return ranged.flatMap((o) =>
      [o.range![0] - 1, o.range![1] + 1].map((value) => ({ argv: [...chain.map((c) => c.name), ...args, longFlag(o), String(value)], flag: longFlag(o) })),
    );
  });

describe('the bounds in the specs are the bounds the verbs enforce', () => {
  it.each(cases.map((c) => [c.argv.join(' '), c] as const))('mailctl %s: exit 2, the flag named, nothing sent', async (_, { argv, flag }) => {
    const r = await runInProcess(argv, { emulator: emu });
    expect(r.stderr).toContain(flag);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.requests).toEqual([]);
  });
});
