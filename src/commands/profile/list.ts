import { DEFAULT_PROFILE, type ProfileData } from '../../config/data.js';
import { maskSecret } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import type { ListSpec } from '../../output/types.js';
import { command } from '../define.js';
import { runListing } from '../listing.js';

interface ProfileRow {
  name: string;
  current: boolean;
  base_url: string | null;
  api_key: string | null;
  output: string | null;
  timeout: string | null;
  retries: number | null;
}

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

function toRow(name: string, p: ProfileData, current: string): ProfileRow {
  return {
    name,
    current: name === current,
    base_url: p.base_url ?? null,
    api_key: p.api_key ? maskSecret(p.api_key) : p.key_storage === 'keychain' ? '(in the OS credential store)' : null,
    output: p.output ?? null,
    timeout: p.timeout ?? null,
    retries: p.retries ?? null,
  };
}

async function run(ctx: Context): Promise<void> {
  const data = ctx.configData();
  const current = ctx.settings().profile.value;
  const rows = Object.entries(data.profiles).map(([name, p]) => toRow(name, p, current));
  await runListing(ctx, { spec, pages: [{ items: rows }] });
  if (rows.length === 0) ctx.notice(`No profiles yet: run \`mailctl auth login\` to create "${DEFAULT_PROFILE}".`);
}

export default command({
  name: 'list',
  summary: 'list profiles; the one in use is marked',
  examples: ['mailctl profile list', 'mailctl profile list --json'],
  run: (_opts, ctx) => run(ctx),
});
