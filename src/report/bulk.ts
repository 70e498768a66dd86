import { redact } from '../api/redact.js';
import type { BulkOperation } from '../api/audience.js';
import { writeDetail, writeDetailStreamed, type DetailSection } from '../output/detail.js';
import { checkFields } from '../output/fields.js';
import type { OutputTarget } from '../output/types.js';
import { rangeText, type PlanEntry, type PlannedRequest } from '../api/bulk-plan.js';
import { counted, thousands as n } from '../counts.js';

// What `lists attach|detach` print on stdout: the totals (after a full run, or
// the requests that succeeded before one failed) or, with --dry-run, the plan.
// And the totals of `contact import`, with what stderr says when it stops part-way.

export interface Totals {
  /** attached / detached */
  changed: number;
  /** already_attached / not_present */
  unchanged: number;
  totalPairs: number;
  contacts: number;
  lists: number;
  requests: number;
  requestsSucceeded: number;
}

const NAMES = {
  attach: { changed: 'attached', unchanged: 'already_attached', changedLabel: 'Attached', unchangedLabel: 'Already attached' },
  detach: { changed: 'detached', unchanged: 'not_present', changedLabel: 'Detached', unchangedLabel: 'Not present' },
} as const;

function totalsObject(op: BulkOperation, t: Totals): Record<string, number> {
  return {
    [NAMES[op].changed]: t.changed,
    [NAMES[op].unchanged]: t.unchanged,
    total_pairs: t.totalPairs,
    contacts: t.contacts,
    lists: t.lists,
    requests: t.requests,
    requests_succeeded: t.requestsSucceeded,
  };
}

const totalsKeys = (op: BulkOperation) => Object.keys(totalsObject(op, { changed: 0, unchanged: 0, totalPairs: 0, contacts: 0, lists: 0, requests: 0, requestsSucceeded: 0 }));

export function checkTotalsFields(target: OutputTarget, op: BulkOperation): void {
  checkFields(target.fields, [], totalsKeys(op));
}

/** json: one object; a TTY: a small labelled detail; a pipe: key<TAB>value lines; csv: header and one row. */
export async function writeTotals(target: OutputTarget, op: BulkOperation, t: Totals): Promise<void> {
  const obj = totalsObject(op, t);
  const sections: DetailSection[] = [
    {
      fields: [
        { key: NAMES[op].changed, label: NAMES[op].changedLabel, value: t.changed, kind: 'number' },
        { key: NAMES[op].unchanged, label: NAMES[op].unchangedLabel, value: t.unchanged, kind: 'number' },
        { key: 'total_pairs', label: 'Total pairs', value: t.totalPairs, kind: 'number' },
        { key: 'contacts', label: 'Contacts', value: t.contacts, kind: 'number' },
        { key: 'lists', label: 'Lists', value: t.lists, kind: 'number' },
        { key: 'requests', label: 'Requests', value: t.requests, kind: 'number' },
        { key: 'requests_succeeded', label: 'Requests succeeded', value: t.requestsSucceeded, kind: 'number' },
      ],
    },
  ];
  await writeDetail(target, obj, sections);
}

// ---- --dry-run ---------------------------------------------------------------------------------

const PLAN_KEYS = ['dry_run', 'operation', 'method', 'url', 'requests', 'contacts', 'lists', 'pairs', 'plan'] as const;

export function checkPlanFields(target: OutputTarget): void {
  checkFields(target.fields, [], PLAN_KEYS);
}

export interface PlanInfo {
  op: BulkOperation;
  method: string;
  url: string;
  contacts: number;
  lists: number;
  plan: PlanEntry[];
  /** the requests of `plan` with their ids, made as they are printed */
  requests: () => AsyncIterable<PlannedRequest>;
}

/**
 * json/ndjson print the whole plan, each request with the exact body it would
 * send (streamed: a million ids are never held at once); a TTY and pipes print
 * the summary and one row per request with its contact and list ranges
 * (positions in the de-duplicated input).
 */
export async function writePlan(target: OutputTarget, p: PlanInfo): Promise<void> {
  const pairs = p.contacts * p.lists;
  const obj = {
    dry_run: true,
    operation: p.op,
    method: p.method,
    url: p.url,
    requests: p.plan.length,
    contacts: p.contacts,
    lists: p.lists,
    pairs,
  };
  const sections: DetailSection[] = [
    {
      fields: [
        { key: 'method', label: 'Method', value: p.method },
        { key: 'url', label: 'URL', value: p.url },
        { key: 'requests', label: 'Requests', value: p.plan.length, kind: 'number' },
        { key: 'contacts', label: 'Contacts', value: p.contacts, kind: 'number' },
        { key: 'lists', label: 'Lists', value: p.lists, kind: 'number' },
        { key: 'pairs', label: 'Pairs', value: pairs, kind: 'number' },
      ],
    },
    {
      table: {
        columns: [
          { key: 'request', header: 'REQUEST', value: (r: PlanEntry) => r.index },
          { key: 'contacts', header: 'CONTACTS', value: (r: PlanEntry) => rangeText(r.contacts) },
          { key: 'lists', header: 'LISTS', value: (r: PlanEntry) => rangeText(r.lists) },
          { key: 'pairs', header: 'PAIRS', value: (r: PlanEntry) => r.pairs, kind: 'number' },
        ],
        rows: p.plan,
      },
    },
  ];
  async function* bodies() {
    for await (const r of p.requests()) {
      yield {
        request: r.index,
        contacts: rangeText(r.contacts),
        lists: rangeText(r.lists),
        pairs: r.pairs,
        body: redact({ contact_ids: r.contactIds, list_ids: r.listIds }),
      };
    }
  }
  await writeDetailStreamed(target, obj, sections, 'plan', bodies);
}

// ---- contact import ----------------------------------------------------------------------------


export interface ImportTotals {
  created: number;
  already_existed: number;
  addresses: number;
  requests: number;
  requests_succeeded: number;
}

const IMPORT_TOTALS = ['created', 'already_existed', 'addresses', 'requests', 'requests_succeeded'] as const;

export function checkImportFields(target: OutputTarget): void {
  checkFields(target.fields, [], IMPORT_TOTALS);
}

export async function writeImportTotals(target: OutputTarget, totals: ImportTotals): Promise<void> {
  await writeDetail(target, totals, [{ fields: IMPORT_TOTALS.map((key) => ({ key, label: key.replace('_', ' '), value: totals[key], kind: 'number' as const })) }]);
}

/**
 * What stderr says when an import stops part-way: what was imported, whether the request
 * under way was applied (`unsure`: it may have been), and `finish`, the command for the rest.
 */
export function importFailureLines(skip: number, totals: ImportTotals, current: { from: number; emails: string[] } | undefined, unsure: boolean, finish: string): string[] {
  const done = skip + totals.addresses;
  const lines = [
    totals.addresses === 0
      ? // the first request's answer was lost or unreadable: "nothing" would contradict its line below
        unsure && current
        ? 'no request was confirmed'
        : 'nothing was imported'
      : `imported addresses ${n(skip + 1)}-${n(done)} of the input (${counted(totals.requests_succeeded, 'request')}): ${n(totals.created)} created, ${n(totals.already_existed)} already existed`,
  ];
  if (current) {
    const range = `addresses ${n(current.from)}-${n(current.from + current.emails.length - 1)}`;
    lines.push(unsure ? `the request with ${range} may or may not have been applied` : `the request with ${range} was not applied`);
  }
  lines.push(`to finish the rest (re-running is safe: addresses already there count as already existed):\n  ${finish}`);
  return lines;
}
