import { hash64 } from '../hash.js';
import { bouncePart, verdictOf, type Signal, type Verdict } from './thresholds.js';

// Counters of one bucket of the report (a day, an hour, a domain...), and the
// rates and verdicts derived from them. Only numbers are kept per event, so a
// pass over 200,000 events holds as much as a pass over 20,000, with one
// exception the vendor's definition forces: clicks count distinct
// (request_id, rcpt_to) pairs, kept as 52-bit hashes (a number each).

export interface Counts {
  /** Every event of the bucket, of any type. */
  events: number;
  injections: number;
  deliveries: number;
  /** bounce + out_of_band events (the vendor's bounce rate numerator) */
  bounces: number;
  hard_bounces: number;
  /** the vendor's soft classes, blocks (50-52) included */
  soft_bounces: number;
  /** classes 50, 51, 52: part of soft_bounces, shown on their own */
  block_bounces: number;
  /** class 1 */
  undetermined_bounces: number;
  /** the rest: auto-reply (60), classes outside the vendor's table, no class; hard + soft + undetermined + other = bounces */
  other_bounces: number;
  complaints: number;
  /** initial_open events (one per opened email) */
  opens: number;
  /** distinct (request_id, rcpt_to) pairs with a click event */
  clicks: number;
  /** list_unsubscribe + link_unsubscribe */
  unsubscribes: number;
}

export interface Rates {
  bounce_rate: number | null;
  complaint_rate: number | null;
  open_rate: number | null;
  click_rate: number | null;
}

export type Verdicts = Record<Signal, Verdict | null>;

/** How a rate moved against an earlier window (report --compare, compare.ts). */
export type Trend = 'rising' | 'falling' | 'steady' | 'new';

/** With --compare: each rate's change in percentage points, and the verdict on it. */
export type RateChanges = { [K in `${Signal}_change`]?: number | null } & { [K in `${Signal}_trend`]?: Trend | null };

export type Summary = Counts & Rates & { verdicts: Verdicts } & RateChanges;

export const COUNT_KEYS = [
  'events', 'injections', 'deliveries', 'bounces', 'hard_bounces', 'soft_bounces', 'complaints', 'opens', 'clicks', 'unsubscribes',
] as const satisfies ReadonlyArray<keyof Counts>;

/** Counts beyond the breakdown's columns: in the JSON document, and for --fields. */
export const BOUNCE_PART_KEYS = ['block_bounces', 'undetermined_bounces', 'other_bounces'] as const satisfies ReadonlyArray<keyof Counts>;

export function emptyCounts(): Counts {
  return {
    events: 0, injections: 0, deliveries: 0, bounces: 0, hard_bounces: 0, soft_bounces: 0, block_bounces: 0, undetermined_bounces: 0, other_bounces: 0,
    complaints: 0, opens: 0, clicks: 0, unsubscribes: 0,
  };
}

/**
 * The bounces split into parts that add up to them, for people: the soft part here leaves
 * out the blocks, which are their own part ("bounces 40 (hard 4, soft 8, block 3,
 * undetermined 2, other 23)"); "other" only when there is any.
 */
export function bounceParts(c: Counts): Array<[string, number]> {
  const parts: Array<[string, number]> = [
    ['hard', c.hard_bounces],
    ['soft', c.soft_bounces - c.block_bounces],
    ['block', c.block_bounces],
    ['undetermined', c.undetermined_bounces],
  ];
  if (c.other_bounces > 0) parts.push(['other', c.other_bounces]);
  return parts;
}

/** What the report needs of one event, from either listing (account-wide or campaign). */
export interface ReportEvent {
  type: string;
  /** Identifies the email for distinct clicks and opens (request_id + rcpt_to, or the campaign's recipient). */
  emailKey: string;
  bounceClass?: number;
}

const lanes = new Int32Array(2);

/** 52 bits of hash64 (a safe integer for a Set): a collision needs ~60 million clicks. */
function hash52(text: string): number {
  hash64(text, lanes);
  return (lanes[0]! >>> 0) * 2 ** 20 + ((lanes[1]! >>> 0) & 0xfffff);
}

export class Tally {
  readonly counts: Counts = emptyCounts();
  private readonly clicked = new Set<number>();
  private readonly opened = new Set<number>();

  /**
   * @param distinctOpens campaign events have `open` but no `initial_open`:
   *   there, opens count distinct recipients with an open.
   */
  constructor(private readonly distinctOpens = false) {}

  add(e: ReportEvent): void {
    const c = this.counts;
    c.events++;
    switch (e.type) {
      case 'injection':
        c.injections++;
        break;
      case 'delivery':
        c.deliveries++;
        break;
      case 'bounce':
      case 'out_of_band': {
        c.bounces++;
        switch (bouncePart(e.bounceClass)) {
          case 'hard':
            c.hard_bounces++;
            break;
          case 'block':
            c.block_bounces++;
            c.soft_bounces++;
            break;
          case 'soft':
            c.soft_bounces++;
            break;
          case 'undetermined':
            c.undetermined_bounces++;
            break;
          default:
            c.other_bounces++;
        }
        break;
      }
      case 'spam_complaint':
        c.complaints++;
        break;
      case 'initial_open':
        if (!this.distinctOpens) c.opens++;
        break;
      case 'open':
        if (this.distinctOpens) this.distinct(this.opened, e.emailKey, 'opens');
        break;
      case 'click':
        this.distinct(this.clicked, e.emailKey, 'clicks');
        break;
      case 'list_unsubscribe':
      case 'link_unsubscribe':
        c.unsubscribes++;
        break;
    }
  }

  private distinct(seen: Set<number>, key: string, field: 'opens' | 'clicks'): void {
    const h = hash52(key);
    if (seen.has(h)) return;
    seen.add(h);
    this.counts[field]++;
  }
}

/** A share in percent, or null when there is nothing to divide by. */
function rate(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

export function ratesOf(c: Counts): Rates {
  return {
    bounce_rate: rate(c.bounces, c.injections),
    complaint_rate: rate(c.complaints, c.deliveries),
    open_rate: rate(c.opens, c.deliveries),
    click_rate: rate(c.clicks, c.deliveries),
  };
}

export function summarise(c: Counts): Summary {
  const r = ratesOf(c);
  return {
    ...c,
    ...r,
    verdicts: {
      bounce: verdictOf('bounce', r.bounce_rate),
      complaint: verdictOf('complaint', r.complaint_rate),
      open: verdictOf('open', r.open_rate),
      click: verdictOf('click', r.click_rate),
    },
  };
}

export function addCounts(into: Counts, from: Counts): void {
  for (const k of COUNT_KEYS) into[k] += from[k];
  for (const k of BOUNCE_PART_KEYS) into[k] += from[k];
}
