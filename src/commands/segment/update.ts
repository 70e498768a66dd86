import { OPERATIONS } from '../../api/operations.js';
import { UsageError } from '../../errors.js';
import { uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { runWrite } from '../runners/write.js';
import { conditionsOf, flagGroups } from '../../api/segment-conditions.js';
import { CONDITIONS_HELP, SEGMENT_ID, SEGMENT_WRITE_FLAGS } from './flags.js';
import { segmentSections } from '../../output/segment-detail.js';
import { SEGMENT_FIELDS } from './show.js';

export default command({
  name: 'update',
  summary: 'update a segment: only the given fields are sent; new conditions replace the old ones',
  description: CONDITIONS_HELP,
  args: { segmentId: arg('id of the segment (a UUID)', { parse: uuid }) },
  flags: { ...SEGMENT_WRITE_FLAGS, allContacts: flag.boolean('lift the list restriction (sends list_id null)') },
  examples: [
    `mailctl segment update ${SEGMENT_ID} --name 'Example.com readers'`,
    `mailctl segment update ${SEGMENT_ID} --where 'status equals subscribed' --dry-run`,
    `mailctl segment update ${SEGMENT_ID} --conditions - --json < conditions.json`,
  ],
  operation: OPERATIONS.updateSegment,
  check(o, order) {
    if (o.list !== undefined && o.allContacts) throw new UsageError('--list and --all-contacts cannot be used together');
    if (o.name === undefined && o.list === undefined && !o.allContacts && !o.where && !o.orGroup && o.conditions === undefined) {
      throw new UsageError('nothing to update: give at least one of --name, --list, --all-contacts, --where, --or-group, --conditions');
    }
    return { ...o, groups: flagGroups(o.where, o.orGroup, order) };
  },
  async run(o, ctx) {
    const { updateSegment } = await import('../../api/audience-admin.js');
    const conditions = await conditionsOf(o, ctx.io.stdin as AsyncIterable<unknown>);
    const body: Record<string, unknown> = {};
    if (o.name !== undefined) body.name = o.name;
    if (o.list !== undefined) body.list_id = o.list;
    if (o.allContacts) body.list_id = null;
    if (conditions) body.conditions = conditions;
    const w = updateSegment(o.segmentId, body);
    await runWrite(ctx, {
      operation: OPERATIONS.updateSegment, action: 'update segments', request: w.request, dryRun: o.dryRun, fields: SEGMENT_FIELDS, send: w.send,
      sections: (s) => segmentSections(s, ctx.output().format === 'table' && ctx.output().isTTY && !ctx.output().fields),
    });
  },
});
