import { OPERATIONS } from '../../api/operations.js';
import { CONTACT_STATUSES, NAME_MAX } from '../../api/vocabulary.js';
import { text, uuid } from '../../input/values.js';
import { command, flag } from '../define.js';
import { audiencePageFlags } from '../lists/audience-list.js';
import { CONTACT_LIST } from './shared.js';

export default command({
  name: 'list',
  summary: 'list contacts, optionally by search, status, list or segment',
  flags: {
    search: flag.string('only contacts whose address contains this (1 to 255 characters)', { value: 'text', parse: text(NAME_MAX) }),
    status: flag.enum(CONTACT_STATUSES, 'only contacts in this state', 'state'),
    list: flag.string('only contacts in this list (a UUID)', { value: 'id', parse: uuid }),
    segment: flag.string('only contacts matching this segment (a UUID)', { value: 'id', parse: uuid }),
    ...audiencePageFlags('contacts'),
  },
  examples: [
    'mailctl contact list --status subscribed',
    'mailctl contact list --list 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a --all -o csv > members.csv',
    'mailctl contact list --search example.com --limit 50 --json',
  ],
  operation: OPERATIONS.listContacts,
  async run(o, ctx) {
    const { runAudienceList } = await import('../lists/audience-list.js');
    const filters = { search: o.search, status: o.status, list_id: o.list, segment_id: o.segment };
    const hintArgs = [
      ...(o.search !== undefined ? ['--search', o.search] : []),
      ...(o.status ? ['--status', o.status] : []),
      ...(o.list ? ['--list', o.list] : []),
      ...(o.segment ? ['--segment', o.segment] : []),
    ];
    await runAudienceList(ctx, {
      noun: 'contacts', command: ['contact', 'list'], operation: OPERATIONS.listContacts, spec: CONTACT_LIST,
      filters, hintArgs, page: o.page, perPage: o.perPage, all: o.all, limit: o.limit,
      empty: hintArgs.length > 0 ? 'no contacts match' : 'no contacts',
    });
  },
});
