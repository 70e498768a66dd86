import type { MergeTag } from '../../api/templates.js';
import { OPERATIONS } from '../../api/operations.js';
import type { Column } from '../../output/types.js';
import { command, flag } from '../define.js';
import { projectFlag, SLUG_ARGS } from './shared.js';

const TAG_COLUMNS: Column<MergeTag>[] = [
  { key: 'key', header: 'KEY', value: (m) => m.key, whole: true },
  { key: 'required', header: 'REQUIRED', value: (m) => m.required, kind: 'bool' },
  { key: 'type', header: 'TYPE', value: (m) => m.type ?? (m.children ? 'loop' : null) },
  { key: 'children', header: 'FIELDS', value: (m) => (m.children ? m.children.map((c) => c.key).join(',') : null) },
];
const TAG_FIELDS = ['key', 'required', 'type', 'children'] as const;

export default command({
  name: 'tags',
  summary: 'list the merge tags of a template version: the --var keys a send needs',
  args: SLUG_ARGS,
  flags: {
    project: projectFlag,
    version: flag.integer('version to read', [1, Number.MAX_SAFE_INTEGER], 'n').defaultShown('the active one'),
  },
  examples: ['mailctl template tags welcome-email', 'mailctl template tags order-confirmation --json', 'mailctl template tags welcome-email --version 1 --fields key,required'],
  operation: OPERATIONS.templateMergeTags,
  async run({ slug, project, version }, ctx) {
    const { createListWriter } = await import('../../output/list.js');
    const { templateMergeTags } = await import('../../api/templates.js');
    const out = ctx.output({ columns: TAG_COLUMNS, fields: TAG_FIELDS });
    const listing = await templateMergeTags(await ctx.api(), slug, { projectId: project, version });
    const writer = createListWriter(out, { columns: TAG_COLUMNS, fields: TAG_FIELDS });
    await writer.write(listing.merge_tags);
    await writer.end();
    if (listing.merge_tags.length === 0 && out.format === 'table') ctx.notice(`template ${slug} version ${listing.version} has no merge tags`);
  },
});
