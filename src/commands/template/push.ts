import type { ApiClient } from '../../api/client.js';
import { OPERATIONS } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { command, flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { refuseSandboxKey } from '../write.js';
import { metaText, readTemplateDir, type LocalTemplate } from '../../input/template-files.js';
import { SYNC_COLUMNS, SYNC_FIELDS, writeRows, type SyncRow } from './files.js';
import { projectFlag } from './shared.js';

// The other half of `template pull`: each DIR/<slug>.html created, updated or left
// alone (src/api/template-push.ts decides which), one row each.

interface PushOptions {
  dir: string;
  project?: number;
  force: boolean;
  dryRun: boolean;
}

async function pushOne(ctx: Context, api: ApiClient, l: LocalTemplate, o: PushOptions): Promise<SyncRow> {
  const { pushTemplate } = await import('../../api/template-push.js');
  const { writeWholeFile } = await import('../../output/whole-file.js');
  const pushed = await pushTemplate(api, { ...l, project: l.meta?.project ?? o.project }, o);
  if (pushed.renamed !== undefined) ctx.warn(`${l.slug}: the service named the new template ${pushed.renamed} (slugs come from the name)`);
  // After a write, DIR/<slug>.json records the new version, so the next push compares against it.
  if (pushed.meta) await writeWholeFile(l.metaPath, metaText(pushed.meta));
  return pushed.row;
}

export default command({
  name: 'push',
  summary: 'create or update the templates whose HTML in DIR changed (as written by template pull)',
  description: 'One row per template: created, updated, unchanged, or conflict when its active\nversion moved on the service since the pull (not overwritten unless --force).\nWith --dry-run the rows say what would be created or updated, and why.',
  flags: {
    dir: flag.string('folder of <slug>.html and <slug>.json files', { value: 'dir' }).completes('files').required(),
    project: projectFlag,
    force: flag.boolean('update templates whose version moved since the pull'),
    dryRun: dryRunFlag,
  },
  examples: ['mailctl template push --dir templates --dry-run', 'mailctl template push --dir templates', 'mailctl template push --dir templates --force --json'],
  operation: OPERATIONS.updateTemplate,
  operationNote: `${OPERATIONS.showTemplate.name} for each file, then ${OPERATIONS.createTemplate.name} or ${OPERATIONS.updateTemplate.name} for the changed ones`,
  moreOperations: [OPERATIONS.showTemplate, OPERATIONS.createTemplate],
  async run(o, ctx) {
    const { checkFields } = await import('../../output/fields.js');
    checkFields(ctx.output().fields, SYNC_COLUMNS, SYNC_FIELDS);
    if (!o.dryRun) refuseSandboxKey(ctx, 'push templates', OPERATIONS.updateTemplate);
    const locals = await readTemplateDir(o.dir);
    if (locals.length === 0) throw new UsageError(`--dir: ${o.dir} has no <slug>.html file`, { hint: 'run `mailctl template pull --dir DIR` first' });
    const api = await ctx.api();
    const rows: SyncRow[] = [];
    for (const l of locals) rows.push(await pushOne(ctx, api, l, o));
    await writeRows(ctx, rows);
    if (o.dryRun) ctx.notice('dry run: nothing was sent');
    const conflicts = rows.filter((r) => r.action === 'conflict');
    if (conflicts.length > 0) {
      throw new CliError(`${conflicts.length} template${conflicts.length > 1 ? 's' : ''} changed on the service since the pull and ${conflicts.length > 1 ? 'were' : 'was'} not overwritten: ${conflicts.map((r) => r.slug).join(', ')}`, ExitCode.Failure, {
        hint: 'pull them again and redo the change, or push with --force',
      });
    }
  },
});
