import { renderMarkdown, verdictText, type Tone } from '../output/markdown.js';
import type { OutputTarget } from '../output/types.js';
import type { ReportRow } from './aggregate.js';
import { reportColumns } from './columns.js';
import type { ReportDocument } from './document.js';
import { isWorse } from './compare.js';
import type { Trend } from './tally.js';
import { SIGNALS, THRESHOLDS, type Signal, type Verdict } from './thresholds.js';

// `report -o markdown`: the report as a CI job page. The verdict line judges
// the window's totals exactly as --json's `verdicts` and --fail-on do (the
// document is the one source); the table has the report's own columns
// (columns.ts, --fields), one row per day/hour/..., then the totals.

const TONE: Record<Verdict, Tone> = { healthy: 'good', warning: 'warn', critical: 'bad' };
const RANK: Verdict[] = ['healthy', 'warning', 'critical'];

/** "bounce rate 2.10% warning (warning from 2%)": the rate, its verdict, and the line it crossed. */
function signalText(doc: ReportDocument, s: Signal): string {
  const rate = doc.totals[`${s}_rate`];
  const verdict = doc.verdicts[s];
  if (rate === null || verdict === null) return `${s} rate: no data`;
  const t = THRESHOLDS[s];
  const line =
    verdict === 'critical'
      ? ` (critical ${t.higherIsWorse ? 'above' : 'below'} ${t.critical}%)`
      : verdict === 'warning'
        ? ` (warning ${t.higherIsWorse ? 'from' : 'at or below'} ${t.warning}%)`
        : '';
  return `${s} rate ${rate.toFixed(2)}% ${verdict}${line}`;
}

/** "2026-11-18 09:30 UTC": the window's ends, to the minute, for people. */
const pageTime = (iso: string) => iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');

function sourceText(doc: ReportDocument): string {
  if (doc.source.kind === 'campaign') return `campaign ${doc.source.campaign}, `;
  if (doc.source.kind === 'archive') return `archive ${doc.source.db}, `;
  return '';
}

export function renderReportMarkdown(doc: ReportDocument, target: OutputTarget): string {
  const verdicts = doc.judged.map((s) => doc.verdicts[s]).filter((v): v is Verdict => v !== null);
  const worst = verdicts.length ? RANK[Math.max(...verdicts.map((v) => RANK.indexOf(v)))]! : null;
  const notes = doc.failing.length
    ? [`Fails \`--fail-on ${doc.fail_on}\`: ${doc.failing.map((s) => `${s} rate is ${doc.verdicts[s]}`).join(', ')}.`]
    : [];
  const c = doc.compare;
  if (c) notes.push(`Changes against ${pageTime(c.window.from)} to ${pageTime(c.window.to)}.`);
  if (c && c.failing.length) notes.push(`Fails \`--fail-on rising\`: ${c.failing.map((s) => `${s} rate is ${doc.totals[`${s}_trend`]}`).join(', ')}.`);
  const total: ReportRow = { ...doc.totals, key: 'total' };
  return renderMarkdown<ReportRow>(target, {
    title: `report — ${sourceText(doc)}${pageTime(doc.window.from)} to ${pageTime(doc.window.to)}, by ${doc.by}`,
    verdict: {
      tone: worst ? TONE[worst] : 'none',
      word: worst ?? 'no data',
      detail: doc.judged.map((s) => signalText(doc, s)).join('; '),
    },
    notes,
    columns: reportColumns(doc.by, c !== undefined),
    rows: [...doc.rows, total],
    cell: (column, row) => {
      if (row === total && column.key === 'key') return '**Total**';
      if (column.kind !== 'status') return undefined;
      const v = column.value(row) as Verdict | Trend | null;
      if (!v) return undefined;
      // a trend: a warning when it is the signal's wrong way (compare.ts), plain otherwise
      const signal = SIGNALS.find((s) => column.key === `${s}_trend`);
      if (signal) return verdictText(isWorse(signal, v as Trend) ? 'warn' : 'none', v);
      return verdictText(TONE[v as Verdict], v);
    },
  });
}
