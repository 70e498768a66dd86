import type { DetailSection } from './detail.js';

// How a segment and its conditions read (`segment show|create|update`, `segment list`).

/** The fields of a segment printed (a Segment of api/audience.ts is one). */
export interface SegmentView {
  id: string;
  name?: string | null;
  list_id?: string | null;
  list_name?: string | null;
  cached_contacts_count?: number | null;
  created_at?: string | null;
  condition_groups?: Group[] | null;
}

// Conditions as one line of text (`segment show`, `segment list`). Base spec 2.9 gives
// condition_groups without saying how they combine; service-api-rest 2.14 does: conditions
// inside one group are combined with OR, groups with AND (and the emulator matches so). A
// contact matches when at least one condition of every group holds.

/** A group as the API returns it (its values may be of any JSON type). */
export type Group = { conditions: { field: string; operator: string; value?: unknown }[] };

/** `email ends_with "@example.com"`: the value is quoted, so spaces and empty values show; `active is_true` when it has none. */
function conditionText(c: Group['conditions'][number]): string {
  if (c.value === undefined) return `${c.field} ${c.operator}`;
  const value = typeof c.value === 'string' ? JSON.stringify(c.value) : JSON.stringify(c.value ?? null);
  return `${c.field} ${c.operator} ${value}`;
}

function groupText(g: Group): string {
  return g.conditions.length === 0 ? '(no conditions)' : g.conditions.map(conditionText).join(' OR ');
}

/** One line: `a = "x" AND (b = "y" OR c = "z")`. */
export function conditionsText(groups: readonly Group[]): string {
  if (groups.length === 0) return '';
  if (groups.length === 1) return groupText(groups[0]!);
  return groups.map((g) => (g.conditions.length > 1 ? `(${groupText(g)})` : groupText(g))).join(' AND ');
}

/**
 * A TTY gets one line per group under a heading that says how groups combine;
 * pipes, CSV and --fields get the `conditions` field as one line.
 */
export function segmentSections(s: SegmentView, grouped: boolean): DetailSection[] {
  const groups = (s.condition_groups ?? []) as Group[];
  if (!grouped) {
    return [
      {
        fields: [
          { key: 'id', label: 'ID', value: s.id },
          { key: 'name', label: 'Name', value: s.name },
          { key: 'list_id', label: 'List ID', value: s.list_id },
          { key: 'list_name', label: 'List', value: s.list_name },
          { key: 'cached_contacts_count', label: 'Cached contacts', value: s.cached_contacts_count, kind: 'number' },
          { key: 'created_at', label: 'Created', value: s.created_at, kind: 'time' },
          { key: 'conditions', label: 'Conditions', value: conditionsText(groups) },
        ],
      },
    ];
  }
  const list = s.list_name && s.list_id ? `${s.list_name}  (${s.list_id})` : (s.list_name ?? s.list_id);
  const title =
    groups.length > 1
      ? 'Conditions: every one of these groups (any condition within a group may hold)'
      : groups.length === 1 && groups[0]!.conditions.length > 1
        ? 'Conditions: any may hold'
        : 'Conditions';
  const main: DetailSection = {
    fields: [
      { key: 'id', label: 'ID', value: s.id },
      { key: 'name', label: 'Name', value: s.name },
      { key: 'list_name', label: 'List', value: list },
      { key: 'cached_contacts_count', label: 'Cached contacts', value: s.cached_contacts_count ?? 'not counted yet', kind: 'number' },
      { key: 'created_at', label: 'Created', value: s.created_at, kind: 'time' },
    ],
  };
  if (groups.length === 0) {
    main.fields!.push({ key: 'conditions', label: 'Conditions', value: 'none' });
    return [main];
  }
  return [main, { title, fields: groups.map((g, i) => ({ key: `group_${i + 1}`, label: `Group ${i + 1}`, value: groupText(g) })) }];
}
