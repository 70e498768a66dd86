import type { Pushed } from '../../api/template-push.js';
import { OPERATIONS } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode, NetworkError, UsageError } from '../../errors.js';
import { commandLine } from '../../output/command-line.js';
import { globalArgs } from '../command-line.js';
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

/**
 * The rows of the templates done, then on stderr: the template that failed (or whose write went
 * through but whose DIR/<slug>.json could not be recorded), the ones not pushed, and that a re-run
 * finishes the rest. `written`: the service applied this template's write.
 */
async function reportFailure(
  ctx: Context, o: PushOptions, rows: SyncRow[], l: LocalTemplate, rest: LocalTemplate[], written: Pushed | undefined, writeSent: boolean, error: unknown,
): Promise<void> {
  // A write cut off (Ctrl-C, SIGTERM, a lost connection) may have been applied by the service.
  const unsure = writeSent && (ctx.signal.aborted || error instanceof NetworkError || (error instanceof CliError && error.outcomeUnknown));
  if (o.dryRun || (rows.length === 0 && !written && !unsure)) return; // nothing was pushed: the error says it all
  await writeRows(ctx, written ? [...rows, written.row] : rows);
  const lines: string[] = [];
  if (written) {
    lines.push(`${l.slug}: ${written.row.action} on the service (version ${written.row.version ?? 'none'}), but ${l.metaPath} could not be written`);
    if (written.renamed !== undefined) lines.push(`  the service's slug for it is ${written.renamed}: rename ${l.htmlPath} to ${written.renamed}.html before pushing again, or the push creates it a second time`);
  } else {
    lines.push(`${l.slug}: failed, ${unsure ? 'and its push may or may not have been applied' : 'not pushed'}`);
  }
  if (rest.length > 0) lines.push(`not pushed: ${rest.map((r) => r.slug).join(', ')}`);
  const done = rows.length + (written ? 1 : 0);
  lines.push(`${done} of ${done + rest.length + (written ? 0 : 1)} templates done (their rows are on stdout); ${written?.renamed !== undefined ? 'after that rename, ' : ''}re-running is safe, as templates already pushed show as unchanged:`);
  lines.push(`  ${commandLine(['template', 'push'], ['--dir', o.dir, ...(o.project !== undefined ? ['--project', String(o.project)] : []), ...(o.force ? ['--force'] : []), ...globalArgs(ctx.globals)])}`);
  ctx.io.stderr.write(`${lines.join('\n')}\n`);
}

export default command({
  name: 'push',
  summary: 'create or update the templates whose HTML in DIR changed (as written by template pull)',
  description: 'One row per template: created, updated, unchanged, or conflict when its active\nversion moved on the service since the pull (not overwritten unless --force).\nAn unchanged template gets the service\'s version in <slug>.json (after a push\nwhose answer was lost). With --dry-run the rows say what would be created or\nupdated, and why.',
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
    ctx.output({ columns: SYNC_COLUMNS, fields: SYNC_FIELDS });
    if (!o.dryRun) refuseSandboxKey(ctx, 'push templates', OPERATIONS.updateTemplate);
    const locals = await readTemplateDir(o.dir);
    if (locals.length === 0) throw new UsageError(`--dir: ${o.dir} has no <slug>.html file`, { hint: 'run `mailctl template pull --dir DIR` first' });
    const api = await ctx.api();
    const { pushTemplate } = await import('../../api/template-push.js');
    const { writeWholeFile } = await import('../../output/whole-file.js');
    const rows: SyncRow[] = [];
    for (const [i, l] of locals.entries()) {
      let written: Pushed | undefined;
      let writeSent = false;
      try {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const pushed = await pushTemplate(api, { ...l, project: l.meta?.project ?? o.project }, { ...o, writing: () => (writeSent = true) });
        if (pushed.meta) written = pushed;
        if (pushed.renamed !== undefined) ctx.warn(`${l.slug}: the service named the new template ${pushed.renamed} (slugs come from the name); ${l.metaPath} records it, so later pushes update it`);
        // After a write, DIR/<slug>.json records the new version, so the next push compares against it.
        if (pushed.meta) await writeWholeFile(l.metaPath, metaText(pushed.meta));
        rows.push(pushed.row);
      } catch (error) {
        await reportFailure(ctx, o, rows, l, locals.slice(i + 1), written, writeSent, error);
        throw error;
      }
    }
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
