import { BULK_OPERATIONS, bulkMembership, type BulkOperation } from '../../api/audience.js';
import type { Context } from '../../context.js';
import type { ApiError } from '../../errors.js';
import { checkUnchanged, openIds } from '../../input/id-flags.js';
import type { IdSource } from '../../input/id-source.js';
import { refuseSandboxKey, requestUrl } from '../write.js';
import { confirmOrRefuse } from '../runners/confirm.js';
import type { BulkOptions } from './options.js';
import { describeRequest, planShape, plannedRequests, type PlanEntry, type PlannedRequest } from '../../api/bulk-plan.js';
import { failureLines, missingIdError, missingIds } from '../../api/bulk-failure.js';
import { startProgress } from '../../output/progress-bar.js';
import { checkPlanFields, checkTotalsFields, writePlan, writeTotals, type Totals } from '../../report/bulk.js';
import { thousands as n } from '../../counts.js';

// `lists attach|detach`: read and check every id first (exit 2 before anything
// is sent), split the pairs into the fewest requests the limits allow, send
// them one after another at the pace the client's rate-limit pacing allows,
// and print the totals. The ids are checked and counted in a first pass over
// each source and streamed from a second pass into the requests (id-source.ts),
// so a million ids are never all in memory. A request that still fails after the client's retries
// stops the run: the totals so far go to stdout, what did not run to stderr,
// and the error is rethrown for main.ts to map to its exit code.

const plural = (count: number, word: string) => `${n(count)} ${word}${count === 1 ? '' : 's'}`;

export async function runBulk(op: BulkOperation, opts: BulkOptions, ctx: Context): Promise<void> {
  const out = ctx.output();
  if (opts.dryRun) checkPlanFields(out);
  else checkTotalsFields(out, op);

  const contacts = await openIds(ctx, 'contact', opts.contacts, opts.contactsFile, opts.column);
  try {
    const lists = await openIds(ctx, 'list', opts.lists, opts.listsFile, opts.column);
    try {
      await bulk(op, opts, ctx, contacts, lists);
    } finally {
      await lists.close();
    }
  } finally {
    await contacts.close(); // stdin's temporary copy is removed here, however the run ends
  }
}

async function bulk(op: BulkOperation, opts: BulkOptions, ctx: Context, contacts: IdSource, lists: IdSource): Promise<void> {
  const out = ctx.output();
  const plan = planShape(contacts.count, lists.count);
  const operation = BULK_OPERATIONS[op];
  refuseSandboxKey(ctx, op === 'attach' ? 'attach contacts to lists' : 'detach contacts from lists', operation);

  if (opts.dryRun) {
    const url = requestUrl(ctx, { path: operation.path() });
    await checkUnchanged(contacts, lists);
    const requests = () => plannedRequests(contacts, lists);
    await writePlan(out, { op, method: operation.method, url, contacts: contacts.count, lists: lists.count, plan, requests });
    ctx.notice('dry run: nothing was sent');
    return;
  }

  const api = await ctx.api(); // key and base URL checked before any question is asked
  if (op === 'detach') {
    const pairs = contacts.count * lists.count;
    await confirmOrRefuse(ctx, {
      command: 'lists detach',
      what: `detach ${plural(contacts.count, 'contact')} from ${plural(lists.count, 'list')} (${plural(pairs, 'pair')})`,
      done: 'detached',
      yes: Boolean(opts.yes),
      stdinBusy: opts.contactsFile === '-' || opts.listsFile === '-',
    });
  }
  await checkUnchanged(contacts, lists);

  const totals: Totals = {
    changed: 0, unchanged: 0, totalPairs: 0, contacts: contacts.count, lists: lists.count, requests: plan.length, requestsSucceeded: 0,
  };
  const pairsPlanned = contacts.count * lists.count;
  const progress = startProgress(ctx, op === 'attach' ? 'attaching' : 'detaching', plan.length, pairsPlanned);
  const warnings: string[] = [];
  let pairsSent = 0;
  // The request being made: its ids once the sources gave them (they may fail to: a file changed).
  let current: PlanEntry | PlannedRequest | undefined = plan[0];
  try {
    for await (const req of plannedRequests(contacts, lists)) {
      current = req;
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const result = await bulkMembership(api, op, req.contactIds, req.listIds);
      if (result.totalPairs !== req.pairs) {
        warnings.push(`request ${req.index} (${describeRequest(req)}): the API counted ${n(result.totalPairs)} pairs, mailctl sent ${n(req.pairs)}`);
      }
      if (result.afterLostAnswer) {
        const [changed, unchanged] = op === 'attach' ? ['attached', 'already_attached'] : ['detached', 'not_present'];
        warnings.push(
          `request ${req.index} (${describeRequest(req)}) was retried after an answer was lost: the lost attempt may have been applied, ` +
            `so some pairs it ${changed} may be counted as ${unchanged}; total_pairs is exact`,
        );
      }
      totals.changed += result.changed;
      totals.unchanged += result.unchanged;
      totals.totalPairs += result.totalPairs;
      totals.requestsSucceeded++;
      pairsSent += req.pairs;
      progress.update(totals.requestsSucceeded, pairsSent);
      current = plan[req.index];
    }
  } catch (error) {
    progress.stop();
    for (const m of warnings) ctx.warn(m);
    await writeTotals(out, op, totals);
    const missing = current && !ctx.signal.aborted ? missingIds(error, current) : [];
    if (current && 'contactIds' in current && missing.length > 0) throw missingIdError(op, plan, current, error as ApiError, missing);
    if (current) ctx.io.stderr.write(`${failureLines(ctx.signal.aborted, op, plan, current, error).join('\n')}\n`);
    throw error;
  }
  progress.stop();
  for (const m of warnings) ctx.warn(m);
  await writeTotals(out, op, totals);
}
