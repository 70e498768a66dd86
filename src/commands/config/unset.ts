import type { SettableKey } from '../../config/data.js';
import type { Context } from '../../context.js';
import type { RawInput } from '../verb.js';
import { parseKey } from './keys.js';

export function parse(input: RawInput): { key: SettableKey } {
  return { key: parseKey(input.args[0]!) };
}

/** Removes one setting so that the built-in default (or env) applies again; unsetting what is not set is a no-op, so scripts can re-run it. */
export async function run(opts: { key: SettableKey }, ctx: Context): Promise<void> {
  const profile = ctx.settings().profile.value;
  const stored = ctx.configData().profiles[profile];
  if (stored?.[opts.key] === undefined) {
    ctx.notice(`${opts.key} is not set in profile "${profile}": nothing to do.`);
    return;
  }
  const { ConfigStore } = await import('../../config/store.js');
  const store = new ConfigStore(ctx.io.env);
  store.updateProfile(profile, (p) => {
    const { [opts.key]: _removed, ...rest } = p;
    return rest;
  });
  ctx.notice(`Unset ${opts.key} in profile "${profile}".`);
}
