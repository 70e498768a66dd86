import { OPERATIONS } from '../../api/operations.js';
import { UsageError } from '../../errors.js';
import { command } from '../define.js';
import { runWrite } from '../runners/write.js';
import { conditionsOf, flagGroups } from '../../api/segment-conditions.js';
import { CONDITIONS_HELP, SEGMENT_WRITE_FLAGS } from './flags.js';
import { segmentSections } from '../../output/segment-detail.js';
import { SEGMENT_FIELDS } from './show.js';

export default command({
  name: 'create',
  summary: 'create a segment from conditions; prints the new segment and its id',
  description: CONDITIONS_HELP,
  flags: { ...SEGMENT_WRITE_FLAGS, name: SEGMENT_WRITE_FLAGS.name.required() },
  examples: [
    "mailctl segment create --name 'Example.com' --where 'email ends_with @example.com'",
    "mailctl segment create --name 'Paying' --where 'status equals subscribed' --or-group --where 'properties.plan equals pro' --where 'properties.plan equals team'",
    'mailctl segment create --name VIP --conditions vip.json --dry-run',
  ],
  operation: OPERATIONS.createSegment,
  check(o, order) {
    if (!o.where && !o.orGroup && o.conditions === undefined) throw new UsageError('no conditions: give --where, --or-group or --conditions FILE');
    return { ...o, groups: flagGroups(o.where, o.orGroup, order) };
  },
  async run(o, ctx) {
    const { createSegment } = await import('../../api/audience-admin.js');
    const conditions = await conditionsOf(o, ctx.io.stdin as AsyncIterable<unknown>);
    const body: Record<string, unknown> = { name: o.name };
    if (o.list !== undefined) body.list_id = o.list;
    body.conditions = conditions;
    const w = createSegment(body);
    await runWrite(ctx, {
      operation: OPERATIONS.createSegment, action: 'create segments', request: w.request, dryRun: o.dryRun, fields: SEGMENT_FIELDS, send: w.send,
      sections: (s) => segmentSections(s, ctx.output().format === 'table' && ctx.output().isTTY && !ctx.output().fields),
    });
  },
});

