import type { SettableKey } from '../../config/data.js';
import type { Context } from '../../context.js';
import type { RawInput } from '../verb.js';
import { parseKey, parseValue } from './keys.js';

export function parse(input: RawInput): { key: SettableKey; value: string | number } {
  const key = parseKey(input.args[0]!);
  return { key, value: parseValue(key, input.args[1]!) };
}

export async function run(opts: { key: SettableKey; value: string | number }, ctx: Context): Promise<void> {
  const profile = ctx.settings().profile.value;
  const { ConfigStore } = await import('../../config/store.js');
  const store = new ConfigStore(ctx.io.env);
  store.updateProfile(profile, (p) => ({ ...p, [opts.key]: opts.value }), { select: true });
  ctx.notice(`Set ${opts.key} = ${opts.value} in profile "${profile}".`);
}
