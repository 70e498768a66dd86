// Helpers for report tests: archives built with issue 18's events schema, and
// the expected counters computed independently of src/report.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { tempDir } from '../helpers/cli.js';

export const ARCHIVE_SCHEMA = `CREATE TABLE events (
  event_id TEXT PRIMARY KEY, type TEXT NOT NULL, timestamp TEXT NOT NULL, timestamp_ms INTEGER NOT NULL,
  request_id TEXT, rcpt_to TEXT, raw_rcpt_to TEXT, recipient_domain TEXT, mailbox_provider TEXT,
  mailbox_provider_region TEXT, subject TEXT, friendly_from TEXT, queue_time INTEGER, bounce_class INTEGER,
  error_code TEXT, reason TEXT, raw TEXT NOT NULL)`;

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

/** Writes events into a fresh archive file and returns its path. */
export function writeArchive(events: ApiEvent[]): string {
  const file = join(tempDir('mailctl-archive-'), 'events.sqlite');
  const db = new Database(file);
  db.exec(ARCHIVE_SCHEMA);
  const insert = db.prepare(
    `INSERT INTO events (event_id, type, timestamp, timestamp_ms, request_id, rcpt_to, recipient_domain, mailbox_provider, bounce_class, raw)
     VALUES (@event_id, @type, @timestamp, @timestamp_ms, @request_id, @rcpt_to, @recipient_domain, @mailbox_provider, @bounce_class, @raw)`,
  );
  db.transaction(() => {
    for (const e of events) {
      insert.run({
        request_id: null, rcpt_to: null, recipient_domain: null, mailbox_provider: null, bounce_class: null,
        ...e, timestamp_ms: Date.parse(e.timestamp), raw: JSON.stringify(e),
      });
    }
  })();
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
    m.set(k, [...(m.get(k) ?? []), e]);
  }
  return m;
}

/** Only the count and rate fields of a report row or totals object. */
export function countsOf(o: Record<string, unknown>): Expected {
  const keys = Object.keys(expectedOf([])) as Array<keyof Expected>;
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as unknown as Expected;
}
