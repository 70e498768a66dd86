import type { Command } from 'commander';
import * as z from 'zod';
import { valueAt } from '../api/response.js';
import { UsageError } from '../errors.js';
import { didYouMean } from '../input/suggest.js';
import { flagName, type RawInput } from './verb.js';

// Zod building blocks for verb options. Each message says the rule in words a
// user can act on; parseInput() prefixes the flag and appends the bad value.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function intFlag(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be from ${min} to ${max}` });
}

export const uuid = z.string().trim().regex(UUID_RE, { error: 'must be a UUID such as 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f' });

export function oneOf<const T extends readonly string[]>(values: T) {
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (!(values as readonly string[]).includes(v)) ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}${didYouMean(v, values)}` });
    })
    .transform((v) => v as T[number]);
}

/** A repeatable and/or comma-separated flag → trimmed, de-duplicated items. */
export function listFlag<I extends z.ZodType<unknown, string>>(item: I) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()))])
    .pipe(z.array(z.string().min(1, { error: 'must not have an empty item' }).pipe(item)).min(1, { error: 'needs at least one value' }));
}

export const email = z.string().trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an email address' });

/**
 * Parses commander's raw input with a verb's schema. The schema sees
 * `{ ...opts, args }`; every issue becomes one line naming the flag (or the
 * positional argument) and the value that broke the rule.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: RawInput, cmd: Command): z.output<S> {
  const raw = { ...input.opts, args: input.args };
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const [key, index] = issue.path;
    const name = key === undefined ? 'options' : flagName(cmd, key as string, typeof index === 'number' ? index : undefined);
    const bad = valueAt(raw, issue.path);
    const shown = typeof bad === 'string' || typeof bad === 'number' ? ` (got "${String(bad).slice(0, 60)}${String(bad).length > 60 ? '…' : ''}")` : '';
    return `${name}: ${issue.message}${shown}`;
  });
  throw new UsageError(lines[0]!, { details: lines.slice(1) });
}
