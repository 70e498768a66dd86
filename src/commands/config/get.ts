import { command } from '../define.js';
import { keyArg } from './keys.js';

export default command({
  name: 'get',
  summary: 'print one setting of the profile in use',
  args: { key: keyArg },
  examples: ['mailctl config get base_url', 'mailctl config get output --profile ci'],
  /** Prints the stored value alone, so that `$(mailctl config get base_url)` works. */
  async run({ key }, ctx) {
    const profile = ctx.settings().profile.value;
    const value = ctx.configData().profiles[profile]?.[key];
    if (value === undefined) {
      ctx.notice(`${key} is not set in profile "${profile}"`);
      return;
    }
    await ctx.output().write(`${value}\n`);
  },
});
