import { command } from '../define.js';
import { keyArg } from './keys.js';
import { checkNoFields } from '../../output/fields.js';

export default command({
  name: 'get',
  summary: 'print one setting of the profile in use',
  description: [
    'Prints the stored value alone, so that $(mailctl config get base_url) works, whatever',
    'output the profile sets. With --json or --ndjson on the command line it prints the',
    'value as JSON instead ("30s", 3, or null when it is not set).',
  ].join('\n'),
  args: { key: keyArg },
  examples: ['mailctl config get base_url', 'mailctl config get output --profile ci', 'mailctl config get timeout --json'],
  async run({ key }, ctx) {
    checkNoFields(ctx.output().fields, 'the value alone');
    const settings = ctx.namedProfileSettings();
    const profile = settings.profile.value;
    const value = ctx.configData().profiles[profile]?.[key];
    // Only a format asked for on this command line: a profile's `output json` must not quote
    // the value that a script reads with $(...).
    const asJson = settings.output.source === 'flag' && ['json', 'ndjson'].includes(settings.output.value);
    if (value === undefined) ctx.notice(`${key} is not set in profile "${profile}"`);
    if (asJson) await ctx.output().write(`${JSON.stringify(value ?? null)}\n`);
    else if (value !== undefined) await ctx.output().write(`${value}\n`);
  },
});
