import type { ApiClient, RequestSpec } from '../../api/client.js';
import type { Operation } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { writeDetail } from '../../output/detail.js';
import { flag } from '../define.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { confirmOrRefuse } from './confirm.js';
import { dryRunFlag, yesFlag } from './write.js';

// The one delete runner: --dry-run prints the request; a terminal is asked
// (naming what will be lost), --yes is required anywhere else; --if-exists
// turns a 404 into a no-op so a CI job can be re-run; the result is one row
// per resource: {"id", "deleted": true|false}.

const ifExistsFlag = flag.boolean('succeed without change (exit 0, notice on stderr) when it does not exist');

/** The keys of a delete's row, which --fields may name. */
const DELETE_FIELDS = ['id', 'deleted'] as const;

/** The flags of every delete: `flags: { ...deleteFlags }`. */
export const deleteFlags = { yes: yesFlag, ifExists: ifExistsFlag, dryRun: dryRunFlag };

/** --if-exists and --dry-run without --yes: for a removal that never asks (`contact unsubscribe`), or one that confirms its own way (`email cancel`). */
export const ifExistsFlags = { ifExists: ifExistsFlag, dryRun: dryRunFlag };

export interface DeleteRun {
  operation: Operation;
  /** "delete lists": the sandbox refusal's words. */
  action: string;
  /** The command's name for the refusal without --yes ("lists delete"). */
  command: string;
  /** "list 3f2b…": what is deleted. */
  target: string;
  id: string;
  request: RequestSpec;
  dryRun: boolean;
  yes: boolean;
  ifExists: boolean;
  /** What will be lost ("1,204 contacts lose this list"): read before asking, on a terminal only. */
  loss?(api: ApiClient): Promise<string | undefined>;
  send(api: ApiClient): Promise<void>;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export async function runDelete(ctx: Context, d: DeleteRun): Promise<void> {
  const out = ctx.output({ fields: DELETE_FIELDS }); // a usage error: before the dry run and before anything is sent
  refuseSandboxKey(ctx, d.action, d.operation);
  if (d.dryRun) return printDryRun(ctx, d.request);
  const api = await ctx.api();
  let what = `delete ${d.target}`;
  // Read only where it will be asked: without a terminal the refusal comes before any request.
  if (!d.yes && d.loss && ctx.io.stdinIsTTY && ctx.io.stderrIsTTY) {
    try {
      const loss = await d.loss(api);
      if (loss) what += ` (${loss})`;
    } catch (error) {
      if (!isNotFound(error) || !d.ifExists) throw error;
      return printOutcome(ctx, out, d, false);
    }
  }
  await confirmOrRefuse(ctx, { command: d.command, what, done: 'deleted', yes: d.yes });
  try {
    await d.send(api);
  } catch (error) {
    if (isNotFound(error) && d.ifExists) return printOutcome(ctx, out, d, false);
    throw error;
  }
  await printOutcome(ctx, out, d, true);
}

async function printOutcome(ctx: Context, out: ReturnType<Context['output']>, d: DeleteRun, deleted: boolean): Promise<void> {
  if (!deleted) ctx.notice(`${d.target} does not exist: nothing to delete (--if-exists)`);
  const row = { id: d.id, deleted };
  await writeDetail(out, row, [{ fields: [{ key: 'id', label: 'ID', value: d.id }, { key: 'deleted', label: 'Deleted', value: deleted, kind: 'bool' }] }]);
}
