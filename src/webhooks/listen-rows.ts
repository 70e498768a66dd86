// What `webhook listen` prints: one row per delivered event, with the delivery's metadata.
// The same object is the NDJSON line and the source of the table's columns.
import { webhookEventName, type ApiEvent } from './format.js';
import type { ReceivedDelivery } from './receiver.js';
import { ttyHeader } from '../output/cells.js';
import { clockTime } from '../output/status-line.js';
import type { Column, ListSpec, OutputTarget } from '../output/types.js';

export interface ListenRow {
  received_at: string;
  delivery: number;
  event_id: string | null;
  /** the webhook event name: message.bounce, engagement.click, ... */
  type: string;
  rcpt_to: string | null;
  transmission_id: string | null;
  auth: ReceivedDelivery['auth'];
  signature: ReceivedDelivery['signature'];
  /** the status answered to the sender */
  status: number;
  /** the same event_id was shown before */
  repeat: boolean;
  forward: { status: number; ms: number; error?: string } | null;
  /** the event in the events API's shape (spec 2.1), as `events list --json` prints it */
  event: ApiEvent;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

const AUTH_MARK: Record<ReceivedDelivery['auth'], string> = { ok: '✔', failed: '✘', none: '-' };

function note(r: ListenRow): string {
  const parts: string[] = [];
  if (r.status !== 200) parts.push(`answered ${r.status}`);
  if (r.repeat) parts.push('repeat');
  if (r.signature === 'failed') parts.push('bad signature');
  if (r.forward) parts.push(r.forward.status ? `app ${r.forward.status} in ${r.forward.ms}ms` : `app unreachable: ${r.forward.error}`);
  return parts.join(', ');
}

const LISTEN_COLUMNS: Column<ListenRow>[] = [
  { key: 'received_at', header: 'TIME', value: (r) => r.received_at, kind: 'time' },
  { key: 'type', header: 'TYPE', value: (r) => r.type, whole: true, expectWidth: 23 },
  { key: 'rcpt_to', header: 'RECIPIENT', value: (r) => r.rcpt_to, whole: true, expectWidth: 24 },
  { key: 'transmission_id', header: 'TRANSMISSION', value: (r) => r.transmission_id, whole: true, expectWidth: 16 },
  { key: 'auth', header: 'AUTH', value: (r) => AUTH_MARK[r.auth], whole: true },
  { key: 'status', header: 'STATUS', value: (r) => r.status },
  { key: 'note', header: 'NOTE', value: note, maxWidth: 60, minWidth: 10, priority: 1, expectWidth: 24 },
];

/**
 * The terminal's columns: the answered status folded into NOTE when it is not 200, so 80 columns
 * go further, and the time of day (a receiver runs for minutes, not days), local or with --utc
 * UTC, the header naming the zone as every time column does ("TIME (UTC+01:00)").
 */
function listenTtyColumns(target: Pick<OutputTarget, 'utc' | 'now'>): Column<ListenRow>[] {
  const header = ttyHeader('TIME', 'time', target);
  const timeOfDay = (r: ListenRow) => clockTime(Date.parse(r.received_at), Boolean(target.utc));
  return LISTEN_COLUMNS.filter((c) => c.key !== 'status').map((c) => (c.key === 'received_at' ? { ...c, header, value: timeOfDay, kind: 'text', whole: true } : c));
}

/** The columns for this target: a terminal table gets the terminal's; a pipe the full ISO time. */
export function listenSpec(target: OutputTarget): ListSpec<ListenRow> {
  return target.format === 'table' && target.isTTY ? { ...LISTEN_SPEC, columns: listenTtyColumns(target) } : LISTEN_SPEC;
}

export const LISTEN_SPEC: ListSpec<ListenRow> = {
  columns: LISTEN_COLUMNS,
  fields: ['received_at', 'delivery', 'event_id', 'type', 'rcpt_to', 'transmission_id', 'auth', 'signature', 'status', 'repeat', 'forward', 'event'],
};

/** The rows of one delivery; `seen` holds the event ids already shown (valid deliveries only add to it). */
export function rowsOf(d: ReceivedDelivery, seen: Set<string>): ListenRow[] {
  return d.events.map((event) => {
    const id = str(event.event_id);
    const repeat = id !== null && seen.has(id);
    if (id !== null && d.valid) seen.add(id);
    return {
      received_at: new Date(d.receivedAt).toISOString(),
      delivery: d.seq,
      event_id: id,
      type: webhookEventName(String(event.type)) ?? String(event.type),
      rcpt_to: str(event.rcpt_to),
      transmission_id: str(event.request_id),
      auth: d.auth,
      signature: d.signature,
      status: d.status,
      repeat,
      forward: d.forward ? { status: d.forward.status, ms: d.forward.ms, ...(d.forward.error ? { error: d.forward.error } : {}) } : null,
      event,
    };
  });
}
