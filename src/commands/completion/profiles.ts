import type { Context } from '../../context.js';

export function parse(): Record<string, never> {
  return {};
}

/** Profile names, one per line, for the completion scripts: nothing else on stdout, ever. */
export async function run(_opts: unknown, ctx: Context): Promise<void> {
  const names = Object.keys(ctx.configData().profiles);
  if (names.length) ctx.io.stdout.write(`${names.join('\n')}\n`);
}
