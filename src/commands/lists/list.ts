import { OPERATIONS } from '../../api/operations.js';
import { command } from '../define.js';
import { audiencePageFlags } from './audience-list.js';
import { LIST_LIST } from './shared.js';

export default command({
  name: 'list',
  summary: 'list the audience lists of the team with their contact counts',
  flags: { ...audiencePageFlags('lists') },
  examples: ['mailctl lists list', 'mailctl lists list --all --json', 'mailctl lists list --limit 500 -o csv > lists.csv'],
  operation: OPERATIONS.listLists,
  async run(opts, ctx) {
    const { runAudienceList } = await import('./audience-list.js');
    await runAudienceList(ctx, {
      noun: 'lists', command: ['lists', 'list'], operation: OPERATIONS.listLists, spec: LIST_LIST,
      filters: {}, hintArgs: [], page: opts.page, perPage: opts.perPage, all: opts.all, limit: opts.limit,
    });
  },
});
