import type { ApiClient, RequestSpec } from '../../api/client.js';
import type { Operation } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { writeDetail, type DetailSection } from '../../output/detail.js';
import { flag } from '../define.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { confirmOrRefuse, type Confirmation } from './confirm.js';

// The one write runner: validate (the declarations did, and `check`), refuse a
// sandbox key where the API would, print the exact request on --dry-run, ask
// before a destructive write, send once, print the result.

/** The flag every write takes. */
export const dryRunFlag = flag.boolean('validate and print the request that would be sent, without sending it');

/** The flag of destructive writes. */
export const yesFlag = flag.boolean('go ahead without asking (required when not on a terminal)').alias('y');

export interface WriteRun<R> {
  operation: Operation;
  /** "update topics": the sandbox refusal says "sandbox API keys cannot update topics". */
  action: string;
  /** The request, exactly as it will be sent (the dry run prints it, secrets masked). */
  request: RequestSpec;
  dryRun: boolean;
  /** Keys --fields may name in the printed result: checked before anything is sent. */
  fields?: readonly string[];
  /** Destructive: asked on a terminal, --yes otherwise (after the dry run, which never asks). */
  confirm?: Omit<Confirmation, 'yes'> & { yes: boolean };
  send(api: ApiClient): Promise<R>;
  /** Prints the result; default: the resource's detail sections. */
  print?(result: R, ctx: Context): Promise<void>;
  sections?(result: R): DetailSection[];
}

export async function runWrite<R>(ctx: Context, w: WriteRun<R>): Promise<R | undefined> {
  const out = ctx.output(w.fields && { fields: w.fields }); // a write must not be sent when its output cannot be printed
  refuseSandboxKey(ctx, w.action, w.operation);
  if (w.dryRun) {
    await printDryRun(ctx, w.request);
    return undefined;
  }
  if (w.confirm) await confirmOrRefuse(ctx, w.confirm);
  const api = await ctx.api();
  const result = await w.send(api);
  if (w.print) await w.print(result, ctx);
  else if (w.sections) await writeDetail(out, result, w.sections(result));
  return result;
}
