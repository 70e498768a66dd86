import { arg, command } from '../define.js';
import { parseValue } from '../../config/profiles.js';
import { keyArg } from './keys.js';
import { checkNoFields } from '../../output/fields.js';

export default command({
  name: 'set',
  summary: 'change one setting of the profile in use (the API key only through `auth login`)',
  args: { key: keyArg, value: arg('new value') },
  examples: ['mailctl config set base_url https://api.example.com', 'mailctl config set output json --profile ci', 'mailctl config set timeout 10s'],
  check: ({ key, value }) => ({ key, value: parseValue(key, value) }),
  async run({ key, value }, ctx) {
    checkNoFields(ctx.tolerateBadSettings().output().fields, 'a notice on stderr only');
    const profile = ctx.profileName();
    const { ConfigStore } = await import('../../config/store.js');
    const store = new ConfigStore(ctx.io.env);
    store.updateProfile(profile, (p) => ({ ...p, [key]: value }), { select: true });
    ctx.notice(`Set ${key} = ${value} in profile "${profile}".`);
  },
});
