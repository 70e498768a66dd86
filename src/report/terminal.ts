import { Chalk } from 'chalk';
import { barsThatFit, renderBarChart, type ChartStyle } from '../output/chart.js';
import { renderTable } from '../output/table.js';
import type { Column, OutputTarget } from '../output/types.js';
import { mergeRows, type ReportRow } from './aggregate.js';
import { reportColumns } from './columns.js';
import { isWorse } from './compare.js';
import { signedPoints, type ReportDocument } from './document.js';
import { bounceParts, ratesOf } from './tally.js';
import { SIGNALS, THRESHOLDS, type Signal, type Verdict } from './thresholds.js';

// The report for a person at a terminal: the totals with their verdicts
// (words, coloured when colour is allowed), charts of volume, bounce rate and
// complaint rate over time with the thresholds marked, then the breakdown.

const SIGNAL_NAMES: Record<Signal, string> = { bounce: 'bounce rate', complaint: 'complaint rate', open: 'open rate', click: 'click rate' };

const pct = (v: number | null, digits = 2) => (v === null ? '-' : `${v.toFixed(digits)}%`);
const num = (v: number) => v.toLocaleString('en-US');

export function renderTerminal(doc: ReportDocument, target: OutputTarget): string {
  const chalk = new Chalk({ level: target.color ? 1 : 0 });
  const plain = new Chalk({ level: 0 });
  const tone = (v: Verdict | null) => (v === 'critical' ? chalk.red.bold : v === 'warning' ? chalk.yellow.bold : v === 'healthy' ? chalk.green : chalk.dim);
  const t = doc.totals;
  const source = doc.source.kind === 'archive' ? `archive ${doc.source.db}` : doc.source.kind === 'campaign' ? `campaign ${doc.source.campaign}` : 'API';
  const lines: string[] = [
    chalk.bold(`Deliverability report (${source}, by ${doc.by})`),
    `${doc.window.from} to ${doc.window.to}`,
    ...(doc.compare ? [chalk.dim(`compared with ${doc.compare.window.from} to ${doc.compare.window.to}`)] : []),
    '',
    ...fitted([`injections ${num(t.injections)}`, `deliveries ${num(t.deliveries)}`, `complaints ${num(t.complaints)}`], target.columns),
    ...fitted([`bounces ${num(t.bounces)} (${bounceParts(t).map(([k, n]) => `${k} ${num(n)}`).join(', ')})`, `unsubscribes ${num(t.unsubscribes)}`], target.columns),
    ...fitted([`opens ${num(t.opens)}`, `clicks ${num(t.clicks)}`, `events ${num(t.events)}`], target.columns),
    '',
  ];
  const rateOf: Record<Signal, number | null> = { bounce: t.bounce_rate, complaint: t.complaint_rate, open: t.open_rate, click: t.click_rate };
  for (const s of SIGNALS) {
    const judged = doc.judged.includes(s);
    const verdict = doc.verdicts[s];
    const word = (verdict ?? 'no data').padEnd(9);
    const shown = judged ? tone(verdict)(word) : chalk.dim(word);
    const head = `  ${SIGNAL_NAMES[s].padEnd(15)}${pct(rateOf[s]).padStart(7)}  `;
    const change = changeText(doc, s, judged, plain);
    // the rule is the first to go on a narrow terminal (--json and the charts carry the thresholds)
    const note = `${judged ? '' : '(not judged) '}${shortRule(s)}`;
    const fits = [...`${head}${word} ${change}${note}`].length <= target.columns;
    const shownNote = fits ? note : judged ? '' : '(not judged)';
    lines.push(`${head}${shown} ${changeText(doc, s, judged, chalk)}${chalk.dim(shownNote)}`.trimEnd());
  }
  if (doc.failing.length > 0) {
    lines.push('', chalk.red.bold(`  --fail-on ${doc.fail_on}: ${doc.failing.map((s) => `${SIGNAL_NAMES[s]} is ${doc.verdicts[s]}`).join(', ')}`));
  }
  if (doc.compare && doc.compare.failing.length > 0) {
    lines.push('', chalk.red.bold(`  --fail-on rising: ${doc.compare.failing.map((s) => `${SIGNAL_NAMES[s]} is ${doc.totals[`${s}_trend`]}`).join(', ')}`));
  }
  lines.push('');
  let text = `${lines.join('\n')}\n`;
  if ((doc.by === 'day' || doc.by === 'hour') && doc.rows.length > 0) text += charts(doc, target, chalk);
  text += `\n${renderTable(target, ttyColumns(doc.by, target.fields, target.columns, doc.compare !== undefined), doc.rows)}`;
  return text;
}

