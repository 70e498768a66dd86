import { mergeRows, type ReportRow } from './aggregate.js';
import { reportColumns } from './columns.js';
import { signedPoints, thresholdText, type ReportDocument } from './document.js';
import { bounceParts, ratesOf, type Counts, type Rates } from './tally.js';
import { SIGNALS, THRESHOLDS, type Signal } from './thresholds.js';

// `report --html FILE`: one self-contained page (inline CSS and SVG, no script,
// nothing fetched), readable offline and as a ticket attachment. Each chart
// bar is an SVG <rect class="bar"> with a <title> (hover text), each
// threshold a <line class="threshold">, so a browser test can count them.

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pct = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)}%`);

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:1100px;color:#1b1f24;padding:0 1rem}
h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:2rem 0 .5rem}
.meta{color:#57606a}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .5rem;border-bottom:1px solid #d0d7de;text-align:right;white-space:nowrap}
th:first-child,td:first-child,#verdicts td,#verdicts th{text-align:left}
.verdict{font-weight:600;padding:.1rem .45rem;border-radius:.3rem}
.healthy{background:#dafbe1;color:#116329}.warning{background:#fff8c5;color:#7d4e00}.critical{background:#ffebe9;color:#a40e26}.none{color:#57606a}
.rising{background:#fff8c5;color:#7d4e00}.falling{background:#ddf4ff;color:#0a3069}.steady,.new{color:#57606a}
svg{display:block;margin:.25rem 0 1rem;background:#f6f8fa;border-radius:.4rem}
.bar{fill:#0969da}.bar.over-warning{fill:#bf8700}.bar.over-critical{fill:#cf222e}
.threshold{stroke-width:1;stroke-dasharray:4 3}.threshold.warning{stroke:#bf8700}.threshold.critical{stroke:#cf222e}
.axis{font-size:11px;fill:#57606a}
@media print{svg{background:none}}
`;

interface SvgChart {
  id: string;
  title: string;
  values: Array<number | null>;
  labels: string[];
  format: (v: number) => string;
  signal?: Signal;
}

function svgChart(c: SvgChart): string {
  const W = 1000;
  const H = 180;
  const left = 56;
  const bottom = 24;
  const plotW = W - left - 110;
  const plotH = H - bottom - 12;
  const t = c.signal ? THRESHOLDS[c.signal] : undefined;
  // a loop, not Math.max(...values): spreading a long series as arguments overflows the stack
  let max = t ? t.critical * 1.15 : 1e-9;
  for (const v of c.values) if (v !== null && v > max) max = v;
  const y = (v: number) => 12 + plotH - (v / max) * plotH;
  const step = plotW / Math.max(1, c.values.length);
  const bw = Math.max(1, step * 0.8);
  const parts: string[] = [];
  c.values.forEach((v, i) => {
    const value = v ?? 0;
    const cls = t && v !== null && v > t.critical ? ' over-critical' : t && v !== null && v >= t.warning ? ' over-warning' : '';
    parts.push(
      `<rect class="bar${cls}" x="${(left + i * step).toFixed(1)}" y="${y(value).toFixed(1)}" width="${bw.toFixed(1)}" height="${(plotH + 12 - y(value)).toFixed(1)}">` +
        `<title>${esc(c.labels[i] ?? '')}: ${v === null ? 'no data' : esc(c.format(value))}</title></rect>`,
    );
  });
  if (t) {
    for (const [tone, value] of [['warning', t.warning], ['critical', t.critical]] as const) {
      parts.push(`<line class="threshold ${tone}" x1="${left}" x2="${left + plotW}" y1="${y(value).toFixed(1)}" y2="${y(value).toFixed(1)}"/>`);
      parts.push(`<text class="axis" x="${left + plotW + 6}" y="${(y(value) + 4).toFixed(1)}">${tone} ${value}%</text>`);
    }
  }
  parts.push(`<text class="axis" x="${left - 6}" y="16" text-anchor="end">${esc(c.format(max))}</text>`);
  parts.push(`<text class="axis" x="${left - 6}" y="${12 + plotH}" text-anchor="end">0</text>`);
  if (c.labels.length > 0) {
    parts.push(`<text class="axis" x="${left}" y="${H - 6}">${esc(c.labels[0]!)}</text>`);
    parts.push(`<text class="axis" x="${left + plotW}" y="${H - 6}" text-anchor="end">${esc(c.labels.at(-1)!)}</text>`);
  }
  return `<h2>${esc(c.title)}</h2>\n<svg id="${c.id}" class="chart" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${esc(c.title)}">${parts.join('')}</svg>`;
}

/** Bars a chart draws at most: a longer time series is summed into groups, other breakdowns show their largest rows. */
const MAX_BARS = 400;

interface Bar {
  label: string;
  counts: Counts;
  rates: Rates;
}

function chartBars(doc: ReportDocument): { bars: Bar[]; per: string } {
  const time = doc.by === 'day' || doc.by === 'hour';
  if (!time) {
    const shown = doc.rows.slice(0, MAX_BARS);
    const per = `by ${doc.by}${shown.length < doc.rows.length ? ` (the ${MAX_BARS} largest)` : ''}`;
    return { bars: shown.map((r) => ({ label: r.key, counts: r, rates: r })), per };
  }
  const groups = mergeRows(doc.rows, MAX_BARS);
  const per = groups.length === doc.rows.length ? `per ${doc.by}` : `per ${Math.ceil(doc.rows.length / groups.length)} ${doc.by}s`;
  return { bars: groups.map((g) => ({ label: g.first === g.last ? g.first : `${g.first} to ${g.last}`, counts: g.counts, rates: ratesOf(g.counts) })), per };
}

