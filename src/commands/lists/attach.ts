import type { Context } from '../../context.js';
import type { BulkOptions } from './options.js';
import { runBulk } from './run.js';

export { parse } from './options.js';

export function run(opts: BulkOptions, ctx: Context): Promise<void> {
  return runBulk('attach', opts, ctx);
}
