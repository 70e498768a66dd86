import { NAME_MAX, SEGMENT_OPERATORS, VALUE_MAX, VALUELESS_OPERATORS } from './vocabulary.js';
import { UsageError, ValueError } from '../errors.js';

// Segment conditions from the command line (spec 2.14): `--where 'field
// operator value'` is one group of one condition; `--or-group 'a or b'` one
// group whose conditions are alternatives. The spec combines conditions inside
// a group with OR and groups with AND, so every --where must hold and at least
// one condition of each --or-group. `--conditions FILE|-` takes the API's own
// JSON ({"groups": [{"conditions": [...]}]}) for anything else.

export interface Condition {
  field: string;
  operator: string;
  value?: string | null;
}
export interface Conditions {
  groups: { conditions: Condition[] }[];
}

const valueless = (op: string) => (VALUELESS_OPERATORS as readonly string[]).includes(op);

/** Checks one condition against 2.14 (field 1–255, a known operator, a value of at most 1000 unless is_true/is_false). */
function checkCondition(c: { field?: unknown; operator?: unknown; value?: unknown }): Condition {
  if (typeof c.field !== 'string' || c.field.trim() === '') throw new ValueError('needs a field (email, status, lists, topics, properties.<name>, …)');
  if ([...c.field].length > NAME_MAX) throw new ValueError(`field must be at most ${NAME_MAX} characters`);
  if (typeof c.operator !== 'string' || !(SEGMENT_OPERATORS as readonly string[]).includes(c.operator)) {
    throw new ValueError(`operator ${JSON.stringify(c.operator ?? '')} must be one of ${SEGMENT_OPERATORS.join(', ')}`);
  }
  const value = c.value;
  if (valueless(c.operator)) {
    if (value !== undefined && value !== null && value !== '') throw new ValueError(`${c.operator} takes no value`);
    return { field: c.field, operator: c.operator };
  }
  if (typeof value !== 'string' || value === '') throw new ValueError(`${c.operator} needs a value`);
  if ([...value].length > VALUE_MAX) throw new ValueError(`value must be at most ${VALUE_MAX} characters`);
  return { field: c.field, operator: c.operator, value };
}

/** `email ends_with @example.com`, `plan equals "pro plan"`: the value is the rest of the line (quotes optional). */
export function parseCondition(raw: string): Condition {
  const m = /^\s*(\S+)\s+(\S+)(?:\s+([\s\S]*?))?\s*$/.exec(raw);
  if (!m) throw new ValueError("must be 'field operator value', e.g. 'email ends_with @example.com'");
  let value = m[3];
  if (value !== undefined && value.length >= 2 && /^(["']).*\1$/s.test(value)) value = value.slice(1, -1);
  return checkCondition({ field: m[1], operator: m[2], value });
}

/** One --or-group: conditions separated by the word `or`. */
export function parseOrGroup(raw: string): Condition[] {
  const parts = raw.split(/\s+or\s+/i).filter((p) => p.trim() !== '');
  if (parts.length === 0) throw new ValueError("must be conditions separated by 'or', e.g. 'plan equals pro or plan equals team'");
  return parts.map(parseCondition);
}

/** The API's conditions JSON, checked before sending; errors name the place (groups.0.conditions.1). */
function checkConditionsJson(value: unknown, source: string): Conditions {
  const groups = (value as { groups?: unknown } | null)?.groups;
  if (typeof value !== 'object' || value === null || !Array.isArray(groups) || groups.length === 0) {
    throw new UsageError(`--conditions: ${source} must hold {"groups": [{"conditions": [{"field", "operator", "value"}]}]} with at least one group`);
  }
  return {
    groups: groups.map((g: unknown, gi) => {
      const conditions = (g as { conditions?: unknown } | null)?.conditions;
      if (!Array.isArray(conditions) || conditions.length === 0) throw new UsageError(`--conditions: ${source}: groups.${gi} needs at least one condition`);
      return {
        conditions: conditions.map((c: unknown, ci) => {
          try {
            return checkCondition((c ?? {}) as Record<string, unknown>);
          } catch (error) {
            if (error instanceof ValueError) throw new UsageError(`--conditions: ${source}: groups.${gi}.conditions.${ci}: ${error.message}`);
            throw error;
          }
        }),
      };
    }),
  };
}

/** The JSON of --conditions FILE|- (stdin), read whole: a conditions object is small. */
async function readConditions(path: string, stdin: AsyncIterable<unknown>): Promise<Conditions> {
  const { readFile } = await import('node:fs/promises');
  const source = path === '-' ? 'stdin' : path;
  let text: string;
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    text = Buffer.concat(chunks).toString('utf8');
  } else {
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new UsageError(`--conditions: cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--conditions: ${source} is not JSON: ${(error as Error).message}`);
  }
  return checkConditionsJson(value, source);
}

/** The groups of --where and --or-group, in that order. */
function groupsOf(where: Condition[] | undefined, orGroups: Condition[][] | undefined): Conditions | undefined {
  const groups = [...(where ?? []).map((c) => ({ conditions: [c] })), ...(orGroups ?? []).map((conditions) => ({ conditions }))];
  return groups.length === 0 ? undefined : { groups };
}

/** The conditions of create/update: from --where/--or-group, or --conditions (never both). */
export async function conditionsOf(
  o: { where?: Condition[]; orGroup?: Condition[][]; conditions?: string },
  stdin: AsyncIterable<unknown>,
): Promise<Conditions | undefined> {
  const fromFlags = groupsOf(o.where, o.orGroup);
  if (fromFlags && o.conditions !== undefined) throw new UsageError('--conditions cannot be used with --where or --or-group');
  return o.conditions !== undefined ? readConditions(o.conditions, stdin) : fromFlags;
}
