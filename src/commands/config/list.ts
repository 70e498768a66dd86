import { SETTABLE_KEYS } from '../../config/data.js';
import { writeDetail } from '../../output/detail.js';
import { command } from '../define.js';

export default command({
  name: 'list',
  summary: 'show every setting of the profile in use',
  examples: ['mailctl config list', 'mailctl config list --profile ci --json'],
  async run(_opts, ctx) {
    const out = ctx.tolerateBadSettings().output();
    const profile = ctx.existingProfileName();
    const stored = ctx.configData().profiles[profile] ?? {};
    const values = Object.fromEntries(SETTABLE_KEYS.map((k) => [k, stored[k] ?? null]));
    await writeDetail(out, { profile, ...values }, [
      { fields: [{ key: 'profile', label: 'profile', value: profile }, ...SETTABLE_KEYS.map((k) => ({ key: k, label: k, value: values[k] }))] },
    ]);
  },
});
