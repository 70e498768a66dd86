import Table from 'cli-table3';
import { colouriser } from './colour.js';
import { ttyCell, ttyHeader } from './cells.js';
import { layoutColumns } from './layout.js';
import type { Column, OutputTarget } from './types.js';

const TRUNCATE = '…';
const GAP = 2;

/** A borderless, aligned table for people at a terminal, as wide as the terminal allows. */
export function renderTable<T>(target: OutputTarget, columns: Column<T>[], rows: readonly T[]): string {
  const { chalk, status } = colouriser(target.color);
  const texts = rows.map((row) => columns.map((c) => ttyCell(c.value(row), c.kind, target.now(), target.utc)));
  const headers = columns.map((c) => ttyHeader(c.header, c.kind, target));
  const natural = columns.map((c, i) => Math.max(headers[i]!.length, ...texts.map((r) => r[i]!.length)));
  const layout = layoutColumns(columns, natural, { available: Math.max(20, target.columns), gap: GAP, drop: !target.fields });
  const shown = layout.columns.map((c) => columns.indexOf(c));
  const table = new Table({
    head: layout.columns.map((c) => chalk.bold(headers[columns.indexOf(c)]!)),
    // cli-table3 counts the padding inside the width (trailing spaces are trimmed below).
    colWidths: layout.widths.map((w) => w + GAP),
    truncate: TRUNCATE,
    wordWrap: false,
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
      'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '',
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': GAP },
  });
  for (const row of texts) {
    table.push(shown.map((i) => (columns[i]!.kind === 'status' ? status(row[i]!) : row[i]!)));
  }
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')}\n`;
}
