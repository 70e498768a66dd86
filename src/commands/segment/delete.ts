import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { deleteFlags, runDelete } from '../runners/delete.js';
import { SEGMENT_ID } from './flags.js';

export default command({
  name: 'delete',
  summary: 'delete a segment (the contacts stay)',
  args: { segmentId: arg('id of the segment (a UUID)', { parse: uuid }) },
  flags: { ...deleteFlags },
  examples: [`mailctl segment delete ${SEGMENT_ID}`, `mailctl segment delete ${SEGMENT_ID} --yes --if-exists`, `mailctl segment delete ${SEGMENT_ID} --dry-run`],
  operation: OPERATIONS.deleteSegment,
  async run({ segmentId, yes, ifExists, dryRun }, ctx) {
    const { plain } = await import('../../api/audience-admin.js');
    const { getSegment } = await import('../../api/audience.js');
    const del = plain(OPERATIONS.deleteSegment, [segmentId]);
    await runDelete(ctx, {
      operation: OPERATIONS.deleteSegment, action: 'delete segments', command: 'segment delete', target: `segment ${segmentId}`, id: segmentId,
      request: del.request, dryRun, yes, ifExists,
      loss: async (api) => `"${(await getSegment(api, segmentId)).name ?? ''}"`,
      send: async (api) => void (await del.send(api)),
    });
  },
});
