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

/**
 * The breakdown's columns; with --compare each rate's change (percentage points) and its trend
 * follow at the end, so the columns of a report without --compare keep their places.
 */
export function reportColumns(by: string, compare = false): Column<ReportRow>[] {
  const columns: Column<ReportRow>[] = [
    { key: 'key', header: by.toUpperCase(), value: (r) => r.key, maxWidth: 40, minWidth: by === 'hour' ? 13 : 10 },
    ...COUNT_KEYS.map((k): Column<ReportRow> => ({ key: k, header: HEADERS[k]!, value: (r) => r[k], kind: 'number' })),
    ...SIGNALS.flatMap((s): Column<ReportRow>[] => [
      { key: `${s}_rate`, header: `${s.toUpperCase()} %`, value: (r) => round(r[`${s}_rate`]) },
      { key: `${s}_verdict`, header: s.toUpperCase(), value: (r) => r.verdicts[s], kind: 'status' },
    ]),
  ];
  if (!compare) return columns;
  return [
    ...columns,
    ...SIGNALS.flatMap((s): Column<ReportRow>[] => [
      { key: `${s}_change`, header: `${s.toUpperCase()} CHANGE`, value: (r) => round(r[`${s}_change`] ?? null) },
      { key: `${s}_trend`, header: `${s.toUpperCase()} TREND`, value: (r) => r[`${s}_trend`] ?? null, kind: 'status' },
    ]),
  ];
}

/** The change columns' names: --fields may name them only with --compare. */
export const CHANGE_FIELDS: readonly string[] = SIGNALS.flatMap((s) => [`${s}_change`, `${s}_trend`]);

/** What --fields may name: the columns, and the bounce parts the JSON document carries beside them. */
export const REPORT_ROW_FIELDS: readonly string[] = [...reportColumns('key', true).map((c) => c.key), ...BOUNCE_PART_KEYS];
