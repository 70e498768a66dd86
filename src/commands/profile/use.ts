import { requireProfile } from '../../config/resolve.js';
import { command } from '../define.js';
import { profileArg } from './name.js';
import { checkNoFields } from '../../output/fields.js';

export default command({
  name: 'use',
  summary: 'make a profile the default for later commands',
  args: { name: profileArg('profile to make the default') },
  examples: ['mailctl profile use staging', 'mailctl profile use default && mailctl auth status'],
  async run({ name }, ctx) {
    checkNoFields(ctx.tolerateBadSettings().output().fields, 'a notice on stderr only');
    requireProfile(ctx.configData(), name);
    const { ConfigStore } = await import('../../config/store.js');
    new ConfigStore(ctx.io.env).setCurrentProfile(name);
    ctx.notice(`Now using profile "${name}".`);
    if (ctx.io.env.MAILCTL_PROFILE && ctx.io.env.MAILCTL_PROFILE !== name) {
      ctx.warn(`MAILCTL_PROFILE=${ctx.io.env.MAILCTL_PROFILE} is set in this environment and takes precedence`);
    }
  },
});
