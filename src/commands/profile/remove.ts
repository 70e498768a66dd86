import { requireProfile } from '../../config/resolve.js';
import { command } from '../define.js';
import { profileArg } from './name.js';
import { checkNoFields } from '../../output/fields.js';

export default command({
  name: 'remove',
  summary: 'delete a profile and its saved key',
  args: { name: profileArg('profile to delete') },
  examples: ['mailctl profile remove old-account', 'mailctl profile list && mailctl profile remove staging'],
  async run({ name }, ctx) {
    checkNoFields(ctx.tolerateBadSettings().output().fields, 'a notice on stderr only');
    requireProfile(ctx.configData(), name);
    const { forgetKey } = await import('../../config/key-place.js');
    await forgetKey(ctx, name, true);
    ctx.notice(`Removed profile "${name}" and its saved key.`);
  },
});
