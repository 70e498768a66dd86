import type { Command } from 'commander';
import * as z from 'zod';
import { PROPERTY_FALLBACK_MAX, updateProperty, updatePropertyRequest, type Property } from '../../api/audience.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { writeDetail } from '../../output/detail.js';
import { checkFields } from '../../output/fields.js';
import { parseInput, uuid } from '../schema.js';
import { OPERATIONS } from '../../api/operations.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import type { RawInput } from '../verb.js';

// An empty --fallback-value is allowed: an empty substitute differs from none
// (null), which is what --clear-fallback sends.
const schema = z.object({
  args: z.tuple([uuid]),
  fallbackValue: z
    .string()
    .refine((s) => [...s].length <= PROPERTY_FALLBACK_MAX, {
      error: (i) => `must be at most ${PROPERTY_FALLBACK_MAX} characters (this one has ${[...(i.input as string)].length})`,
    })
    .optional(),
  clearFallback: z.boolean().optional(),
  dryRun: z.boolean().optional(),
});

export interface Options {
  id: string;
  fallbackValue: string | null;
  dryRun: boolean;
}

export function parse(input: RawInput, cmd: Command): Options {
  const o = parseInput(schema, input, cmd);
  if (o.fallbackValue !== undefined && o.clearFallback) {
    throw new UsageError('--fallback-value and --clear-fallback cannot be used together');
  }
  if (o.fallbackValue === undefined && !o.clearFallback) {
    throw new UsageError('nothing to update: give --fallback-value TEXT or --clear-fallback');
  }
  return { id: o.args[0], fallbackValue: o.clearFallback ? null : (o.fallbackValue as string), dryRun: Boolean(o.dryRun) };
}

export const PROPERTY_FIELDS = ['id', 'name', 'type', 'fallback_value', 'created_at'] as const;

export function propertySections(p: Property) {
  return [
    {
      fields: [
        { key: 'id', label: 'ID', value: p.id },
        { key: 'name', label: 'Name', value: p.name },
        { key: 'type', label: 'Type', value: p.type },
        { key: 'fallback_value', label: 'Fallback value', value: p.fallback_value },
        { key: 'created_at', label: 'Created', value: p.created_at, kind: 'time' as const },
      ],
    },
  ];
}

export async function run(opts: Options, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, [], PROPERTY_FIELDS);
  refuseSandboxKey(ctx, 'update properties', OPERATIONS.updateProperty);
  if (opts.dryRun) return printDryRun(ctx, updatePropertyRequest(opts.id, opts.fallbackValue));
  const api = await ctx.api();
  const property = await updateProperty(api, opts.id, opts.fallbackValue);
  await writeDetail(out, property, propertySections(property));
}
