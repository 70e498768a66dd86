import { listWebhooks, WEBHOOK_FIELDS, type Webhook } from '../../api/webhooks.js';
import type { Context } from '../../context.js';
import { checkFields } from '../../output/fields.js';
import { createListWriter } from '../../output/list.js';
import type { ListSpec } from '../../output/types.js';
import { UsageError } from '../../errors.js';
import type { RawInput } from '../verb.js';
import { WEBHOOK_COLUMNS } from './columns.js';

export type ListOptions = Record<string, never>;

export function parse(input: RawInput): ListOptions {
  // commander already refuses extra arguments; this guards a future change of that default
  if (input.args.length > 0) throw new UsageError(`webhook list takes no arguments (got "${input.args[0]}")`);
  return {};
}

const SPEC: ListSpec<Webhook> = { columns: WEBHOOK_COLUMNS, fields: WEBHOOK_FIELDS };

export async function run(_opts: ListOptions, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, SPEC.columns, SPEC.fields);
  const api = await ctx.api();
  const spinner = await ctx.spinner('fetching webhooks');
  let webhooks: Webhook[];
  try {
    webhooks = await listWebhooks(api);
  } finally {
    spinner.stop();
  }
  await ctx.pageOutput();
  const writer = createListWriter(out, SPEC);
  try {
    await writer.write(webhooks);
  } finally {
    await writer.end();
  }
  if (webhooks.length === 0 && out.format === 'table') ctx.notice('no webhooks');
}
