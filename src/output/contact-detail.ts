import type { DetailSection } from './detail.js';
import type { Column } from './types.js';

// How a contact reads (`contact show|create|update`).

/** The fields of a contact printed (a Contact of api/audience.ts is one). */
export interface ContactView {
  id: string;
  email?: string | null;
  status?: string | null;
  created_at?: string | null;
  properties?: Record<string, unknown> | null;
  lists?: Named[] | null;
  topics?: Named[] | null;
}

type Named = { id: string; name?: string | null };
type Prop = { name: string; value: unknown };

/**
 * On a TTY: the contact's fields, then small tables of properties, lists and
 * topics. In a pipe the table rows carry their kind in the first column
 * (`property<TAB>plan<TAB>pro`, `list<TAB>id<TAB>name`) so they can be told
 * apart with grep or cut.
 */
export function contactSections(c: ContactView, isTTY: boolean): DetailSection[] {
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