function verdictCell(v: string | null): string {
  return `<span class="verdict ${v ?? 'none'}">${v ?? 'no data'}</span>`;
}

export function renderHtml(doc: ReportDocument, generatedAt: string): string {
  const t = doc.totals;
  const rateOf: Record<Signal, number | null> = { bounce: t.bounce_rate, complaint: t.complaint_rate, open: t.open_rate, click: t.click_rate };
  const source = doc.source.kind === 'archive' ? `archive ${doc.source.db}` : doc.source.kind === 'campaign' ? `campaign ${doc.source.campaign}` : 'the API';
  const c = doc.compare;
  // with --compare: the earlier rate, the change in points and its trend, beside each verdict
  const changeCells = (s: Signal) =>
    c ? `<td>${pct(c.totals[`${s}_rate`])}</td><td>${esc(signedPoints(t[`${s}_change`]))}</td><td>${verdictCell(t[`${s}_trend`] ?? null)}</td>` : '';
  const verdictRows = SIGNALS.map(
    (s) =>
      `<tr><td>${s} rate</td><td>${pct(rateOf[s])}</td><td>${verdictCell(doc.verdicts[s])}</td>${changeCells(s)}<td>${doc.judged.includes(s) ? 'judged' : 'shown for information'}</td>` +
      `<td>${esc(thresholdText(s))}</td><td>${esc(THRESHOLDS[s].computed)}</td></tr>`,
  ).join('\n');
  const changeHeads = c ? '<th>earlier</th><th>change</th><th>trend</th>' : '';
  const compared = c
    ? `\n<p class="meta" id="compare">Compared with <time>${esc(c.window.from)}</time> to <time>${esc(c.window.to)}</time>: a rate that moved half its earlier value or more is rising or falling.</p>`
    : '';
  const time = doc.by === 'day' || doc.by === 'hour';
  const unit = time ? `per ${doc.by}` : `by ${doc.by}`;
  const { bars, per } = chartBars(doc);
  const labels = bars.map((b) => b.label);
  const charts = [
    svgChart({ id: 'chart-volume', title: `Volume (injections ${per})`, values: bars.map((b) => b.counts.injections), labels, format: (v) => Math.round(v).toLocaleString('en-US') }),
    svgChart({ id: 'chart-bounce', title: `Bounce rate ${per}`, values: bars.map((b) => b.rates.bounce_rate), labels, format: (v) => `${v.toFixed(2)}%`, signal: 'bounce' }),
    svgChart({ id: 'chart-complaint', title: `Complaint rate ${per}`, values: bars.map((b) => b.rates.complaint_rate), labels, format: (v) => `${v.toFixed(3)}%`, signal: 'complaint' }),
  ].join('\n');
  const columns = reportColumns(doc.by, c !== undefined);
  const cell = (r: ReportRow, key: string) => {
    const col = columns.find((c) => c.key === key)!;
    const v = col.value(r);
    if (key.endsWith('_verdict') || key.endsWith('_trend')) return verdictCell(v as string | null);
    if (key.endsWith('_change')) return esc(signedPoints(v as number | null));
    if (key.endsWith('_rate')) return pct(v as number | null);
    return esc(typeof v === 'number' ? v.toLocaleString('en-US') : String(v ?? ''));
  };
  const table =
    `<table id="breakdown"><thead><tr>${columns.map((c) => `<th>${esc(c.header)}</th>`).join('')}</tr></thead><tbody>\n` +
    doc.rows.map((r) => `<tr>${columns.map((c) => `<td>${cell(r, c.key)}</td>`).join('')}</tr>`).join('\n') +
    '\n</tbody></table>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Deliverability report ${esc(doc.window.from)} to ${esc(doc.window.to)}</title>
<style>${CSS}</style></head>
<body>
<h1>Deliverability report</h1>
<p class="meta">Window <time>${esc(doc.window.from)}</time> to <time>${esc(doc.window.to)}</time> (UTC), from ${esc(source)}, by ${esc(doc.by)}. Generated ${esc(generatedAt)} by mailctl.</p>${compared}
<h2>Totals</h2>
<table id="totals"><tbody>
<tr><td>events</td><td>${t.events.toLocaleString('en-US')}</td><td>injections</td><td>${t.injections.toLocaleString('en-US')}</td><td>deliveries</td><td>${t.deliveries.toLocaleString('en-US')}</td></tr>
<tr><td>bounces</td><td>${t.bounces.toLocaleString('en-US')} (${bounceParts(t).map(([k, n]) => `${k} ${n.toLocaleString('en-US')}`).join(', ')})</td><td>complaints</td><td>${t.complaints.toLocaleString('en-US')}</td><td>unsubscribes</td><td>${t.unsubscribes.toLocaleString('en-US')}</td></tr>
<tr><td>opens</td><td>${t.opens.toLocaleString('en-US')}</td><td>clicks</td><td>${t.clicks.toLocaleString('en-US')}</td><td></td><td></td></tr>
</tbody></table>
<h2>Verdicts</h2>
<table id="verdicts"><thead><tr><th>signal</th><th>rate</th><th>verdict</th>${changeHeads}<th></th><th>thresholds</th><th>computed as</th></tr></thead><tbody>
${verdictRows}
</tbody></table>
${charts}
<h2>Breakdown ${esc(unit)}</h2>
${table}
</body></html>
`;
}
