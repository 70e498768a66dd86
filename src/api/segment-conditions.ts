import { NAME_MAX, SEGMENT_OPERATORS, VALUE_MAX, VALUELESS_OPERATORS } from './vocabulary.js';
import { UsageError, ValueError } from '../errors.js';

// Segment conditions from the command line (spec 2.14). The spec combines the
// conditions inside a group with OR and groups with AND. `--where 'field operator
// value'` alone is a group of one condition: every such --where must hold.
// `--or-group` opens a group: the --where flags after it, up to the next
// --or-group, are its alternatives (cli.md: "one --where group per --or-group").
// `--or-group 'a or b'` is a whole group of alternatives in one flag.
// `--conditions FILE|-` takes the API's own JSON ({"groups": [{"conditions": [...]}]}).

/** The flags that make groups, as the command line gave them. */
export type GroupFlag = 'where' | 'orGroup';

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

const emptyGroup = () => new UsageError("--or-group: no --where after it: its alternatives are the --where flags that follow it, or give them as --or-group 'a or b'");

/**
 * The groups of --where and --or-group. `order` is the flags' keys as the command line gave them
 * (one per occurrence); without it (a tool call) each --where is a group, then each --or-group,
 * and a bare --or-group cannot be placed.
 */
export function flagGroups(where: Condition[] = [], orGroups: (Condition[] | true)[] = [], order?: readonly string[]): Conditions | undefined {
  const sequence: readonly string[] = order?.filter((k) => k === 'where' || k === 'orGroup') ?? [...where.map(() => 'where'), ...orGroups.map(() => 'orGroup')];
  const groups: Condition[][] = [];
  let open: Condition[] | undefined;
  let w = 0;
  let g = 0;
  for (const key of sequence) {
    if (key === 'where') {
      const c = where[w++]!;
      if (open) open.push(c);
      else groups.push([c]);
      continue;
    }
    if (open?.length === 0) throw emptyGroup();
    const group = orGroups[g++]!;
    // a bare --or-group opens a group for the --where flags after it; a valued one is whole
    open = group === true ? [] : undefined;
    groups.push(open ?? (group as Condition[]));
  }
  if (open?.length === 0) throw emptyGroup();
  return groups.length === 0 ? undefined : { groups: groups.map((conditions) => ({ conditions })) };
}

/** The conditions of create/update: from --where/--or-group (`groups`), or --conditions (never both). */
export async function conditionsOf(o: { groups?: Conditions; conditions?: string }, stdin: AsyncIterable<unknown>): Promise<Conditions | undefined> {
  if (o.groups && o.conditions !== undefined) throw new UsageError('--conditions cannot be used with --where or --or-group');
  return o.conditions !== undefined ? readConditions(o.conditions, stdin) : o.groups;
}
