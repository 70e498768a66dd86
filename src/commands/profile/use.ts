import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { checkProfileName } from '../../config/data.js';
import { UsageError } from '../../errors.js';
import type { RawInput } from '../verb.js';

export function parse(input: RawInput, _cmd: Command): { name: string } {
  return { name: checkProfileName(input.args[0]!.trim(), 'NAME') };
}

/** A profile must exist (it holds the key); listing the known ones saves a round trip. */
export function requireProfile(ctx: Context, name: string): void {
  const names = Object.keys(ctx.configData().profiles);
  // Object.keys, not `in`: a name is a profile only when the file has it
  if (!names.includes(name)) {
    throw new UsageError(`no profile named "${name}"`, {
      hint: names.length ? `known profiles: ${names.join(', ')}` : 'create one with `mailctl auth login --profile NAME`',
    });
  }
}

export async function run(opts: { name: string }, ctx: Context): Promise<void> {
  requireProfile(ctx, opts.name);
  const { ConfigStore } = await import('../../config/store.js');
  new ConfigStore(ctx.io.env).setCurrentProfile(opts.name);
  ctx.notice(`Now using profile "${opts.name}".`);
  if (ctx.io.env.MAILCTL_PROFILE && ctx.io.env.MAILCTL_PROFILE !== opts.name) {
    ctx.warn(`MAILCTL_PROFILE=${ctx.io.env.MAILCTL_PROFILE} is set in this environment and takes precedence`);
  }
}
