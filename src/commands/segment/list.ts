import type { Segment } from '../../api/audience.js';
import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import type { ListSpec } from '../../output/types.js';
import { command, flag } from '../define.js';
import { audiencePageFlags } from '../lists/audience-list.js';
import { conditionsText } from '../../output/segment-detail.js';
import { SEGMENT_FIELDS } from './show.js';

type Group = Parameters<typeof conditionsText>[0][number];

const SEGMENT_LIST: ListSpec<Segment> = {
  columns: [
    { key: 'id', header: 'ID', value: (s) => s.id, whole: true },
    { key: 'name', header: 'NAME', value: (s) => s.name, maxWidth: 32, minWidth: 12 },
    { key: 'list_name', header: 'LIST', value: (s) => s.list_name, maxWidth: 24, priority: 3 },
    { key: 'cached_contacts_count', header: 'CONTACTS', value: (s) => s.cached_contacts_count, kind: 'number', priority: 4 },
    { key: 'conditions', header: 'CONDITIONS', value: (s) => conditionsText((s.condition_groups ?? []) as Group[]), maxWidth: 48, priority: 2 },
    { key: 'created_at', header: 'CREATED', value: (s) => s.created_at, kind: 'time', priority: 1 },
    { key: 'list_id', header: 'LIST ID', value: (s) => s.list_id, priority: 0 },
  ],
  fields: SEGMENT_FIELDS,
};

export default command({
  name: 'list',
  summary: 'list the segments of the team with their cached contact counts',
  flags: {
    list: flag.string('only segments restricted to this list (a UUID)', { value: 'id', parse: uuid }),
    ...audiencePageFlags('segments'),
  },
  examples: ['mailctl segment list', 'mailctl segment list --list 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a --json', 'mailctl segment list --all -o csv > segments.csv'],
  operation: OPERATIONS.listSegments,
  async run(opts, ctx) {
    const { runAudienceList } = await import('../lists/audience-list.js');
    await runAudienceList(ctx, {
      noun: 'segments', command: ['segment', 'list'], operation: OPERATIONS.listSegments, spec: SEGMENT_LIST,
      filters: { list_id: opts.list }, hintArgs: opts.list ? ['--list', opts.list] : [],
      page: opts.page, perPage: opts.perPage, all: opts.all, limit: opts.limit,
    });
  },
});
