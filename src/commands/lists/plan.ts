import { BULK_MAX_CONTACTS, BULK_MAX_LISTS } from '../../api/audience.js';

// The fewest requests the API's limits allow (spec 4.12: at most 1000 contacts
// and 50 lists per request): ceil(contacts/1000) × ceil(lists/50), each
// (contact, list) pair in exactly one request. Lists are the outer loop, so
// request 3 of 20,000 contacts × 60 lists is contacts 2001-3000 × lists 1-50.

export interface Range {
  /** 1-based positions in the de-duplicated input, inclusive */
  from: number;
  to: number;
}

export interface PlannedRequest {
  /** 1-based */
  index: number;
  contacts: Range;
  lists: Range;
  contactIds: string[];
  listIds: string[];
  pairs: number;
}

function chunks(ids: readonly string[], size: number): Array<{ range: Range; ids: string[] }> {
  const out: Array<{ range: Range; ids: string[] }> = [];
  for (let i = 0; i < ids.length; i += size) {
    const part = ids.slice(i, i + size);
    out.push({ range: { from: i + 1, to: i + part.length }, ids: part });
  }
  return out;
}

export function planRequests(contactIds: readonly string[], listIds: readonly string[]): PlannedRequest[] {
  const plan: PlannedRequest[] = [];
  for (const l of chunks(listIds, BULK_MAX_LISTS)) {
    for (const c of chunks(contactIds, BULK_MAX_CONTACTS)) {
      plan.push({
        index: plan.length + 1,
        contacts: c.range,
        lists: l.range,
        contactIds: c.ids,
        listIds: l.ids,
        pairs: c.ids.length * l.ids.length,
      });
    }
  }
  return plan;
}

export const rangeText = (r: Range) => `${r.from}-${r.to}`;

/** "contacts 2001-3000 × lists 1-50" */
export function describeRequest(r: PlannedRequest): string {
  return `contacts ${rangeText(r.contacts)} × lists ${rangeText(r.lists)}`;
}
