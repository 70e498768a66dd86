import type { Domain } from '../../api/domains.js';
import { OPERATIONS } from '../../api/operations.js';
import { DOMAIN_FIELDS } from '../../api/vocabulary.js';
import type { ListSpec } from '../../output/types.js';
import { command } from '../define.js';
import { runList, wholeFlags } from '../runners/list.js';

const DOMAIN_LIST: ListSpec<Domain> = {
  columns: [
    // the name is copied into `domain show` and `domain verify`: never cut
    { key: 'domain', header: 'DOMAIN', value: (d) => d.domain, whole: true },
    { key: 'status', header: 'STATUS', value: (d) => d.status, kind: 'status' },
    { key: 'can_send', header: 'CAN SEND', value: (d) => d.can_send, kind: 'bool' },
    { key: 'dkim_status', header: 'DKIM', value: (d) => d.dkim_status ?? 'not checked', kind: 'status', priority: 3 },
    { key: 'cname_status', header: 'CNAME', value: (d) => d.cname_status ?? 'not checked', kind: 'status', priority: 2 },
    { key: 'created_at', header: 'CREATED', value: (d) => d.created_at, kind: 'reltime', priority: 1 },
  ],
  fields: DOMAIN_FIELDS,
};

export default command({
  name: 'list',
  summary: 'list the sending domains of the team with their approval and DNS check status',
  flags: wholeFlags('domains'),
  examples: ['mailctl domain list', 'mailctl domain list --json', 'mailctl domain list --fields domain,status,can_send -o csv'],
  operation: OPERATIONS.listDomains,
  async run(opts, ctx) {
    const { listDomains } = await import('../../api/domains.js');
    await runList(ctx, {
      command: ['domain', 'list'],
      noun: 'domains',
      spec: DOMAIN_LIST,
      operation: OPERATIONS.listDomains,
      all: opts.all,
      limit: opts.limit,
      paging: { style: 'whole', fetch: listDomains },
    });
  },
});
