import type { Context } from '../../context.js';

export function parse(): Record<string, never> {
  return {};
}

export async function run(_opts: unknown, ctx: Context): Promise<void> {
  const profile = ctx.settings().profile.value;
  if (!ctx.configData().profiles[profile]?.api_key) {
    ctx.notice(`No API key is saved in profile "${profile}".`);
  } else {
    const { ConfigStore } = await import('../../config/store.js');
    const store = new ConfigStore(ctx.io.env);
    store.updateProfile(profile, ({ api_key: _removed, ...rest }) => rest);
    ctx.notice(`Removed the API key of profile "${profile}".`);
  }
  if (ctx.io.env.MAILCTL_API_KEY) ctx.warn('MAILCTL_API_KEY is set in this environment and still provides a key');
}
