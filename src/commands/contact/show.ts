import type { Command } from 'commander';
import * as z from 'zod';
import { getContact, type Contact } from '../../api/audience.js';
import type { Context } from '../../context.js';
import type { DetailSection } from '../../output/detail.js';
import { writeDetail } from '../../output/detail.js';
import { checkFields } from '../../output/fields.js';
import type { Column } from '../../output/types.js';
import { parseInput, uuid } from '../schema.js';
import type { RawInput } from '../verb.js';

const schema = z.object({ args: z.tuple([uuid]) });

export interface Options {
  id: string;
}

export function parse(input: RawInput, cmd: Command): Options {
  return { id: parseInput(schema, input, cmd).args[0] };
}

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

export async function run(opts: Options, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, [], CONTACT_FIELDS);
  const api = await ctx.api();
  const contact = await getContact(api, opts.id);
  await writeDetail(out, contact, contactSections(contact, out.isTTY));
}
