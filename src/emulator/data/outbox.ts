// Time moves for what is sent through the API: an email (sent now or at its scheduled time) or a
// campaign the emulator sends becomes email events in the team's log — injection, then delivery
// or a bounce a few seconds later, then opens and clicks for some — visible to GET /emails,
// GET /emails/events, GET /emails/{id} and the webhook deliveries. Events wait in the team's
// outbox until the emulator's clock reaches them (each request and a timer move it).
import { Rng, hashString, mix32 } from '../prng.js';
import type { PendingEvent } from '../sending-types.js';
import type { CampaignEvent, TeamData } from '../types.js';
import type { SentInfo } from './event-log.js';
import { EMAIL_EVENT_TYPES, code, type EmailEventType } from './event-scripts.js';
import type { EventLog } from './event-log.js';
import { BOUNCE_CLASSES } from './pools.js';

function insert(outbox: PendingEvent[], e: PendingEvent): void {
  let i = outbox.length;
  while (i > 0 && (outbox[i - 1] as PendingEvent).ts > e.ts) i--;
  outbox.splice(i, 0, e);
}

/** Addresses that cannot receive mail (a reserved top-level domain) are rejected, not sent. */
export function isUndeliverable(address: string): boolean {
  return /\.(invalid|test)$/i.test(address);
}

/** The vendor's hard bounce classes (service-notes, "Deliverability thresholds"). */
const HARD_BOUNCE_CLASSES: ReadonlySet<number> = new Set([10, 30, 100]);

/** Recipients of the hard bounces of a log, read up to `upTo` (the log only grows). */
const suppressions = new WeakMap<EventLog, { upTo: number; rcpts: Set<number> }>();

/**
 * Has this address hard-bounced (a bounce of class 10, 30 or 100 in the team's events)? The
 * service suppresses such addresses: they are not mailed again (service-notes), and a send
 * counts them as `rejected` (service-api-rest 2.1: "for example suppressed or invalid addresses").
 */
export function isSuppressed(log: EventLog, address: string): boolean {
  let s = suppressions.get(log);
  if (!s) suppressions.set(log, (s = { upTo: 0, rcpts: new Set() }));
  for (let i = s.upTo; i < log.length; i++) {
    const b = log.bounce[i] as number;
    if (b > 0 && HARD_BOUNCE_CLASSES.has((BOUNCE_CLASSES[b - 1] as (typeof BOUNCE_CLASSES)[number]).code)) s.rcpts.add(log.rcptOf(i));
  }
  s.upTo = log.length;
  const id = log.recipientIndex.get(address.toLowerCase());
  return id !== undefined && s.rcpts.has(id);
}

/**
 * Records an email: a transmission in the log, and the events of each recipient from `at` on.
 * Returns the transmission index.
 */
export function recordSend(team: TeamData, info: SentInfo, at: number): number {
  const log = team.events;
  const t = log.openTransmission(info);
  const outbox = team.sending.outbox;
  info.recipients.forEach((address, k) => {
    const rng = new Rng(mix32(hashString(log.transmissionId(t)) + k));
    const rcpt = log.recipientId(address);
    const ev = (type: EmailEventType, ts: number, bounce = 0) => insert(outbox, { ts: Math.round(ts), tx: t, code: code(type), bounce, rcpt });
    const t0 = at;
    ev('injection', t0);
    if (rng.chance(0.05)) {
      ev('bounce', t0 + 1000 + rng.int(2000), 1 + rng.int(BOUNCE_CLASSES.length));
      return;
    }
    const delivered = t0 + 1000 + rng.int(2000);
    ev('delivery', delivered);
    if (info.options?.open_tracking === false || !rng.chance(0.5)) return;
    const opened = delivered + 3000 + rng.int(30_000);
    ev('initial_open', opened);
    ev('open', opened);
    if (info.options?.click_tracking !== false && rng.chance(0.4)) ev('click', opened + 2000 + rng.int(20_000));
  });
  return t;
}

const CAMPAIGN_TO_EMAIL: Record<CampaignEvent['type'], EmailEventType> = {
  injection: 'injection', delivery: 'delivery', bounce: 'bounce', spam_complaint: 'spam_complaint',
  open: 'open', click: 'click', list_unsubscribe: 'list_unsubscribe',
};

/** A campaign's new events, also as account-wide email events of the campaign's transmission. */
export function mirrorCampaignEvents(team: TeamData, campaignId: string, info: () => SentInfo, batch: readonly CampaignEvent[]): void {
  const state = team.sending;
  const log = team.events;
  let t = state.campaignTx.get(campaignId);
  if (t === undefined) state.campaignTx.set(campaignId, (t = log.openTransmission(info())));
  const opened = new Set<number>();
  for (let i = log.txLast[t] as number; i >= 0; i = log.prevOfTx[i] as number) {
    if (EMAIL_EVENT_TYPES[log.type[i] as number] === 'initial_open') opened.add(log.rcptOf(i));
  }
  for (const e of batch) {
    const rcpt = log.recipientId(e.email);
    const bounce = e.bounce_class === undefined ? 0 : 1 + BOUNCE_CLASSES.findIndex((b) => String(b.code) === e.bounce_class);
    if (e.type === 'open' && !opened.has(rcpt)) {
      opened.add(rcpt);
      insert(state.outbox, { ts: e.ts, tx: t, code: code('initial_open'), bounce: 0, rcpt });
    }
    insert(state.outbox, { ts: e.ts, tx: t, code: code(CAMPAIGN_TO_EMAIL[e.type]), bounce: Math.max(0, bounce), rcpt });
  }
}

/** Appends the outbox events due by `now` to the log, oldest first. */
export function flushOutbox(team: TeamData, now: number): void {
  const outbox = team.sending.outbox;
  let n = 0;
  while (n < outbox.length && (outbox[n] as PendingEvent).ts <= now) n++;
  if (n === 0) return;
  for (const e of outbox.splice(0, n)) team.events.push(e.tx, e.code, e.ts, e.bounce, e.rcpt);
}

/** Drops the pending events of a cancelled transmission. */
export function cancelPending(team: TeamData, tx: number): void {
  const outbox = team.sending.outbox;
  for (let i = outbox.length - 1; i >= 0; i--) if ((outbox[i] as PendingEvent).tx === tx) outbox.splice(i, 1);
}

/** When the next outbox event is due, or Infinity. */
export function nextPending(team: TeamData): number {
  return team.sending.outbox[0]?.ts ?? Infinity;
}
