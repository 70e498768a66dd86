// The contact store behind every audience operation: creating, finding by address, deleting, and
// changing a contact's lists and topics, so that a contact created by one operation is what the
// others see (spec 4.31 to 4.39 and the base spec's 4.9, 4.12, 4.13).
//
// Memory: `contact import` sends a million addresses in 1,000 requests, and each created contact
// stays in memory. A contact made by a bulk request shares its batch's list set, topic set and
// properties object with the rest of the batch instead of owning three empty or identical
// objects; the first change to one of them gives that contact its own copy (copy on write), so
// a shared object is never changed in place. Every membership change goes through `ownListIds`
// and `ownTopicIds`.
import { hashString, rngFor, type Rng } from '../prng.js';
import type { Contact, TeamData } from '../types.js';

/** A set that cannot change: what contacts of one batch share until one of them changes. */
class SharedSet extends Set<string> {
  private sealed = false;
  constructor(items: Iterable<string> = []) {
    super(items);
    this.sealed = true;
  }
  override add(value: string): this {
    if (this.sealed) throw new Error('a shared set is read-only: take the contact\'s own copy first');
    return super.add(value);
  }
  override delete(): boolean {
    throw new Error('a shared set is read-only: take the contact\'s own copy first');
  }
  override clear(): void {
    throw new Error('a shared set is read-only: take the contact\'s own copy first');
  }
}

const NO_IDS = new SharedSet();
const NO_PROPERTIES: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** The contact's list ids, as a set it owns and may change. */
export function ownListIds(c: Contact): Set<string> {
  if (c.listIds instanceof SharedSet) c.listIds = new Set(c.listIds);
  return c.listIds;
}

/** The contact's topic ids, as a set it owns and may change. */
export function ownTopicIds(c: Contact): Set<string> {
  if (c.topicIds instanceof SharedSet) c.topicIds = new Set(c.topicIds);
  return c.topicIds;
}

/** A set of ids to share between the contacts of one request (the empty one when there is none). */
export function sharedIds(ids: Iterable<string>): Set<string> {
  const s = new SharedSet(ids);
  return s.size === 0 ? NO_IDS : s;
}

/** Properties to share between the contacts of one request; changed only by replacing the object. */
export function sharedProperties(props: Record<string, string> | null | undefined): Record<string, string> {
  return props && Object.keys(props).length > 0 ? (Object.freeze({ ...props }) as Record<string, string>) : NO_PROPERTIES;
}

interface AudienceIndex {
  /** lower-cased address → contact */
  byEmail: Map<string, Contact>;
  /** team.contacts.size when the index was last known to match it */
  size: number;
  ids: Rng;
}

const indexes = new WeakMap<TeamData, AudienceIndex>();

function index(team: TeamData): AudienceIndex {
  let ix = indexes.get(team);
  if (!ix) {
    // Ids of created records are deterministic for a given seed: the stream is named after the
    // team's first seeded contact or list, which the seed decides.
    const anchor = team.contacts.keys().next().value ?? team.lists.keys().next().value ?? team.name;
    ix = { byEmail: new Map(), size: -1, ids: rngFor(hashString(anchor), `created:${team.name}`) };
    indexes.set(team, ix);
  }
  // Contacts added or removed without this module (tests may edit the store) make it rebuild.
  if (ix.size !== team.contacts.size) {
    ix.byEmail.clear();
    for (const c of team.contacts.values()) ix.byEmail.set(c.email.toLowerCase(), c);
    ix.size = team.contacts.size;
  }
  return ix;
}

const HEX = '0123456789abcdef';
const idBytes = Buffer.alloc(36);

/**
 * A version 4 UUID for a record created through the API, from the team's own stream. Written
 * into bytes and decoded once: a string built by concatenation stays a tree of pieces several
 * times the size of its 36 characters, and a million imported contacts each keep one.
 */
export function newId(team: TeamData): string {
  const rng = index(team).ids;
  let pos = 0;
  for (let w = 0; w < 4; w++) {
    let word = rng.next();
    for (let k = 0; k < 8; k++) {
      if (pos === 8 || pos === 13 || pos === 18 || pos === 23) idBytes[pos++] = 45; // '-'
      let digit = word & 15;
      word >>>= 4;
      if (pos === 14) digit = 4; // version 4
      if (pos === 19) digit = 8 + (digit & 3); // RFC 4122 variant
      idBytes[pos++] = HEX.charCodeAt(digit);
    }
  }
  return idBytes.toString('latin1');
}

export function contactByEmail(team: TeamData, email: string): Contact | undefined {
  return index(team).byEmail.get(email.toLowerCase());
}

export interface NewContact {
  email: string;
  status: string;
  properties: Record<string, string>;
  listIds: Set<string>;
  topicIds: Set<string>;
  now: number;
}

export function addContact(team: TeamData, n: NewContact): Contact {
  const ix = index(team);
  const c: Contact = {
    id: newId(team),
    email: n.email,
    status: n.status,
    properties: n.properties,
    created_at: n.now,
    listIds: n.listIds,
    topicIds: n.topicIds,
  };
  team.contacts.set(c.id, c);
  ix.byEmail.set(c.email.toLowerCase(), c);
  ix.size = team.contacts.size;
  return c;
}

export function removeContact(team: TeamData, c: Contact): void {
  const ix = index(team);
  team.contacts.delete(c.id);
  if (ix.byEmail.get(c.email.toLowerCase()) === c) ix.byEmail.delete(c.email.toLowerCase());
  ix.size = team.contacts.size;
}

export function changeEmail(team: TeamData, c: Contact, email: string): void {
  const ix = index(team);
  if (ix.byEmail.get(c.email.toLowerCase()) === c) ix.byEmail.delete(c.email.toLowerCase());
  c.email = email;
  ix.byEmail.set(email.toLowerCase(), c);
}

/** Topics a new contact joins on its own: the `opt_out` ones (spec 11 item 17: [OAS] semantics). */
export function defaultTopicIds(team: TeamData): string[] {
  const out: string[] = [];
  for (const t of team.topics.values()) if (t.default_subscription === 'opt_out') out.push(t.id);
  return out;
}

/** Forgets a deleted list or topic in every contact that had it. */
export function forgetMembership(team: TeamData, kind: 'list' | 'topic', id: string): void {
  for (const c of team.contacts.values()) {
    if (kind === 'list' ? c.listIds.has(id) : c.topicIds.has(id)) {
      (kind === 'list' ? ownListIds(c) : ownTopicIds(c)).delete(id);
    }
  }
}

/** How many contacts each of the given lists (or topics) has, in one pass over the contacts. */
export function memberCounts(team: TeamData, kind: 'list' | 'topic', ids: readonly string[]): Map<string, number> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  for (const c of team.contacts.values()) {
    const set = kind === 'list' ? c.listIds : c.topicIds;
    if (set.size === 0) continue;
    for (const id of set) {
      const n = counts.get(id);
      if (n !== undefined) counts.set(id, n + 1);
    }
  }
  return counts;
}
