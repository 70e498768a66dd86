import type { Contact } from '../../api/audience.js';
import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import type { DetailSection } from '../../output/detail.js';
import type { Column } from '../../output/types.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const CONTACT_FIELDS = ['id', 'email', 'status', 'created_at', 'properties', 'lists', 'topics'] as const;

type Named = { id: string; name?: string | null };
type Prop = { name: string; value: unknown };

/**
 * On a TTY: the contact's fields, then small tables of properties, lists and
 * topics. In a pipe the table rows carry their kind in the first column
 * (`property<TAB>plan<TAB>pro`, `list<TAB>id<TAB>name`) so they can be told
 * apart with grep or cut.
 */
export function contactSections(c: Contact, isTTY: boolean): DetailSection[] {
  const kind = (k: string): Column<unknown>[] => (isTTY ? [] : [{ key: 'kind', header: 'KIND', value: () => k }]);
  const props: Prop[] = Object.entries(c.properties ?? {}).map(([name, value]) => ({ name, value }));
  const named = (k: string): Column<Named>[] => [
    ...(kind(k) as Column<Named>[]),
    ...(isTTY ? [] : [{ key: 'id', header: 'ID', value: (r: Named) => r.id }]),
    { key: 'name', header: 'NAME', value: (r: Named) => r.name },
    ...(isTTY ? [{ key: 'id', header: 'ID', value: (r: Named) => r.id }] : []),
  ];
  return [
    {
      fields: [
        { key: 'id', label: 'ID', value: c.id },
        { key: 'email', label: 'Email', value: c.email },
        { key: 'status', label: 'Status', value: c.status, kind: 'status' },
        { key: 'created_at', label: 'Created', value: c.created_at, kind: 'time' },
      ],
    },
    {
      title: 'Properties',
      table: {
        columns: [...(kind('property') as Column<Prop>[]), { key: 'name', header: 'NAME', value: (r: Prop) => r.name }, { key: 'value', header: 'VALUE', value: (r: Prop) => r.value }],
        rows: props,
      },
    },
    { title: 'Lists', table: { columns: named('list'), rows: c.lists ?? [] } },
    { title: 'Topics', table: { columns: named('topic'), rows: c.topics ?? [] } },
  ];
}

export default command({
  name: 'show',
  summary: 'show a contact: email, status, created time, properties, lists and topics',
  args: { contactId: arg('id of the contact (a UUID)', { parse: uuid }) },
  examples: [`mailctl contact show ${ID}`, `mailctl contact show ${ID} --json`, `mailctl contact show ${ID} | grep ^list`],
  operation: OPERATIONS.showContact,
  async run({ contactId }, ctx) {
    const { getContact } = await import('../../api/audience.js');
    await runShow(ctx, { fields: CONTACT_FIELDS, fetch: (api) => getContact(api, contactId), sections: (c, out) => contactSections(c, out.isTTY) });
  },
});
