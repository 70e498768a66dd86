import type { AudienceList } from '../../api/audience-admin.js';
import { LIST_FIELDS } from '../../api/vocabulary.js';
import type { DetailSection } from '../../output/detail.js';
import type { ListSpec } from '../../output/types.js';

export const LIST_LIST: ListSpec<AudienceList> = {
  columns: [
    { key: 'id', header: 'ID', value: (l) => l.id, whole: true },
    { key: 'name', header: 'NAME', value: (l) => l.name, maxWidth: 40, minWidth: 12 },
    { key: 'contacts_count', header: 'CONTACTS', value: (l) => l.contacts_count, kind: 'number' },
  ],
  fields: LIST_FIELDS,
};

export function listSections(l: AudienceList): DetailSection[] {
  return [
    {
      fields: [
        { key: 'id', label: 'ID', value: l.id },
        { key: 'name', label: 'Name', value: l.name },
        { key: 'contacts_count', label: 'Contacts', value: l.contacts_count, kind: 'number' },
      ],
    },
  ];
}
