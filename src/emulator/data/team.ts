// Builds a team's whole data set from the seed, and the fixtures (well-known ids) tests use.
import { rngFor } from '../prng.js';
import type { Campaign, CampaignState, Fixtures, TeamData, TeamName } from '../types.js';
import { makeContacts, makeLists, makeProperties, makeSegments, makeTopics, makeWebhooks } from './audience.js';
import { countSegment } from './segment-match.js';
import { MAIN_TEAM_CAMPAIGNS, OTHER_TEAM_CAMPAIGNS, makeCampaign, type CampaignSeedContext } from './campaigns.js';
import { EventLog } from './event-log.js';
import { SUBJECTS } from './pools.js';
import { seedDomains } from './domains.js';
import { makePreflightDrafts, type PreflightFailure } from './preflight.js';
import { seedTemplates } from './templates.js';
import type { SendingState } from '../sending-types.js';
import { MS_PER_DAY, MS_PER_HOUR } from '../../time-units.js';

export interface TeamSizes {
  events: number;
  contacts: number;
  lists: number;
  topics: number;
  properties: number;
  webhooks: number;
}

export const OTHER_TEAM_SIZES: TeamSizes = { events: 300, contacts: 25, lists: 2, topics: 2, properties: 3, webhooks: 2 };

const BRANDS: Record<TeamName, string> = { main: 'Acme', other: 'Globex', free: 'Initech' };
/** The integer team ids of the service (projects' team_id, 2.10). */
const TEAM_IDS: Record<TeamName, number> = { main: 1, other: 2, free: 3 };
/** The free tier's caps (spec 6.3, 10): 100 emails a day, 3,000 a month. */
const FREE_TIER = { daily: 100, monthly: 3_000 };

function makeSending(name: TeamName, brand: string, now: number): SendingState {
  const state: SendingState = {
    teamId: TEAM_IDS[name], domains: new Map(), projects: new Map(), templates: new Map(), scheduled: new Map(),
    outbox: [], campaignTx: new Map(), nextId: 0, instantDns: false,
    quota: name === 'free' ? { dailyLimit: FREE_TIER.daily, monthlyLimit: FREE_TIER.monthly, day: -1, dayUsed: 0, month: -1, monthUsed: 0 } : null,
  };
  seedDomains(state, brand, now);
  seedTemplates(state, brand, now, TEAM_IDS[name] * 10, name === 'main');
  return state;
}

/** Extra addresses beside the contacts, so events also reach people who are not contacts. */
const GUESTS = 60;

export interface BuiltTeam {
  team: TeamData;
  /** the seeded campaign ids by role, for the fixtures */
  roles: {
    byState: Partial<Record<CampaignState, string>>;
    unsendable?: string;
    vanishing?: string;
    rich?: string;
    preflight?: { ready: string; failing: Record<PreflightFailure, string> };
  };
}

