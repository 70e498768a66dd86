import type { Webhook } from '../../api/webhooks.js';
import type { DetailSection } from '../../output/detail.js';
import { ttyCell } from '../../output/cells.js';
import type { Column } from '../../output/types.js';

/** "all" when the webhook has no event filter (null means every event), else how many types it receives. */
function eventCount(w: Webhook): string | number {
  return w.event_types === null ? 'all' : w.event_types.length;
}

/** The columns of `webhook list`; keys are the API's field names so --fields can name either. */
export const WEBHOOK_COLUMNS: Column<Webhook>[] = [
  { key: 'id', header: 'ID', value: (w) => w.id },
  { key: 'name', header: 'NAME', value: (w) => w.name, maxWidth: 32 },
  { key: 'url', header: 'URL', value: (w) => w.url, maxWidth: 48 },
  { key: 'enabled', header: 'ENABLED', value: (w) => w.enabled, kind: 'bool' },
  { key: 'event_types', header: 'EVENTS', value: eventCount },
  { key: 'auth_type', header: 'AUTH', value: (w) => w.auth_type },
  { key: 'has_auth_credentials', header: 'CREDENTIALS', value: (w) => w.has_auth_credentials, kind: 'bool' },
  { key: 'last_status', header: 'LAST STATUS', value: (w) => w.last_status, kind: 'status' },
  { key: 'last_successful_at', header: 'LAST SUCCESS', value: (w) => w.last_successful_at, kind: 'reltime' },
  { key: 'last_failure_at', header: 'LAST FAILURE', value: (w) => w.last_failure_at, kind: 'reltime' },
];

/** One webhook as `webhook set` prints it: every field, the event types spelt out. */
export function webhookSections(w: Webhook): DetailSection[] {
  return [
    {
      fields: [
        { key: 'id', label: 'id', value: w.id },
        { key: 'name', label: 'name', value: w.name },
        { key: 'url', label: 'url', value: w.url },
        { key: 'enabled', label: 'enabled', value: w.enabled, kind: 'bool' },
        { key: 'event_types', label: 'events', value: w.event_types === null ? 'all' : w.event_types.join(',') },
        { key: 'auth_type', label: 'auth type', value: w.auth_type },
        { key: 'has_auth_credentials', label: 'credentials stored', value: w.has_auth_credentials, kind: 'bool' },
        { key: 'last_status', label: 'last status', value: w.last_status, kind: 'status' },
        { key: 'last_successful_at', label: 'last success', value: w.last_successful_at, kind: 'time' },
        { key: 'last_failure_at', label: 'last failure', value: w.last_failure_at, kind: 'time' },
      ],
    },
  ];
}

const GAP = 2;
/** Least useful first: given up, in this order, when the terminal is too narrow. */
const DROP_ORDER = ['has_auth_credentials', 'auth_type', 'last_failure_at', 'event_types', 'last_successful_at', 'enabled'];
/** Text columns that share the width left over (truncated with "…"), and the width each should get before a column is dropped. */
const FLEX_MIN: Record<string, number> = { name: 20, url: 36 };
/** Below this a flex column is useless; narrower still, the renderer has to cut the id too. */
const HARD_MIN = 8;

/**
 * The columns of a TTY table for this terminal width and these rows. The table
 * renderer shrinks the widest column first, which would cut the ids people
 * copy into `webhook set`; instead drop the least useful columns until the
 * name and the URL get a useful width, then let them share what is left (the
 * name at most 40% of it unless the URL needs less).
 */
export function fitWebhookColumns(columns: Column<Webhook>[], rows: readonly Webhook[], width: number, now: number): Column<Webhook>[] {
  const natural = (c: Column<Webhook>) => Math.max(c.header.length, ...rows.map((r) => ttyCell(c.value(r), c.kind, now).length));
  const isFlex = (c: Column<Webhook>) => c.key in FLEX_MIN;
  let kept = [...columns];
  const fixed = () => kept.filter((c) => !isFlex(c)).reduce((sum, c) => sum + natural(c) + GAP, 0);
  const flexNeed = () => kept.filter(isFlex).reduce((sum, c) => sum + Math.min(natural(c), FLEX_MIN[c.key]!) + GAP, 0);
  for (const key of DROP_ORDER) {
    if (width - fixed() >= flexNeed()) break;
    kept = kept.filter((c) => c.key !== key);
  }
  const name = kept.find((c) => c.key === 'name');
  const url = kept.find((c) => c.key === 'url');
  if (!name || !url) return kept; // --fields is not fitted; the default columns always have both
  const avail = width - fixed() - 2 * GAP;
  const [nameNatural, urlNatural] = [natural(name), natural(url)];
  let nameWidth = nameNatural;
  let urlWidth = urlNatural;
  if (nameNatural + urlNatural > avail) {
    nameWidth = Math.max(HARD_MIN, Math.min(nameNatural, Math.max(Math.floor(avail * 0.4), avail - urlNatural)));
    urlWidth = Math.max(HARD_MIN, avail - nameWidth);
  }
  return kept.map((c) => (c === name ? { ...c, maxWidth: nameWidth } : c === url ? { ...c, maxWidth: urlWidth } : c));
}
