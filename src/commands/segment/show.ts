import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { segmentSections } from '../../output/segment-detail.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const SEGMENT_FIELDS = [
  'id', 'name', 'list_id', 'list_name', 'condition_groups', 'conditions', 'cached_contacts_count', 'created_at',
] as const;

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
