// Seeded audience data: lists, topics, properties, contacts and segments, plus webhooks. A few
// records carry the nulls and unusual values service-notes says clients meet in practice (null
// list_id / cached_contacts_count, contact statuses other than subscribed), where the spec allows
// them: a topic's created_at may be null (service-api-rest 2.15), a property's or a segment's may
// not (base 2.8, 2.9 and the vendor's OpenAPI type them as strings).
import { Rng, uuidFrom } from '../prng.js';
import type { Contact, MailingList, Property, Segment, Topic, Webhook } from '../types.js';
import { sharedIds } from './contacts.js';
import { COMPANIES, FIRST_NAMES, LAST_NAMES, RECIPIENT_DOMAINS } from './pools.js';
import { MS_PER_DAY, MS_PER_HOUR } from '../../time-units.js';

const LIST_NAMES = ['Newsletter', 'Customers', 'Beta testers', 'VIP', 'Trial users', 'Churned'];
const TOPICS: Array<[string, string | null, 'public' | 'private']> = [
  ['Product updates', 'New features and improvements', 'public'],
  ['Promotions', 'Offers and discounts', 'public'],
  ['Events', null, 'private'],
  ['Security notices', 'Sign-in alerts and security advisories', 'private'],
];
const PROPERTIES: Array<[string, string | null]> = [
  ['first_name', 'there'],
  ['last_name', null],
  ['company', null],
  ['plan', 'free'],
  ['country', null],
  ['signup_source', 'website'],
];
// The statuses beyond `subscribed` that spec 2.15 allows.
const OTHER_STATUSES = ['unsubscribed', 'bounced', 'complained', 'unverified'];
const PLANS = ['free', 'starter', 'pro', 'enterprise'];
const COUNTRIES = ['FR', 'DE', 'IT', 'ES', 'NL', 'US', 'JP', 'BR'];

export function makeLists(rng: Rng, now: number, count: number): MailingList[] {
  // Past the named lists (bulk tests ask for more than 50), names are numbered.
  const names = Array.from({ length: count }, (_, i) => LIST_NAMES[i] ?? `List ${i + 1}`);
  return names.map((name, i) => ({ id: uuidFrom(rng), name, created_at: now - (200 - i) * MS_PER_DAY }));
}

export function makeTopics(rng: Rng, now: number, count: number): Topic[] {
  return TOPICS.slice(0, count).map(([name, description, visibility], i) => ({
    id: uuidFrom(rng),
    name,
    description,
    default_subscription: 'opt_in',
    visibility,
    created_at: i === 3 ? null : now - (150 - i) * MS_PER_DAY,
  }));
}

export function makeProperties(rng: Rng, now: number, count: number): Property[] {
  return PROPERTIES.slice(0, count).map(([name, fallback], i) => ({
    id: uuidFrom(rng),
    name,
    type: 'string',
    fallback_value: fallback,
    created_at: now - (180 - i) * MS_PER_DAY,
  }));
}

/** Draws which of some ids a contact has (each with chance p, in order) and gives the set of them, one per choice. */
class SetsByChoice {
  private readonly sets = new Map<number, Set<string>>();
  constructor(private readonly ids: readonly string[]) {}

  draw(rng: Rng, p: number): Set<string> {
    const ids = this.ids;
    // past 30 ids a choice does not fit a number's bits: a set of its own, as before
    if (ids.length > 30) return new Set(ids.filter(() => rng.chance(p)));
    let choice = 0;
    for (let k = 0; k < ids.length; k++) if (rng.chance(p)) choice |= 1 << k;
    let set = this.sets.get(choice);
    if (set === undefined) {
      set = sharedIds(ids.filter((_, k) => (choice & (1 << k)) !== 0));
      this.sets.set(choice, set);
    }
    return set;
  }
}

