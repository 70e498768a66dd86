import type { Segment } from '../../api/audience.js';
import { conditionsText, groupText, type Group } from '../../api/segment-conditions.js';
import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import type { DetailSection } from '../../output/detail.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const SEGMENT_FIELDS = [
  'id', 'name', 'list_id', 'list_name', 'condition_groups', 'conditions', 'cached_contacts_count', 'created_at',
] as const;

/**
 * A TTY gets one line per group under a heading that says how groups combine;
 * pipes, CSV and --fields get the `conditions` field as one line.
 */
export function segmentSections(s: Segment, grouped: boolean): DetailSection[] {
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

export default command({
  name: 'show',
  summary: 'show a segment: name, list, cached contact count and its conditions, readably',
  args: { segmentId: arg('id of the segment (a UUID)', { parse: uuid }) },
  examples: [`mailctl segment show ${ID}`, `mailctl segment show ${ID} --json`, `mailctl segment show ${ID} --fields name,conditions`],
  operation: OPERATIONS.showSegment,
  async run({ segmentId }, ctx) {
    const { getSegment } = await import('../../api/audience.js');
    await runShow(ctx, {
      fields: SEGMENT_FIELDS,
      fetch: (api) => getSegment(api, segmentId),
      // conditions grouped under headings where a person reads them; one row each elsewhere
      sections: (segment, out) => segmentSections(segment, out.format === 'table' && out.isTTY && !out.fields),
    });
  },
});
