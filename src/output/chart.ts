// Bar charts for the terminal, drawn with Unicode block characters: one
// column per bucket, eighth-block resolution at the top of each bar, and
// horizontal threshold lines (dashed where no bar crosses them) labelled at
// the right, so a chart reads the same with and without colour.

const EIGHTHS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const LINE = '┈';

export interface ChartLine {
  value: number;
  label: string;
  /** colour of the line and of bar cells above it */
  tone: 'warning' | 'critical';
}

export interface BarChart {
  title: string;
  values: ReadonlyArray<number | null>;
  /** how the axis labels print a value (counts, percentages) */
  format: (v: number) => string;
  lines?: ChartLine[];
  /** first and last x labels */
  xLabels?: [string, string];
  /**
   * Highest value the scale goes to: taller bars are drawn full and the top
   * label says "+", so one bad day does not flatten the threshold lines.
   */
  cap?: number;
}

export interface ChartStyle {
  width: number;
  height?: number;
  /** chalk-like colouring, or identity functions when colour is off */
  paint: { warning: (s: string) => string; critical: (s: string) => string; dim: (s: string) => string };
}

const GUTTER = 9; // "  12.5% ┤"
const RIGHT = 16; // "┈ critical 0.3%"

/** How many bars fit on a terminal of this width (the caller merges buckets beyond it). */
export function barsThatFit(width: number): number {
  return Math.max(8, width - GUTTER - RIGHT - 1);
}

function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

export function renderBarChart(chart: BarChart, style: ChartStyle): string {
  const height = style.height ?? 6;
  const n = chart.values.length;
  const room = barsThatFit(style.width);
  // Wide terminals and few buckets: wider bars with a gap, easier to count.
  const barWidth = n === 0 ? 1 : Math.max(1, Math.min(4, Math.floor(room / n) - 1));
  const gap = barWidth > 1 ? 1 : 0;
  const lines = chart.lines ?? [];
  const highest = Math.max(0, ...chart.values.map((v) => v ?? 0));
  const top = niceMax(Math.max(Math.min(highest, chart.cap ?? Infinity), ...lines.map((l) => l.value * 1.15)));
  const clipped = highest > top;
  const cellsPerUnit = (height * 8) / top;
  const lineRow = (v: number) => Math.min(height - 1, Math.floor((v / top) * height));
  const out: string[] = [chart.title];
  for (let row = height - 1; row >= 0; row--) {
    const here = lines.filter((l) => lineRow(l.value) === row);
    // two thresholds in one row: drawn once, in the worse tone, labelled with both
    const line = here.find((l) => l.tone === 'critical') ?? here[0];
    const axisValue = row === height - 1 ? top : row === 0 ? 0 : undefined;
    const label = axisValue === undefined ? '' : `${chart.format(axisValue)}${clipped && axisValue === top ? '+' : ''}`;
    let text = `${label.padStart(GUTTER - 2)} ${row === 0 || axisValue !== undefined ? '┤' : '│'}`;
    for (const v of chart.values) {
      const eighths = v === null ? 0 : Math.round(v * cellsPerUnit) - row * 8;
      const ch = eighths >= 8 ? EIGHTHS[8]! : eighths <= 0 ? (line ? LINE : ' ') : EIGHTHS[eighths]!;
      const cell = ch.repeat(barWidth) + (line ? LINE : ' ').repeat(gap);
      const over = line && v !== null && v > line.value;
      text += line && ch === LINE ? style.paint[line.tone](cell) : over ? style.paint[line!.tone](cell) : cell;
    }
    if (line) text += ` ${style.paint[line.tone](`${LINE} ${here.map((l) => l.label).join(', ')}`)}`;
    out.push(text.trimEnd());
  }
  const span = n * (barWidth + gap);
  out.push(`${' '.repeat(GUTTER - 1)}└${'─'.repeat(Math.max(1, span))}`);
  if (chart.xLabels) {
    const [first, last] = chart.xLabels;
    const pad = Math.max(1, span - first.length - last.length);
    out.push(`${' '.repeat(GUTTER)}${first}${n > 1 ? ' '.repeat(pad) + last : ''}`);
  }
  return `${out.join('\n')}\n`;
}
