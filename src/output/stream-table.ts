import { ttyCell, ttyHeader } from './cells.js';
import { isWhole, layoutColumns } from './layout.js';
import type { Column, ListWriter, OutputTarget } from './types.js';

// A table for a terminal that prints rows as they come (--all, --limit,
// --follow, and later archive syncs and webhook receivers): the buffered
// table waits for every row to size its columns, which would show nothing for
// minutes and hold a whole export in memory. Here the layout engine sizes the
// columns once, from the first rows, each column's expectWidth and the
// terminal width; then they stay fixed. Longer cells are cut with an
// ellipsis, except in whole columns (ids, addresses), which push the rest of
// their line right rather than lose a character.

const GAP = 2;
const TRUNCATE = '…';

function fitCell(text: string, width: number, whole: boolean): string {
  if (text.length <= width) return text.padEnd(width);
  return whole ? text : `${text.slice(0, width - 1)}${TRUNCATE}`;
}

export function createStreamingTable<T>(target: OutputTarget, columns: Column<T>[]): ListWriter<T> {
  let colour: ReturnType<typeof import('./colour.js').colouriser> | undefined;
  let layout: { columns: Column<T>[]; widths: number[]; shown: number[]; whole: boolean[] } | undefined;
  let count = 0;

  const line = (cells: string[], style: (text: string, i: number) => string) =>
    `${layout!.shown
      .map((col, k) => style(fitCell(cells[col]!, layout!.widths[k]!, layout!.whole[k]!), col))
      .join(' '.repeat(GAP))
      .trimEnd()}\n`;

  return {
    get count() {
      return count;
    },
    async write(rows) {
      if (rows.length === 0) return;
      const now = target.now();
      const texts = rows.map((row) => columns.map((c) => ttyCell(c.value(row), c.kind, now, target.utc)));
      let out = '';
      // chalk loads with the first row: a listing in another format never needs it.
      colour ??= (await import('./colour.js')).colouriser(target.color);
      const { chalk, status } = colour;
      if (!layout) {
        const headers = columns.map((c) => ttyHeader(c.header, c.kind, target));
        const natural = columns.map((c, i) => Math.max(headers[i]!.length, c.expectWidth ?? 0, ...texts.map((r) => r[i]!.length)));
        const fitted = layoutColumns(columns, natural, { available: Math.max(20, target.columns), gap: GAP, drop: !target.fields });
        layout = { ...fitted, shown: fitted.columns.map((c) => columns.indexOf(c)), whole: fitted.columns.map(isWhole) };
        out += line(headers, (text) => chalk.bold(text));
      }
      for (const cells of texts) {
        out += line(cells, (text, col) => {
          if (columns[col]!.kind !== 'status') return text;
          const word = text.trimEnd();
          return status(word) + text.slice(word.length);
        });
      }
      count += rows.length;
      await target.write(out);
    },
    async end() {},
  };
}
