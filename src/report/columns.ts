import type { Column } from '../output/types.js';
import type { ReportRow } from './aggregate.js';
import { BOUNCE_PART_KEYS, COUNT_KEYS } from './tally.js';
import { SIGNALS } from './thresholds.js';

// The breakdown rows as columns: the same names in a pipe, in CSV, in NDJSON
// and for --fields. Rates are percentages rounded to 4 decimals (the JSON
// document keeps full precision).

const HEADERS: Record<string, string> = {
  events: 'EVENTS', injections: 'INJECTED', deliveries: 'DELIVERED', bounces: 'BOUNCES', hard_bounces: 'HARD', soft_bounces: 'SOFT',
  complaints: 'COMPLAINTS', opens: 'OPENS', clicks: 'CLICKS', unsubscribes: 'UNSUBS',
};

const round = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);

export function reportColumns(by: string): Column<ReportRow>[] {
  return [
    { key: 'key', header: by.toUpperCase(), value: (r) => r.key, maxWidth: 40, minWidth: by === 'hour' ? 13 : 10 },
    ...COUNT_KEYS.map((k): Column<ReportRow> => ({ key: k, header: HEADERS[k]!, value: (r) => r[k], kind: 'number' })),
    ...SIGNALS.flatMap((s): Column<ReportRow>[] => [
      { key: `${s}_rate`, header: `${s.toUpperCase()} %`, value: (r) => round(r[`${s}_rate`]) },
      { key: `${s}_verdict`, header: s.toUpperCase(), value: (r) => r.verdicts[s], kind: 'status' },
    ]),
  ];
}

/** What --fields may name: the columns, and the bounce parts the JSON document carries beside them. */
export const REPORT_ROW_FIELDS: readonly string[] = [...reportColumns('key').map((c) => c.key), ...BOUNCE_PART_KEYS];
