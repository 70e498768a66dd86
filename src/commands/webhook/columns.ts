import type { Webhook } from '../../api/webhooks.js';
import type { DetailSection } from '../../output/detail.js';
import type { Column } from '../../output/types.js';

/** "all" when the webhook has no event filter (null means every event), else the types it receives; nothing when not said. */
const eventTypes = (w: Webhook): string | string[] | undefined => (w.event_types === null ? 'all' : w.event_types);

/** The columns of `webhook list`; keys are the API's field names so --fields can name either. */
export const WEBHOOK_COLUMNS: Column<Webhook>[] = [
  // The id is copied into `webhook set`: never cut. Name and URL share what is left, each
  // keeping a useful width (minWidth) before the least useful columns (priority 1 first) are given up.
  { key: 'id', header: 'ID', value: (w) => w.id, whole: true },
  { key: 'name', header: 'NAME', value: (w) => w.name, maxWidth: 32, minWidth: 20 },
  { key: 'url', header: 'URL', value: (w) => w.url, maxWidth: 48, minWidth: 36 },
  { key: 'enabled', header: 'ENABLED', value: (w) => w.enabled, kind: 'bool', priority: 6 },
  { key: 'event_types', header: 'EVENTS', value: eventTypes, kind: 'list', whole: true, priority: 4 },
  { key: 'auth_type', header: 'AUTH', value: (w) => w.auth_type, whole: true, priority: 2 },
  { key: 'has_auth_credentials', header: 'CREDENTIALS', value: (w) => w.has_auth_credentials, kind: 'bool', priority: 1 },
  { key: 'last_status', header: 'LAST STATUS', value: (w) => w.last_status, kind: 'status' },
  { key: 'last_successful_at', header: 'LAST SUCCESS', value: (w) => w.last_successful_at, kind: 'reltime', priority: 5 },
  { key: 'last_failure_at', header: 'LAST FAILURE', value: (w) => w.last_failure_at, kind: 'reltime', priority: 3 },
];

/** One webhook as `webhook set` prints it: every field, the event types spelt out. */
export function webhookSections(w: Webhook): DetailSection[] {
  return [
    {
      fields: [
        { key: 'id', label: 'ID', value: w.id },
        { key: 'name', label: 'Name', value: w.name },
        { key: 'url', label: 'URL', value: w.url },
        { key: 'enabled', label: 'Enabled', value: w.enabled, kind: 'bool' },
        { key: 'event_types', label: 'Events', value: w.event_types === null ? 'all' : w.event_types?.join(',') },
        { key: 'auth_type', label: 'Auth type', value: w.auth_type },
        { key: 'has_auth_credentials', label: 'Credentials stored', value: w.has_auth_credentials, kind: 'bool' },
        { key: 'last_status', label: 'Last status', value: w.last_status, kind: 'status' },
        { key: 'last_successful_at', label: 'Last success', value: w.last_successful_at, kind: 'time' },
        { key: 'last_failure_at', label: 'Last failure', value: w.last_failure_at, kind: 'time' },
      ],
    },
  ];
}
