// Seeded campaigns: several in every state of spec 3.1, with coherent times, recipients, stats
// and events. Seeded campaigns keep their state (the `sending` one stays sending); only
// campaigns scheduled through the API are sent by the emulator (see campaign-events.ts).
import { UUID_DRAWS, mix32, uuidFrom, type Rng } from '../prng.js';
import type { Campaign, CampaignEvent, CampaignState } from '../types.js';
import { StatsTally, drawRecipientEvents, recipientEvents, statsOf, type RecipientEventOptions } from './campaign-events.js';
import { MS_PER_DAY, MS_PER_HOUR } from '../../time-units.js';

const NAMES = [
  'Spring sale', 'Product launch', 'Weekly digest', 'Onboarding tips', 'Black Friday',
  'Holiday greetings', 'Feature announcement', 'Customer survey', 'Webinar invite', 'We miss you',
] as const;

export interface CampaignSeedContext {
  rng: Rng;
  now: number;
  brand: string;
  /** addresses campaigns are sent to; padded with extra readers when a campaign needs more */
  audience: readonly string[];
}

function recipientsFor(ctx: CampaignSeedContext, count: number, offset: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const a = ctx.audience.length;
    out.push(k < a ? (ctx.audience[(k + offset) % a] as string) : `reader${k}@example.net`);
  }
  return out;
}

/**
 * A seeded campaign's sending to its first `count` recipients. Most campaigns' events are never
 * read in a run, so they are built when first read: the seeding only draws the numbers they
 * take, for the stats and so that what is seeded after them stays the same, and a copy of the
 * generator replays the same draws into the events.
 */
function sendAll(c: Campaign, ctx: CampaignSeedContext, start: number, count: number, force = false): void {
  const recipients = c.recipients.slice(0, count);
  const total = c.recipients.length;
  const spread = Math.min(30 * 60_000, Math.max(1, ctx.now - start) / 4);
  const each = (send: (email: string, t0: number, opts: RecipientEventOptions) => void): void => {
    for (let k = 0; k < count; k++) {
      const t0 = start + (k / Math.max(1, total)) * spread;
      send(recipients[k] as string, t0, {
        notAfter: ctx.now - 1000,
        engagementWindowMs: Math.max(0, Math.min(2 * MS_PER_DAY, ctx.now - t0 - 120_000)),
        // A few fixed recipients guarantee the rare types exist on the events fixture campaign.
        forceSpamComplaint: force && k % 50 === 7,
        forceUnsubscribe: force && k % 40 === 13,
      });
    }
  };
  const replay = ctx.rng.clone();
  const tally = new StatsTally();
  each((email, t0, opts) =>
    drawRecipientEvents(ctx.rng, t0, opts, (type) => {
      ctx.rng.skip(UUID_DRAWS); // the event's id
      tally.add(type, email);
    }),
  );
  c.stats = tally.stats();
  c.sent_count = c.stats.injections;
  let events: CampaignEvent[] | undefined;
  Object.defineProperty(c, 'events', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (events === undefined) {
        const batch: CampaignEvent[] = [];
        each((email, t0, opts) => batch.push(...recipientEvents(replay, email, t0, opts)));
        // appendEvents into the campaign's empty list: oldest first (its stats were tallied above)
        events = batch.sort((a, b) => a.ts - b.ts);
      }
      return events;
    },
    set: (value: CampaignEvent[]) => {
      events = value;
    },
  });
}

export interface CampaignSpec {
  status: CampaignState;
  index: number;
  recipients?: number;
  sendable?: boolean;
  vanishOnWrite?: boolean;
  name?: string;
  /** make the events rich enough for paging tests (hundreds, all 6.2 types) */
  richEvents?: boolean;
}

export function makeCampaign(ctx: CampaignSeedContext, spec: CampaignSpec): Campaign {
  const { rng, now } = ctx;
  const i = spec.index;
  const base = spec.name ?? `${NAMES[i % NAMES.length]} #${i + 1}`;
  const subject = `${base}: news from ${ctx.brand}`;
  const sendable = spec.sendable ?? true;
  const count = spec.recipients ?? 20 + (mix32(i + 7) % 60);
  const domain = `${ctx.brand.toLowerCase()}.example`;
  const created = now - (i + 2) * 1.7 * MS_PER_DAY - rng.int(MS_PER_HOUR);
  const c: Campaign = {
    id: uuidFrom(rng),
    name: base,
    status: spec.status,
    created_at: created,
    subject: sendable ? subject : null,
    from_email: sendable ? `news@${domain}` : null,
    from_name: sendable ? ctx.brand : null,
    reply_to: sendable ? `support@${domain}` : null,
    html_content: sendable
      ? `<!doctype html><html><body><h1>${subject}</h1><p>Hello {{first_name}},</p><p>${base}.</p>` +
        `<p><a href="https://www.example.com/unsubscribe">Unsubscribe</a></p></body></html>`
      : null,
    scheduled_at: null,
    sent_at: null,
    recipients: recipientsFor(ctx, count, i * 3),
    sent_count: 0,
    stats: statsOf([]),
    events: [],
    vanishOnWrite: spec.vanishOnWrite ?? false,
    dispatch: null,
  };
  switch (spec.status) {
    case 'scheduled':
      c.scheduled_at = now + (i + 3) * MS_PER_DAY; // far enough ahead never to dispatch in a test run
      break;
    case 'preparing':
      c.scheduled_at = now - 5 * 60_000;
      break;
    case 'in_review':
      c.scheduled_at = now + 2 * MS_PER_DAY;
      break;
    case 'sending':
      c.scheduled_at = now - 20 * 60_000;
      sendAll(c, ctx, c.scheduled_at, Math.floor(count / 2));
      break;
    case 'sent': {
      const sentAt = Math.min(now - 3 * MS_PER_HOUR, created + MS_PER_DAY);
      c.scheduled_at = sentAt;
      c.sent_at = sentAt;
      sendAll(c, ctx, sentAt, count, spec.richEvents);
      break;
    }
    case 'failed':
      c.scheduled_at = now - MS_PER_DAY;
      break;
    case 'draft':
      break;
  }
  return c;
}

/** How many seeded campaigns of each state a team of each kind gets. */
export const MAIN_TEAM_CAMPAIGNS: Record<CampaignState, number> = {
  draft: 5, scheduled: 3, preparing: 2, in_review: 2, sending: 2, sent: 9, failed: 2,
};
export const OTHER_TEAM_CAMPAIGNS: Record<CampaignState, number> = {
  draft: 1, scheduled: 1, preparing: 1, in_review: 1, sending: 1, sent: 1, failed: 1,
};
