import { SETTABLE_KEYS } from '../../config/data.js';
import type { Context } from '../../context.js';
import { writeDetail } from '../../output/detail.js';

export function parse(): Record<string, never> {
  return {};
}

export async function run(_opts: unknown, ctx: Context): Promise<void> {
  const out = ctx.output();
  const profile = ctx.settings().profile.value;
  const stored = ctx.configData().profiles[profile] ?? {};
  const values = Object.fromEntries(SETTABLE_KEYS.map((k) => [k, stored[k] ?? null]));
  await writeDetail(out, { profile, ...values }, [
    { fields: [{ key: 'profile', label: 'profile', value: profile }, ...SETTABLE_KEYS.map((k) => ({ key: k, label: k, value: values[k] }))] },
  ]);
}
