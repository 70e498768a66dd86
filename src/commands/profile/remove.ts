import type { Context } from '../../context.js';
import { requireProfile } from '../../config/resolve.js';
import { parse } from './use.js';

export { parse };

export async function run(opts: { name: string }, ctx: Context): Promise<void> {
  requireProfile(ctx.configData(), opts.name);
  const { forgetKey } = await import('../auth/storage.js');
  await forgetKey(ctx, opts.name, true);
  ctx.notice(`Removed profile "${opts.name}" and its saved key.`);
}