function charts(doc: ReportDocument, target: OutputTarget, chalk: InstanceType<typeof Chalk>): string {
  const groups = mergeRows(doc.rows, barsThatFit(target.columns));
  const per = groups.length === doc.rows.length ? doc.by : `${Math.ceil(doc.rows.length / groups.length)} ${doc.by}s`;
  const style: ChartStyle = { width: target.columns, paint: { warning: chalk.yellow, critical: chalk.red, dim: chalk.dim } };
  const xLabels: [string, string] = [groups[0]!.first, groups.at(-1)!.last];
  const rates = groups.map((g) => ratesOf(g.counts));
  const lines = (s: Signal) => [
    { value: THRESHOLDS[s].critical, label: `critical ${THRESHOLDS[s].critical}%`, tone: 'critical' as const },
    { value: THRESHOLDS[s].warning, label: `warning ${THRESHOLDS[s].warning}%`, tone: 'warning' as const },
  ];
  const fmtPct = (v: number) => `${Number(v.toPrecision(2))}%`;
  return [
    renderBarChart({ title: chalk.bold(`Volume (injections per ${per})`), values: groups.map((g) => g.counts.injections), format: (v) => compact(v), xLabels }, style),
    renderBarChart({ title: chalk.bold(`Bounce rate per ${per}`), values: rates.map((r) => r.bounce_rate), format: fmtPct, lines: lines('bounce'), xLabels, cap: THRESHOLDS.bounce.critical * 3 }, style),
    renderBarChart({ title: chalk.bold(`Complaint rate per ${per}`), values: rates.map((r) => r.complaint_rate), format: fmtPct, lines: lines('complaint'), xLabels, cap: THRESHOLDS.complaint.critical * 3 }, style),
  ].join('\n');
}

/**
 * "  injections 414   deliveries 389": figures three spaces apart, two-space indented, on as few
 * lines as the terminal's width allows (a figure is never cut).
 */
function fitted(figures: string[], columns: number): string[] {
  const lines: string[] = [];
  for (const figure of figures) {
    const last = lines.at(-1);
    if (last !== undefined && [...`${last}   ${figure}`].length <= columns) lines[lines.length - 1] = `${last}   ${figure}`;
    else lines.push(`  ${figure}`);
  }
  return lines;
}

/** "▲ +0.90 points rising  ": a rate's change, red when a judged signal got worse by half, yellow when it got worse at all. */
function changeText(doc: ReportDocument, s: Signal, judged: boolean, chalk: InstanceType<typeof Chalk>): string {
  if (!doc.compare) return '';
  const change = doc.totals[`${s}_change`];
  const trend = doc.totals[`${s}_trend`] ?? 'no data';
  const arrow = typeof change !== 'number' || change === 0 ? '=' : change > 0 ? '▲' : '▼';
  const worse = typeof change === 'number' && (THRESHOLDS[s].higherIsWorse ? change > 0 : change < 0);
  const text = `${arrow} ${signedPoints(change)} ${trend}`.padEnd(24);
  const paint = isWorse(s, doc.totals[`${s}_trend`]) ? (judged ? chalk.red.bold : chalk.yellow) : worse ? chalk.yellow : chalk.dim;
  return `${paint(text)} `;
}

/** "warning ≥ 2%, critical > 5%": the rule, short enough for 80 columns. */
function shortRule(s: Signal): string {
  const t = THRESHOLDS[s];
  return t.higherIsWorse ? `warning ≥ ${t.warning}%, critical > ${t.critical}%` : `warning ≤ ${t.warning}%, critical < ${t.critical}%`;
}

function compact(v: number): string {
  if (v >= 1e6) return `${Number((v / 1e6).toPrecision(2))}M`;
  if (v >= 1e3) return `${Number((v / 1e3).toPrecision(2))}k`;
  return String(Math.round(v));
}

/** What fits 80 columns (wider terminals get more); --fields chooses others. Pipes, CSV and JSON carry them all. */
function defaultFields(columns: number, compare: boolean): string[] {
  const wide = columns >= 120 ? ['deliveries', 'opens', 'clicks'] : [];
  if (compare) return ['key', ...(columns >= 120 ? ['injections', ...wide] : []), 'bounce_rate', 'bounce_change', 'complaint_rate', 'complaint_change'];
  return ['key', 'injections', ...wide, 'bounces', 'complaints', 'bounce_rate', 'complaint_rate'];
}

/** The breakdown table's columns on a terminal: a rate and its verdict in one cell ("4.00% warning"). */
function ttyColumns(by: string, fields: string[] | undefined, columns: number, compare: boolean): Column<ReportRow>[] {
  const wanted = fields ?? defaultFields(columns, compare);
  const all = reportColumns(by, compare);
  return wanted
    .flatMap((k) => all.filter((c) => c.key === k))
    .map((c) => {
      // Day and hour rows are UTC in every zone (docs/report.md): the header says so (cli.md: --utc, "header says which").
      if (c.key === 'key' && (by === 'day' || by === 'hour')) return { ...c, header: `${c.header} (UTC)` };
      const changed = SIGNALS.find((s) => c.key === `${s}_change`);
      if (changed) {
        // "+0.90 rising": the trend word last, so the table colours the cell by it
        const header = `${changed.toUpperCase()} Δ`;
        return { ...c, header, kind: 'status' as const, value: (r: ReportRow) => `${signedPoints(r[`${changed}_change`]).replace(' points', '')} ${r[`${changed}_trend`] ?? ''}`.trim() };
      }
      const signal = SIGNALS.find((s) => c.key === `${s}_rate`);
      if (!signal) return c;
      const header = `${signal.toUpperCase()} RATE`;
      return { ...c, header, kind: 'text' as const, value: (r: ReportRow) => `${pct(r[`${signal}_rate`])} ${r.verdicts[signal] ?? ''}`.trim() };
    });
}
