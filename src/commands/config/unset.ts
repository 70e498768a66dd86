import { command } from '../define.js';
import { keyArg } from './keys.js';
import { checkNoFields } from '../../output/fields.js';

export default command({
  name: 'unset',
  summary: 'remove one setting from the profile in use, so that env or the built-in default applies again',
  args: { key: keyArg },
  examples: ['mailctl config unset output', 'mailctl config unset timeout --profile ci'],
  /** Unsetting what is not set is a no-op, so scripts can re-run it. */
  async run({ key }, ctx) {
    checkNoFields(ctx.tolerateBadSettings().output().fields, 'a notice on stderr only');
    const profile = ctx.existingProfileName();
    const stored = ctx.configData().profiles[profile];
    if (stored?.[key] === undefined) {
      ctx.notice(`${key} is not set in profile "${profile}": nothing to do.`);
      return;
    }
    const { ConfigStore } = await import('../../config/store.js');
    const store = new ConfigStore(ctx.io.env);
    store.updateProfile(profile, (p) => {
      const { [key]: _removed, ...rest } = p;
      return rest;
    });
    ctx.notice(`Unset ${key} in profile "${profile}".`);
  },
});
