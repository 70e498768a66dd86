import { pageCell } from './cells.js';
import { selectColumns } from './fields.js';
import type { Column, OutputTarget } from './types.js';

// `-o markdown`: a summary for CI job pages ($GITHUB_STEP_SUMMARY, a GitLab
// artifact or merge-request note): a heading, the verdict line, and a
// GitHub-flavoured table. Cells carry text from the service, which is not
// trusted: nothing in one may end the cell or the row, or become markup
// (HTML, links, emphasis, code). No colour, ever: the page is not a terminal.

export type Tone = 'good' | 'warn' | 'bad' | 'none';

/** The emoji beside the verdict word (the word stays: a screen reader, a grep). */
const EMOJI: Record<Tone, string> = { good: '✅', warn: '⚠️', bad: '❌', none: '➖' };

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text made inert in a markdown page: HTML-significant characters become
 * entities, markdown's punctuation (emphasis, links, code, strike-through,
 * math, the table's `|`) is backslash-escaped, line breaks become `<br>` and other
 * control characters are dropped, so the text stays inside its cell.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[&<>]/g, (c) => HTML[c]!)
    .replace(/[\\`*_[\]|~$]/g, '\\$&')
    .replace(/\r\n|\r|\n/g, '<br>')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** `✅ pass`: a verdict word with its emoji. */
export function verdictText(tone: Tone, word: string): string {
  return `${EMOJI[tone]} ${markdownText(word)}`;
}

/** "BOUNCE %" → "Bounce %": table headers read as words on a page. */
function headerText(header: string): string {
  return markdownText(header.charAt(0) + header.slice(1).toLowerCase());
}

function columnHeader<T>(c: Column<T>, blank: string): string {
  if (!c.header) return blank;
  return c.kind === 'time' || c.kind === 'reltime' ? `${headerText(c.header)} (UTC)` : headerText(c.header);
}

export interface MarkdownSummary<T> {
  /** After "mailctl": "doctor — profile default" (escaped here). */
  title: string;
  verdict: { tone: Tone; word: string; detail: string };
  /** Lines between the verdict and the table (already markdown). */
  notes?: readonly string[];
  columns: Column<T>[];
  rows: readonly T[];
  /** A cell the column's own text does not say well (a verdict with its emoji): markdown, not escaped again. */
  cell?: (column: Column<T>, row: T) => string | undefined;
  /** The header of a column whose own is blank (the symbol column of a checklist). */
  blankHeader?: string;
}

/** The page: heading, verdict, notes, and the table of the --fields (or default) columns. */
export function renderMarkdown<T>(target: OutputTarget, summary: MarkdownSummary<T>): string {
  const columns = selectColumns(target.fields, summary.columns);
  const lines = [
    `## mailctl ${markdownText(summary.title)}`,
    '',
    `**Verdict: ${verdictText(summary.verdict.tone, summary.verdict.word)}** — ${markdownText(summary.verdict.detail)}`,
    '',
  ];
  if (summary.notes?.length) lines.push(...summary.notes, '');
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  lines.push(row(columns.map((c) => columnHeader(c, summary.blankHeader ?? ''))));
  lines.push(row(columns.map((c) => (c.kind === 'number' || c.kind === 'percent' ? '---:' : '---'))));
  for (const r of summary.rows) lines.push(row(columns.map((c) => summary.cell?.(c, r) ?? markdownText(pageCell(c.value(r), c.kind)))));
  return `${lines.join('\n')}\n`;
}
