// Campaign events (spec 2.4, types of 6.2) and the stats derived from them, plus the emulator's
// own sending of a scheduled campaign once its scheduled_at has passed: it moves to sending,
// then sent, its events and stats growing on the way.
import { Rng, hashString, mix32, uuidFrom } from '../prng.js';
import type { Campaign, CampaignEvent, CampaignStats, TeamData } from '../types.js';
import { BOUNCE_CLASSES, LINKS, USER_AGENTS } from './pools.js';
import { MS_PER_HOUR } from '../../time-units.js';

/** How long the emulator takes to send a campaign it dispatches. */
export const SEND_DURATION_MS = 10_000;

export interface RecipientEventOptions {
  /** latest allowed timestamp (no event from the future) */
  notAfter: number;
  /** engagement can trail the delivery by up to this much */
  engagementWindowMs: number;
  forceSpamComplaint?: boolean;
  forceUnsubscribe?: boolean;
}

/** Takes each event of a recipient as it is drawn: the type, its time and the type's own fields. */
export type RecipientEventSink = (type: CampaignEvent['type'], ts: number, extra?: Partial<CampaignEvent>) => void;

/**
 * Draws the events one recipient produces from the moment the campaign reaches it, oldest first,
 * into `sink`. Each event's id is drawn by the sink (uuidFrom, or UUID_DRAWS skipped), right
 * after the event's own draws, so a sink that only counts leaves `rng` where building would.
 */
export function drawRecipientEvents(rng: Rng, t0: number, o: RecipientEventOptions, sink: RecipientEventSink): void {
  const at = (ms: number): number => Math.min(o.notAfter, Math.round(ms));
  sink('injection', at(t0));
  if (rng.chance(0.05) && !o.forceSpamComplaint && !o.forceUnsubscribe) {
    const bc = rng.pick(BOUNCE_CLASSES);
    sink('bounce', at(t0 + 1000 + rng.int(60_000)), { bounce_class: String(bc.code), reason: bc.reason });
    return;
  }
  const delivered = t0 + 500 + rng.int(30_000);
  sink('delivery', at(delivered));
  const agent = rng.pick(USER_AGENTS);
  let last = delivered;
  if (rng.chance(0.45) || o.forceSpamComplaint || o.forceUnsubscribe) {
    last = delivered + 60_000 + rng.float() * o.engagementWindowMs;
    sink('open', at(last), { user_agent: agent });
    if (rng.chance(0.3)) {
      last += rng.int(MS_PER_HOUR);
      sink('open', at(last), { user_agent: agent });
    }
    if (rng.chance(0.35)) {
      last += 5_000 + rng.int(600_000);
      sink('click', at(last), { target_link_url: rng.pick(LINKS), user_agent: agent });
    }
    if (rng.chance(0.02) || o.forceUnsubscribe) sink('list_unsubscribe', at(last + 30_000), { user_agent: agent });
  }
  if (rng.chance(0.005) || o.forceSpamComplaint) sink('spam_complaint', at(last + MS_PER_HOUR));
}

/** The events one recipient produces from the moment the campaign reaches it, oldest first. */
export function recipientEvents(rng: Rng, email: string, t0: number, o: RecipientEventOptions): CampaignEvent[] {
  const out: CampaignEvent[] = [];
  drawRecipientEvents(rng, t0, o, (type, ts, extra) => {
    out.push({ id: uuidFrom(rng), type, email, ts, ...extra });
  });
  return out;
}

/** Counts a campaign's events into its stats, one event at a time. */
export class StatsTally {
  private readonly s: CampaignStats = {
    injections: 0, deliveries: 0, bounces: 0, spam_complaints: 0, opens: 0,
    unique_opens: 0, clicks: 0, unique_clicks: 0, unsubscribes: 0,
  };
  private readonly opened = new Set<string>();
  private readonly clicked = new Set<string>();

