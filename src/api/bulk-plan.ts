import { ApiError } from '../errors.js';
import { BULK_MAX_CONTACTS, BULK_MAX_LISTS } from './audience.js';

// The fewest requests the API's limits allow (spec 4.12: at most 1000 contacts
// and 50 lists per request): ceil(contacts/1000) × ceil(lists/50), each
// (contact, list) pair in exactly one request. Lists are the outer loop, so
// request 3 of 20,000 contacts × 60 lists is contacts 2001-3000 × lists 1-50.
// The shape of the plan comes from the counts alone; the ids of each request are
// streamed from the sources when it is about to be sent (or printed by --dry-run).

export interface Range {
  /** 1-based positions in the de-duplicated input, inclusive */
  from: number;
  to: number;
}

/** One request of the plan, without its ids. */
export interface PlanEntry {
  /** 1-based */
  index: number;
  contacts: Range;
  lists: Range;
  pairs: number;
}

export interface PlannedRequest extends PlanEntry {
  contactIds: string[];
  listIds: string[];
}

function ranges(count: number, size: number): Range[] {
  const out: Range[] = [];
  for (let from = 1; from <= count; from += size) out.push({ from, to: Math.min(count, from + size - 1) });
  return out;
}

const width = (r: Range) => r.to - r.from + 1;

/** Where the ids come from (input/id-source.ts): in order, de-duplicated, `size` at a time. */
interface IdChunks {
  chunks(size: number): AsyncIterable<{ from: number; ids: string[] }>;
}

export function planShape(contacts: number, lists: number): PlanEntry[] {
  const plan: PlanEntry[] = [];
  for (const l of ranges(lists, BULK_MAX_LISTS)) {
    for (const c of ranges(contacts, BULK_MAX_CONTACTS)) {
      plan.push({ index: plan.length + 1, contacts: c, lists: l, pairs: width(c) * width(l) });
    }
  }
  return plan;
}

/** The requests of planShape(contacts.count, lists.count), in order, each with its ids. */
export async function* plannedRequests(contacts: IdChunks, lists: IdChunks): AsyncGenerator<PlannedRequest> {
  let index = 0;
  for await (const l of lists.chunks(BULK_MAX_LISTS)) {
    for await (const c of contacts.chunks(BULK_MAX_CONTACTS)) {
      yield {
        index: ++index,
        contacts: { from: c.from, to: c.from + c.ids.length - 1 },
        lists: { from: l.from, to: l.from + l.ids.length - 1 },
        contactIds: c.ids,
        listIds: l.ids,
        pairs: c.ids.length * l.ids.length,
      };
    }
  }
}

export const rangeText = (r: Range) => `${r.from}-${r.to}`;

/** "contacts 2001-3000 × lists 1-50" */
export function describeRequest(r: PlanEntry): string {
  return `contacts ${rangeText(r.contacts)} × lists ${rangeText(r.lists)}`;
}

/** The ids of a request that an error names (a 422's `contact_ids.3`), with their 1-based positions in the input. */
export function idsNamedBy(error: unknown, req: PlanEntry | PlannedRequest): { field: string; id: string; what: 'contact' | 'list'; position: number }[] {
  if (!(error instanceof ApiError) || !('contactIds' in req)) return [];
  return Object.keys(error.fieldErrors).flatMap((field) => {
    const m = /^(contact_ids|list_ids)\.(\d+)$/.exec(field);
    if (!m) return [];
    const contact = m[1] === 'contact_ids';
    const i = Number(m[2]);
    const id = (contact ? req.contactIds : req.listIds)[i];
    return id === undefined ? [] : [{ field, id, what: contact ? ('contact' as const) : ('list' as const), position: (contact ? req.contacts.from : req.lists.from) + i }];
  });
}
