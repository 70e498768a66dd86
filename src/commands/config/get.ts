import type { SettableKey } from '../../config/data.js';
import type { Context } from '../../context.js';
import type { RawInput } from '../verb.js';
import { parseKey } from './keys.js';

export function parse(input: RawInput): { key: SettableKey } {
  return { key: parseKey(input.args[0]!) };
}

/** Prints the stored value alone, so that `$(mailctl config get base_url)` works. */
export async function run(opts: { key: SettableKey }, ctx: Context): Promise<void> {
  const profile = ctx.settings().profile.value;
  const value = ctx.configData().profiles[profile]?.[opts.key];
  if (value === undefined) {
    ctx.notice(`${opts.key} is not set in profile "${profile}"`);
    return;
  }
  await ctx.output().write(`${value}\n`);
}
