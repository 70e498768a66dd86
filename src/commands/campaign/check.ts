import type { Command } from 'commander';
import * as z from 'zod';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { parseFutureTime, parseIsoTime } from '../../input/time.js';
import { checkFields } from '../../output/fields.js';
import { parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';
import { DEFAULT_MIN_LEAD_MS, failedChecks, printChecks, runPreflight } from './preflight.js';
import { campaignIdArgs } from './shared.js';

const schema = z.object({
  args: campaignIdArgs,
  at: z.string().optional(),
  minLead: z.string().optional(),
  health: z.boolean().optional(),
});

export interface Options {
  id: string;
  at?: string;
  minLeadMs: number;
  health: boolean;
}

export function parse(input: RawInput, cmd: Command): Options {
  const o = parseInput(schema, input, cmd);
  return {
    id: o.args[0],
    at: o.at,
    minLeadMs: o.minLead === undefined ? DEFAULT_MIN_LEAD_MS : parseDuration(o.minLead, '--min-lead'),
    health: Boolean(o.health),
  };
}

/** A time too close or in the past is a failed check (exit 8), not a usage error: it is what is being checked. */
function atMs(text: string, now: number): number {
  const t = text.trim();
  return t.startsWith('+') ? parseFutureTime(t, '--at', now).ms : parseIsoTime(t, '--at').ms;
}

export async function run(opts: Options, ctx: Context): Promise<void> {
  checkFields(ctx.output().fields, [], ['name', 'ok', 'detail']);
  const at = opts.at === undefined ? undefined : atMs(opts.at, ctx.now());
  const checks = await runPreflight(ctx, { id: opts.id, atMs: at, minLeadMs: opts.minLeadMs, health: opts.health });
  await printChecks(ctx, checks);
  if (!checks.every((c) => c.ok)) throw failedChecks(opts.id, checks);
}
