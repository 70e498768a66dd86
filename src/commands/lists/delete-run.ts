import { deleteListBatches, getList, plain, type AudienceList } from '../../api/audience-admin.js';
import { OPERATIONS } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, NetworkError } from '../../errors.js';
import { commandLine } from '../../output/command-line.js';
import { globalArgs } from '../command-line.js';
import type { ListSpec } from '../../output/types.js';
import { runListing } from '../listing.js';
import { runDelete } from '../runners/delete.js';
import { confirmOrRefuse } from '../runners/confirm.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { thousands as n } from '../../counts.js';

// `lists delete ID...`: one id goes through the delete runner; several are
// deleted with DELETE /audience/lists/bulk, 50 a request (deleteListBatches). The bulk operation
// refuses the whole request when one id is unknown (4.30), so --if-exists and
// the question (which names each list and its contact count) read the lists
// first; rows are the same as a single delete's: {"id", "deleted"}.

interface Options {
  ids: string[];
  yes: boolean;
  ifExists: boolean;
  dryRun: boolean;
}

const contacts = (l: AudienceList) => `${n(l.contacts_count ?? 0)} contact${l.contacts_count === 1 ? '' : 's'}`;

type Row = { id: string; deleted: boolean };
const ROWS: ListSpec<Row> = {
  columns: [
    { key: 'id', header: 'ID', value: (r) => r.id, whole: true },
    { key: 'deleted', header: 'DELETED', value: (r) => r.deleted, kind: 'bool' },
  ],
  fields: ['id', 'deleted'],
};

export async function deleteLists(o: Options, ctx: Context): Promise<void> {
  if (o.ids.length === 1) {
    const id = o.ids[0]!;
    const one = plain(OPERATIONS.deleteList, [id]);
    return runDelete(ctx, {
      operation: OPERATIONS.deleteList, action: 'delete lists', command: 'lists delete', target: `list ${id}`, id,
      request: one.request, dryRun: o.dryRun, yes: o.yes, ifExists: o.ifExists,
      loss: async (api) => {
        const l = await getList(api, id);
        return `"${l.name ?? ''}": ${contacts(l)} lose this list; the contacts stay`;
      },
      send: async (api) => void (await one.send(api)),
    });
  }
  ctx.output({ fields: ROWS.fields }); // --fields checked before anything is sent
  refuseSandboxKey(ctx, 'delete lists', OPERATIONS.deleteLists);
  if (o.dryRun) {
    for (const batch of deleteListBatches(o.ids)) await printDryRun(ctx, batch.request);
    return;
  }
  const interactive = !o.yes && ctx.io.stdinIsTTY && ctx.io.stderrIsTTY;
  // Without a terminal --yes is checked before any read, as every delete's: a script lacking it fails on its first run, not once a list exists.
  if (!o.yes && !interactive) await confirmOrRefuse(ctx, { command: 'lists delete', what: `delete ${o.ids.length} lists`, done: 'deleted', yes: false });
  const api = await ctx.api();
  let ids = o.ids;
  const missing = new Set<string>();
  const found: AudienceList[] = [];
  if (interactive || o.ifExists) {
    for (const id of o.ids) {
      try {
        found.push(await getList(api, id));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        if (!o.ifExists) throw error.withHint(`list ${id} does not exist; --if-exists skips lists that are gone`);
        missing.add(id);
        ctx.notice(`list ${id} does not exist: nothing to delete (--if-exists)`);
      }
    }
    ids = o.ids.filter((id) => !missing.has(id));
  }
  if (ids.length > 0) {
    const loss = found.length > 0 ? `: ${found.map((l) => `"${l.name ?? l.id}" (${contacts(l)})`).join(', ')}; the contacts stay` : '';
    await confirmOrRefuse(ctx, { command: 'lists delete', what: `delete ${ids.length} list${ids.length === 1 ? '' : 's'}${loss}`, done: 'deleted', yes: o.yes });
    const batches = deleteListBatches(ids);
    const deleted = new Set<string>();
    for (const [i, batch] of batches.entries()) {
      try {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const result = await batch.send(api);
        if (result.deleted !== batch.ids.length) ctx.warn(`the API deleted ${result.deleted} of ${batch.ids.length} lists in one request`);
      } catch (caught) {
        const error = namingIds(caught, batch.ids, o.ifExists);
        // A first request refused changed nothing: the error alone. One that was cut off
        // (Ctrl-C, SIGTERM, a lost connection) may have been applied: say so, and how to finish.
        if (i === 0 && !outcomeUnknown(ctx, error)) throw error;
        // requests 1..i were applied: their rows, then what did not run and the command that finishes it
        await runListing(ctx, { spec: ROWS, pages: [{ items: o.ids.filter((id) => deleted.has(id) || missing.has(id)).map((id) => ({ id, deleted: deleted.has(id) })) }] });
        ctx.io.stderr.write(`${batchFailureLines(ctx, batches.length, i, batch.ids.length, error, ids.filter((id) => !deleted.has(id))).join('\n')}\n`);
        throw error;
      }
      for (const id of batch.ids) deleted.add(id);
    }
  }
  await runListing(ctx, { spec: ROWS, pages: [{ items: o.ids.map((id) => ({ id, deleted: !missing.has(id) })) }] });
}

/** The bulk operation refuses unknown ids by their place (`list_ids.1`): name them (a hint already there stays). */
function namingIds(error: unknown, ids: string[], ifExists: boolean): unknown {
  if (!(error instanceof ApiError)) return error;
  const named = Object.keys(error.fieldErrors).flatMap((k) => ids[Number(/^list_ids\.(\d+)$/.exec(k)?.[1] ?? NaN)] ?? []);
  return named.length === 0 ? error : error.withHint(error.hint ?? (ifExists ? undefined : '--if-exists skips lists that are gone'), { details: [`  not lists of this team (unknown, deleted or another team's): ${named.join(', ')}`] });
}

/** Whether a request that failed may still have been applied by the server. */
function outcomeUnknown(ctx: Context, error: unknown): boolean {
  return ctx.signal.aborted || error instanceof NetworkError || (error instanceof CliError && error.outcomeUnknown);
}

/** A bulk delete that failed at request i+1 of total: what was deleted, what was not, and the command that finishes it. */
function batchFailureLines(ctx: Context, total: number, i: number, size: number, error: unknown, rest: string[]): string[] {
  const k = i + 1;
  const unsure = outcomeUnknown(ctx, error);
  const notRun = k === total ? '' : k + 1 === total ? `; request ${total} did not run` : `; requests ${k + 1}-${total} did not run`;
  const finish = commandLine(['lists', 'delete'], [...rest, '--yes', '--if-exists', ...globalArgs(ctx.globals)]);
  return [
    `request ${k} of ${total} ${ctx.signal.aborted ? 'was interrupted' : 'failed'}: DELETE /audience/lists/bulk of ${n(size)} list${size === 1 ? '' : 's'}; ${unsure ? 'it may or may not have been applied' : 'it was not applied'}${notRun}`,
    i === 0 ? `0 of ${total} requests succeeded` : `${i} of ${total} requests succeeded: the lists they deleted are on stdout`,
    `to delete the rest (--if-exists skips lists already gone):\n  ${finish}`,
  ];
}
