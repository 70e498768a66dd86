import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { checkProfileName } from '../../config/data.js';
import { requireProfile } from '../../config/resolve.js';
import type { RawInput } from '../verb.js';

export function parse(input: RawInput, _cmd: Command): { name: string } {
  return { name: checkProfileName(input.args[0]!.trim(), 'NAME') };
}

export async function run(opts: { name: string }, ctx: Context): Promise<void> {
  requireProfile(ctx.configData(), opts.name);
  const { ConfigStore } = await import('../../config/store.js');
  new ConfigStore(ctx.io.env).setCurrentProfile(opts.name);
  ctx.notice(`Now using profile "${opts.name}".`);
  if (ctx.io.env.MAILCTL_PROFILE && ctx.io.env.MAILCTL_PROFILE !== opts.name) {
    ctx.warn(`MAILCTL_PROFILE=${ctx.io.env.MAILCTL_PROFILE} is set in this environment and takes precedence`);
  }
}
