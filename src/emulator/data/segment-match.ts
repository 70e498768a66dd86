// Which contacts a segment matches (spec 2.14): conditions inside a group are combined with OR,
// groups with AND, and a segment with a list only looks at that list's contacts. Fields are
// `email`, `status`, `created_at`, `topics`, `lists`, `properties.<name>` or a bare property
// name; `topics` and `lists` compare names (docs: segments refer to them by name), or ids.
import type { Contact, Segment, TeamData } from '../types.js';

export const SEGMENT_OPERATORS = [
  'contains', 'not_contains', 'equals', 'not_equals', 'starts_with', 'not_starts_with', 'ends_with',
  'not_ends_with', 'is_true', 'is_false', 'greater_than', 'greater_than_or_equal', 'less_than',
  'less_than_or_equal', 'before', 'after',
] as const;

/** Operators that take no value (spec 2.14). */
export const VALUELESS_OPERATORS: readonly string[] = ['is_true', 'is_false'];

type Condition = Segment['condition_groups'][number]['conditions'][number];

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);

function compareOne(actual: string | undefined, op: string, wanted: string | null): boolean {
  const a = (actual ?? '').toLowerCase();
  const w = (wanted ?? '').toLowerCase();
  switch (op) {
    case 'contains': return a.includes(w);
    case 'not_contains': return !a.includes(w);
    case 'equals': return a === w;
    case 'not_equals': return a !== w;
    case 'starts_with': return a.startsWith(w);
    case 'not_starts_with': return !a.startsWith(w);
    case 'ends_with': return a.endsWith(w);
    case 'not_ends_with': return !a.endsWith(w);
    case 'is_true': return TRUE_WORDS.has(a);
    case 'is_false': return actual !== undefined && !TRUE_WORDS.has(a);
    case 'before': case 'after': {
      const x = Date.parse(actual ?? '');
      const y = Date.parse(wanted ?? '');
      if (Number.isNaN(x) || Number.isNaN(y)) return false;
      return op === 'before' ? x < y : x > y;
    }
    default: {
      const x = Number(actual);
      const y = Number(wanted);
      if (actual === undefined || actual === '' || !Number.isFinite(x) || !Number.isFinite(y)) return false;
      if (op === 'greater_than') return x > y;
      if (op === 'greater_than_or_equal') return x >= y;
      if (op === 'less_than') return x < y;
      return x <= y;
    }
  }
}

function membership(team: TeamData, c: Contact, cond: Condition, kind: 'lists' | 'topics'): boolean {
  const ids = kind === 'lists' ? c.listIds : c.topicIds;
  const named = kind === 'lists' ? team.lists : team.topics;
  const names: string[] = [];
  for (const id of ids) {
    const item = named.get(id);
    if (item) names.push(item.name, id);
  }
  const negated = cond.operator.startsWith('not_');
  const positive = negated ? cond.operator.slice(4) : cond.operator;
  const any = names.some((n) => compareOne(n, positive, cond.value));
  return negated ? !any : any;
}

function matches(team: TeamData, c: Contact, cond: Condition): boolean {
  const field = cond.field;
  if (field === 'lists' || field === 'topics') return membership(team, c, cond, field);
  let actual: string | undefined;
  if (field === 'email') actual = c.email;
  else if (field === 'status') actual = c.status;
  else if (field === 'created_at') actual = c.created_at === null ? undefined : new Date(c.created_at).toISOString();
  else actual = c.properties[field.startsWith('properties.') ? field.slice('properties.'.length) : field];
  return compareOne(actual, cond.operator, cond.value);
}

/** A predicate for one segment, to run over many contacts. */
export function segmentPredicate(team: TeamData, s: Segment): (c: Contact) => boolean {
  const groups = s.condition_groups;
  const list = s.list_id;
  return (c) => {
    if (list !== null && !c.listIds.has(list)) return false;
    return groups.every((g) => g.conditions.some((cond) => matches(team, c, cond)));
  };
}

export function countSegment(team: TeamData, s: Segment): number {
  const match = segmentPredicate(team, s);
  let n = 0;
  for (const c of team.contacts.values()) if (match(c)) n++;
  return n;
}