export function buildTeam(name: TeamName, seed: number, now: number, sizes: TeamSizes, weights?: readonly number[]): BuiltTeam {
  const brand = BRANDS[name];
  const rng = rngFor(seed, `team:${name}`);
  const lists = makeLists(rng, now, sizes.lists);
  const topics = makeTopics(rng, now, sizes.topics);
  const properties = makeProperties(rng, now, sizes.properties);
  const contacts = makeContacts(rng, now, sizes.contacts, lists, topics, properties);
  const segments = makeSegments(rng, now, lists, contacts);
  const webhooks = makeWebhooks(rng, now, brand, sizes.webhooks);

  const recipients = contacts.map((c) => c.email.toLowerCase());
  for (let g = 0; g < GUESTS; g++) recipients.push(`guest${g + 1}@${g % 2 === 0 ? 'example.org' : 'post.example'}`);
  const events = new EventLog({
    seed,
    team: name,
    recipients,
    subjects: SUBJECTS,
    senders: [`orders@mail.${brand.toLowerCase()}.example`, `hello@mail.${brand.toLowerCase()}.example`],
    senderNames: [`${brand} Orders`, null],
    weights,
  });
  // Inside the default 10-day window with an hour to spare, so a default query made shortly
  // after start sees every seeded event.
  events.generate(sizes.events, now - 10 * MS_PER_DAY + MS_PER_HOUR, now - 1000);

  const ctx: CampaignSeedContext = { rng, now, brand, audience: contacts.map((c) => c.email) };
  const roles: BuiltTeam['roles'] = { byState: {} };
  const campaigns: Campaign[] = [];
  const counts = name === 'main' ? MAIN_TEAM_CAMPAIGNS : OTHER_TEAM_CAMPAIGNS;
  let index = 0;
  for (const [state, n] of Object.entries(counts) as Array<[CampaignState, number]>) {
    for (let k = 0; k < n; k++) {
      const rich = name === 'main' && state === 'sent' && k === 1;
      const c = makeCampaign(ctx, { status: state, index: index++, richEvents: rich, recipients: rich ? 200 : undefined });
      campaigns.push(c);
      roles.byState[state] ??= c.id;
      if (rich) roles.rich = c.id;
    }
  }
  if (name === 'main') {
    const unsendable = makeCampaign(ctx, { status: 'draft', index: index++, sendable: false, name: 'Untitled draft' });
    const vanishing = makeCampaign(ctx, { status: 'draft', index: index++, vanishOnWrite: true, name: 'Draft deleted by a colleague' });
    campaigns.push(unsendable, vanishing);
    roles.unsendable = unsendable.id;
    roles.vanishing = vanishing.id;
    const drafts = makePreflightDrafts(ctx, index);
    campaigns.push(drafts.ready, ...Object.values(drafts.failing));
    roles.preflight = {
      ready: drafts.ready.id,
      failing: Object.fromEntries(Object.entries(drafts.failing).map(([k, c]) => [k, c.id])) as Record<PreflightFailure, string>,
    };
  }

  const team: TeamData = {
    name,
    events,
    campaigns: new Map(campaigns.map((c) => [c.id, c])),
    topics: new Map(topics.map((t) => [t.id, t])),
    contacts: new Map(contacts.map((c) => [c.id, c])),
    lists: new Map(lists.map((l) => [l.id, l])),
    properties: new Map(properties.map((p) => [p.id, p])),
    segments: new Map(segments.map((s) => [s.id, s])),
    webhooks: new Map(webhooks.map((w) => [w.id, w])),
    sending: makeSending(name, brand, now),
  };
  // Counted by the segment's own conditions and list, as a created one is (routes/segments.ts);
  // the one seeded never counted stays null.
  for (const s of segments) if (s.cached_contacts_count !== null) s.cached_contacts_count = countSegment(team, s);
  return { team, roles };
}

/** Newest transmissions with at least two events: good subjects for `email show`. */
function pickRequestIds(log: EventLog, n: number): string[] {
  const out: string[] = [];
  for (let t = log.txCount - 1; t >= 0 && out.length < n; t--) {
    if (log.eventsOfTransmission(t).length >= 2) out.push(log.transmissionId(t));
  }
  return out;
}

export function makeFixtures(main: BuiltTeam, other: BuiltTeam): Fixtures {
  const ids = <T extends { id: string }>(m: Map<string, T>): string[] => [...m.keys()];
  const byState = main.roles.byState as Record<CampaignState, string>;
  return {
    campaigns: { ...byState },
    unsendableDraft: main.roles.unsendable as string,
    vanishingCampaign: main.roles.vanishing as string,
    campaignWithEvents: main.roles.rich as string,
    preflight: main.roles.preflight!,
    contacts: ids(main.team.contacts),
    lists: ids(main.team.lists),
    topics: ids(main.team.topics),
    properties: ids(main.team.properties),
    segments: ids(main.team.segments),
    webhooks: ids(main.team.webhooks),
    requestIds: pickRequestIds(main.team.events, 5),
    otherTeam: {
      campaigns: ids(other.team.campaigns),
      contacts: ids(other.team.contacts),
      webhooks: ids(other.team.webhooks),
      topics: ids(other.team.topics),
    },
    templates: [...main.team.sending.templates.values()].map((t) => t.slug),
    domains: [...main.team.sending.domains.keys()],
    projects: [...main.team.sending.projects.keys()],
  };
}
