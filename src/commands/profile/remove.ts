import type { Context } from '../../context.js';
import { parse, requireProfile } from './use.js';

export { parse };

export async function run(opts: { name: string }, ctx: Context): Promise<void> {
  requireProfile(ctx, opts.name);
  const { ConfigStore } = await import('../../config/store.js');
  new ConfigStore(ctx.io.env).removeProfile(opts.name);
  ctx.notice(`Removed profile "${opts.name}" and its saved key.`);
}
