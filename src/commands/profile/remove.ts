import type { Context } from '../../context.js';
import { parse, requireProfile } from './use.js';

export { parse };

export async function run(opts: { name: string }, ctx: Context): Promise<void> {
  requireProfile(ctx, opts.name);
  const { forgetKey } = await import('../auth/storage.js');
  await forgetKey(ctx, opts.name, true);
  ctx.notice(`Removed profile "${opts.name}" and its saved key.`);
}
