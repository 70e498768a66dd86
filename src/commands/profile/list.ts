import { DEFAULT_PROFILE } from '../../config/data.js';
import { profileRows, type ProfileRow } from '../../config/profiles.js';
import type { Context } from '../../context.js';
import type { ListSpec } from '../../output/types.js';
import { command } from '../define.js';
import { runListing } from '../listing.js';

const spec: ListSpec<ProfileRow> = {
  fields: ['name', 'current', 'base_url', 'api_key', 'output', 'timeout', 'retries'],
  columns: [
    { key: 'current', header: '', value: (r) => (r.current ? '*' : '') },
    { key: 'name', header: 'NAME', value: (r) => r.name },
    { key: 'base_url', header: 'BASE URL', value: (r) => r.base_url },
    { key: 'api_key', header: 'KEY', value: (r) => r.api_key },
    { key: 'output', header: 'OUTPUT', value: (r) => r.output },
  ],
};

async function run(ctx: Context): Promise<void> {
  const data = ctx.tolerateBadSettings().configData();
  const current = ctx.profileName();
  const rows = profileRows(data, current);
  await runListing(ctx, { spec, pages: [{ items: rows }] });
  if (rows.length === 0) ctx.notice(`No profiles yet: run \`mailctl auth login\` to create "${DEFAULT_PROFILE}".`);
}

export default command({
  name: 'list',
  summary: 'list profiles; the one in use is marked',
  examples: ['mailctl profile list', 'mailctl profile list --json'],
  run: (_opts, ctx) => run(ctx),
});
