import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { Shell } from '../../completion/index.js';
import type { RawInput } from '../verb.js';
import { scriptFor } from './script.js';

interface Options {
  shell: Shell;
  program: Command;
}

export function parse(input: RawInput, cmd: Command): Options {
  let program = cmd;
  while (program.parent) program = program.parent;
  // commander has checked the choice already
  return { shell: input.args[0] as Shell, program };
}

export async function run(opts: Options, ctx: Context): Promise<void> {
  const text = scriptFor(opts.shell, opts.program);
  await new Promise<void>((resolve) => {
    if (ctx.io.stdout.write(text)) resolve();
    else ctx.io.stdout.once('drain', () => resolve());
  });
}