export function makeContacts(
  rng: Rng,
  now: number,
  count: number,
  lists: readonly MailingList[],
  topics: readonly Topic[],
  properties: readonly Property[],
): Contact[] {
  // Only the team's own properties (spec 4.32: every key must be one of them); the draws are
  // made either way, so the rest of the seeded data does not depend on the team's properties.
  const defined = new Set(properties.map((p) => p.name));
  const own = (all: Record<string, string>) => {
    for (const k of Object.keys(all)) if (!defined.has(k)) delete all[k];
    return all;
  };
  // Contacts with the same lists (or topics) share one read-only set until one of them changes
  // (contacts.ts, copy on write): a few dozen sets instead of two per contact.
  const listSets = new SetsByChoice(lists.map((l) => l.id));
  const topicSets = new SetsByChoice(topics.map((t) => t.id));
  const out: Contact[] = [];
  for (let i = 0; i < count; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const domain = rng.pick(RECIPIENT_DOMAINS).name;
    const listIds = listSets.draw(rng, 0.35);
    const topicIds = topicSets.draw(rng, 0.4);
    out.push({
      id: uuidFrom(rng),
      email: `${first}.${last}${i + 1}@${domain}`,
      status: i % 17 === 5 ? (OTHER_STATUSES[(i / 17) % OTHER_STATUSES.length | 0] as string) : 'subscribed',
      properties: own({
        first_name: first.charAt(0).toUpperCase() + first.slice(1),
        last_name: last.charAt(0).toUpperCase() + last.slice(1),
        company: rng.pick(COMPANIES),
        plan: rng.pick(PLANS),
        country: rng.pick(COUNTRIES),
      }),
      created_at: now - rng.int(365) * MS_PER_DAY - rng.int(MS_PER_DAY),
      listIds,
      topicIds,
    });
  }
  // Listings are newest first by insertion (routes/audience-common.ts): the drawn creation times,
  // handed out in ascending order, keep that true of the seeded contacts as of created ones.
  const times = Float64Array.from(out, (c) => c.created_at ?? 0).sort();
  out.forEach((c, i) => { c.created_at = times[i] ?? null; });
  return out;
}

/** The counts are made by buildTeam once the team exists, as a created segment's are (0 here). */
export function makeSegments(rng: Rng, now: number, lists: readonly MailingList[], contacts: readonly Contact[]): Segment[] {
  const first = contacts[0]?.email ?? 'someone@example.com';
  const segs: Array<Omit<Segment, 'id' | 'created_at'>> = [
    {
      name: 'One known reader',
      list_id: lists[0]?.id ?? null,
      condition_groups: [{ conditions: [{ field: 'email', operator: 'equals', value: first }] }],
      cached_contacts_count: 0,
    },
    {
      name: 'Example.com readers or VIP plan',
      list_id: lists[1]?.id ?? null,
      condition_groups: [
        { conditions: [{ field: 'email', operator: 'ends_with', value: '@example.com' }] },
        { conditions: [{ field: 'plan', operator: 'equals', value: 'enterprise' }, { field: 'country', operator: 'equals', value: 'FR' }] },
      ],
      cached_contacts_count: 0,
    },
    {
      name: 'Pro plan',
      list_id: lists[2]?.id ?? null,
      condition_groups: [{ conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] }],
      cached_contacts_count: 0,
    },
    {
      name: 'Legacy import (never counted)',
      list_id: null,
      condition_groups: [{ conditions: [{ field: 'email', operator: 'contains', value: 'legacy' }] }],
      cached_contacts_count: null,
    },
  ];
  return segs.map((s, i) => ({ id: uuidFrom(rng), created_at: now - (90 - i) * MS_PER_DAY, ...s }));
}

export function makeWebhooks(rng: Rng, now: number, brand: string, count: number): Webhook[] {
  const host = `hooks.${brand.toLowerCase()}.example`;
  const all: Webhook[] = [
    {
      id: uuidFrom(rng), name: 'All events to the warehouse', url: `https://${host}/ingest`, enabled: true,
      event_types: null, auth_type: 'none', credentials: {},
      last_successful_at: now - 60_000, last_failure_at: null, last_status: 'success',
    },
    {
      id: uuidFrom(rng), name: 'Bounces to support', url: `https://${host}/bounces`, enabled: true,
      event_types: ['message.bounce', 'message.out_of_band'], auth_type: 'basic',
      credentials: { auth_username: 'support', auth_password: 'seeded-secret-1' },
      last_successful_at: now - MS_PER_HOUR, last_failure_at: now - 2 * MS_PER_DAY, last_status: 'success',
    },
    {
      id: uuidFrom(rng), name: 'Engagement to analytics', url: `https://${host}/engagement`, enabled: false,
      event_types: ['engagement.open', 'engagement.click'], auth_type: 'oauth2',
      credentials: {
        oauth_token_url: `https://auth.${brand.toLowerCase()}.example/token`,
        oauth_client_id: 'analytics', oauth_client_secret: 'seeded-secret-2',
      },
      last_successful_at: null, last_failure_at: now - 5 * 60_000, last_status: 'failure',
    },
  ];
  return all.slice(0, count);
}
