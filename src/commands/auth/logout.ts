import { command } from '../define.js';
import { checkNoFields } from '../../output/fields.js';

export default command({
  name: 'logout',
  summary: 'remove the saved API key of a profile, from the config file and the OS credential store',
  examples: ['mailctl auth logout', 'mailctl auth logout --profile staging'],
  async run(_opts, ctx) {
    checkNoFields(ctx.output().fields, 'a notice on stderr only');
    const profile = ctx.existingProfileName();
    const { forgetKey } = await import('../../config/key-place.js');
    const removed = await forgetKey(ctx, profile);
    if (removed.length === 0) ctx.notice(`No API key is saved in profile "${profile}".`);
    else ctx.notice(`Removed the API key of profile "${profile}" from ${removed.join(' and ')}.`);
    if (ctx.io.env.MAILCTL_API_KEY) ctx.warn('MAILCTL_API_KEY is set in this environment and still provides a key');
  },
});
