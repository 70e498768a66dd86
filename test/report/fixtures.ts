// Helpers for report tests: archives written through the archive's own opener
// and writer (schema, version and rows as `events sync` leaves them), and the expected counters
// computed independently of src/report.
import { join } from 'node:path';
import type { EmailEvent } from '../../src/api/emails.js';
import { openArchive } from '../../src/archive/open.js';
import { eventWriter } from '../../src/archive/store.js';
import { dropIndexes, ensureIndexes } from '../../src/archive/indexes.js';
import { tempDir } from '../helpers/cli.js';
import '../helpers/context.js'; // archives written here do not wait for the disk either (waitForDisk)

export interface ApiEvent {
  event_id: string;
  type: string;
  timestamp: string;
  request_id?: string;
  rcpt_to?: string;
  recipient_domain?: string;
  mailbox_provider?: string;
  bounce_class?: number;
}

/**
 * Writes events into a fresh archive file and returns its path. As `events sync`
 * writes a run bigger than the archive: without the indexes, built once at the end.
 */
export function writeArchive(events: ApiEvent[]): string {
  const file = join(tempDir('mailctl-archive-'), 'events.sqlite');
  const db = openArchive(file);
  const { storePage } = eventWriter(db);
  db.transaction(() => {
    dropIndexes(db);
    storePage(events as EmailEvent[]);
  })();
  ensureIndexes(db);
  db.close();
  return file;
}

export interface Expected {
  events: number; injections: number; deliveries: number; bounces: number; hard_bounces: number; soft_bounces: number;
  complaints: number; opens: number; clicks: number; unsubscribes: number;
  bounce_rate: number | null; complaint_rate: number | null; open_rate: number | null; click_rate: number | null;
}

const HARD = [10, 30, 100];
const SOFT = [20, 21, 22, 25, 40, 50, 51, 52, 70];

/** service-notes.md's definitions, written out again here so the test does not trust src/report. */
export function expectedOf(events: ApiEvent[]): Expected {
  const is = (...types: string[]) => events.filter((e) => types.includes(e.type));
  const bounces = is('bounce', 'out_of_band');
  const clicks = new Set(is('click').map((e) => `${e.request_id}|${e.rcpt_to}`)).size;
  const injections = is('injection').length;
  const deliveries = is('delivery').length;
  const pct = (a: number, b: number) => (b > 0 ? (a / b) * 100 : null);
  return {
    events: events.length,
    injections,
    deliveries,
    bounces: bounces.length,
    hard_bounces: bounces.filter((e) => HARD.includes(e.bounce_class ?? -1)).length,
    soft_bounces: bounces.filter((e) => SOFT.includes(e.bounce_class ?? -1)).length,
    complaints: is('spam_complaint').length,
    opens: is('initial_open').length,
    clicks,
    unsubscribes: is('list_unsubscribe', 'link_unsubscribe').length,
    bounce_rate: pct(bounces.length, injections),
    complaint_rate: pct(is('spam_complaint').length, deliveries),
    open_rate: pct(is('initial_open').length, deliveries),
    click_rate: pct(clicks, deliveries),
  };
}

/** The key an event has under each --by, as cli.md describes the breakdowns. */
export function keyOf(by: string, e: ApiEvent): string {
  switch (by) {
    case 'day': return e.timestamp.slice(0, 10);
    case 'hour': return e.timestamp.slice(0, 13);
    case 'type': return e.type;
    case 'domain': return e.recipient_domain ?? '-';
    case 'provider': return e.mailbox_provider ?? '-';
    default: return e.bounce_class === undefined ? '-' : String(e.bounce_class);
  }
}

export function groupBy(by: string, events: ApiEvent[]): Map<string, ApiEvent[]> {
  const m = new Map<string, ApiEvent[]>();
  for (const e of events) {
    const k = keyOf(by, e);
    const group = m.get(k);
    if (group) group.push(e);
    else m.set(k, [e]);
  }
  return m;
}

/** Only the count and rate fields of a report row or totals object. */
export function countsOf(o: Record<string, unknown>): Expected {
  const keys = Object.keys(expectedOf([])) as Array<keyof Expected>;
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as unknown as Expected;
}