  add(type: CampaignEvent['type'], email: string): void {
    const s = this.s;
    if (type === 'injection') s.injections++;
    else if (type === 'delivery') s.deliveries++;
    else if (type === 'bounce') s.bounces++;
    else if (type === 'spam_complaint') s.spam_complaints++;
    else if (type === 'list_unsubscribe') s.unsubscribes++;
    else if (type === 'open') {
      s.opens++;
      this.opened.add(email);
    } else if (type === 'click') {
      s.clicks++;
      this.clicked.add(email);
    }
  }

  stats(): CampaignStats {
    return { ...this.s, unique_opens: this.opened.size, unique_clicks: this.clicked.size };
  }
}

export function statsOf(events: readonly CampaignEvent[]): CampaignStats {
  const tally = new StatsTally();
  for (const e of events) tally.add(e.type, e.email);
  return tally.stats();
}

/** Keeps a campaign's events oldest first when a batch arrives (batches are never older). */
function appendEvents(c: Campaign, batch: CampaignEvent[]): void {
  batch.sort((a, b) => a.ts - b.ts);
  const floor = c.events.length > 0 ? (c.events.at(-1) as CampaignEvent).ts : -Infinity;
  for (const e of batch) c.events.push(e.ts < floor ? { ...e, ts: floor } : e);
  c.stats = statsOf(c.events);
  c.sent_count = c.stats.injections;
}

function dispatchRng(c: Campaign, k: number): Rng {
  return new Rng(mix32(hashString(c.id) + k));
}

/** How long a campaign sent with POST /campaigns/{id}/send stays `preparing` before it starts sending. */
export const PREPARE_MS = 1_000;

/** Receives each batch of events the emulator's sending of a campaign produces. */
export type CampaignSink = (c: Campaign, batch: readonly CampaignEvent[]) => void;

/**
 * Lazily advances campaigns whose scheduled_at has passed (and those sent now, once prepared):
 * called on each request and by a timer with the emulator's clock, so tests with a fake clock
 * see exact, deterministic progress.
 */
export function advanceCampaigns(team: TeamData, now: number, sink?: CampaignSink): void {
  for (const c of team.campaigns.values()) {
    if (c.status === 'scheduled' && c.scheduled_at !== null && c.scheduled_at <= now) {
      c.status = 'sending';
      c.dispatch = { startedAt: c.scheduled_at, emitted: 0 };
    }
    const d = c.dispatch;
    if (d === null || d.startedAt > now) continue;
    if (c.status === 'preparing') c.status = 'sending';
    const total = c.recipients.length;
    const fraction = Math.min(1, (now - d.startedAt) / SEND_DURATION_MS);
    const target = Math.floor(total * fraction);
    const batch: CampaignEvent[] = [];
    for (let k = d.emitted; k < target; k++) {
      const t0 = d.startedAt + (k / Math.max(1, total)) * SEND_DURATION_MS;
      const opts = { notAfter: now, engagementWindowMs: 5_000 };
      batch.push(...recipientEvents(dispatchRng(c, k), c.recipients[k] as string, t0, opts));
    }
    d.emitted = Math.max(d.emitted, target);
    if (batch.length > 0) {
      appendEvents(c, batch);
      sink?.(c, batch);
    }
    if (fraction >= 1) {
      c.status = 'sent';
      c.sent_at = d.startedAt + SEND_DURATION_MS;
      c.dispatch = null;
    }
  }
}

/** When a campaign of the team next needs advancing (a start, or the next recipient of one sending), or Infinity. */
export function nextCampaignDue(team: TeamData, now: number): number {
  let next = Infinity;
  for (const c of team.campaigns.values()) {
    if (c.status === 'scheduled' && c.scheduled_at !== null) next = Math.min(next, c.scheduled_at);
    const d = c.dispatch;
    if (d === null) continue;
    const step = SEND_DURATION_MS / Math.max(1, c.recipients.length);
    next = Math.min(next, Math.max(d.startedAt, now + Math.max(100, step)));
  }
  return next;
}
