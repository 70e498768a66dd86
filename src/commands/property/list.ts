import type { Property } from '../../api/audience.js';
import { OPERATIONS } from '../../api/operations.js';
import type { ListSpec } from '../../output/types.js';
import { command } from '../define.js';
import { audiencePageFlags } from '../lists/audience-list.js';
import { PROPERTY_FIELDS } from './update.js';

const PROPERTY_LIST: ListSpec<Property> = {
  columns: [
    { key: 'id', header: 'ID', value: (p) => p.id, whole: true },
    { key: 'name', header: 'NAME', value: (p) => p.name, maxWidth: 32, minWidth: 12 },
    { key: 'type', header: 'TYPE', value: (p) => p.type },
    { key: 'fallback_value', header: 'FALLBACK', value: (p) => p.fallback_value, maxWidth: 24, priority: 2 },
    { key: 'created_at', header: 'CREATED', value: (p) => p.created_at, kind: 'time', priority: 1 },
  ],
  fields: PROPERTY_FIELDS,
};

export default command({
  name: 'list',
  summary: 'list the contact properties the team has defined',
  flags: { ...audiencePageFlags('properties') },
  examples: ['mailctl property list', 'mailctl property list --all --json', 'mailctl property list --fields name,type -o csv'],
  operation: OPERATIONS.listProperties,
  async run(opts, ctx) {
    const { runAudienceList } = await import('../lists/audience-list.js');
    await runAudienceList(ctx, {
      noun: 'properties', command: ['property', 'list'], operation: OPERATIONS.listProperties, spec: PROPERTY_LIST,
      filters: {}, hintArgs: [], page: opts.page, perPage: opts.perPage, all: opts.all, limit: opts.limit,
    });
  },
});
