import type { Contact } from '../../api/audience.js';
import type { ListSpec } from '../../output/types.js';
import { CONTACT_FIELDS } from './show.js';

export const CONTACT_ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const CONTACT_LIST: ListSpec<Contact> = {
  columns: [
    { key: 'id', header: 'ID', value: (c) => c.id, whole: true },
    { key: 'email', header: 'EMAIL', value: (c) => c.email, whole: true },
    { key: 'status', header: 'STATUS', value: (c) => c.status, kind: 'status' },
    { key: 'lists', header: 'LISTS', value: (c) => (c.lists ?? []).map((l) => l.name ?? l.id).join(', '), maxWidth: 30, priority: 2 },
    { key: 'topics', header: 'TOPICS', value: (c) => (c.topics ?? []).map((t) => t.name ?? t.id).join(', '), maxWidth: 30, priority: 1 },
    { key: 'created_at', header: 'CREATED', value: (c) => c.created_at, kind: 'time', priority: 3 },
  ],
  fields: CONTACT_FIELDS,
};

