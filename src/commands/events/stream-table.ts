import { ttyCell } from '../../output/cells.js';
import type { ListWriter } from '../../output/list.js';
import { colouriser } from '../../output/table.js';
import type { Column, OutputTarget } from '../../output/types.js';

// A table for a terminal that prints rows as they come (--all, --limit,
// --follow): the core table waits for every row to size its columns, which
// would show nothing for minutes and hold a whole export in memory. Here the
// widths come from the first rows written and the terminal width, then stay
// fixed; longer cells are cut with an ellipsis.

const GAP = 2;
const MIN_WIDTH = 6;
const TRUNCATE = '…';

/**
 * Shrinks the widest columns until the line fits the terminal (headers stay
 * whole); times and types (short, and what a reader scans for) keep their
 * width while any free-text column can still give some up.
 */
function fit(natural: number[], minimum: number[], firm: boolean[], available: number): number[] {
  const widths = [...natural];
  for (const shrinkFirm of [false, true]) {
    while (widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1) > available) {
      let widest = -1;
      widths.forEach((w, i) => {
        if ((shrinkFirm || !firm[i]) && w > minimum[i]! && (widest < 0 || w > widths[widest]!)) widest = i;
      });
      if (widest < 0) break;
      widths[widest] = widths[widest]! - 1;
    }
  }
  return widths;
}

function clip(text: string, width: number): string {
  return text.length <= width ? text.padEnd(width) : `${text.slice(0, width - 1)}${TRUNCATE}`;
}

/**
 * `minWidths` (by column key) keeps a column from being sized by a first
 * batch that happens to hold only short values (later rows would be cut).
 */
export function createStreamingTable<T>(target: OutputTarget, columns: Column<T>[], minWidths: Record<string, number> = {}): ListWriter<T> {
  const { chalk, status } = colouriser(target.color);
  let widths: number[] | undefined;
  let count = 0;

  const line = (cells: string[], style?: (text: string, i: number) => string) =>
    `${cells
      .map((cell, i) => {
        const last = i === cells.length - 1;
        const text = clip(cell, widths![i]!);
        const shown = style ? style(text, i) : text;
        return last ? shown.trimEnd() : `${shown}${' '.repeat(GAP)}`;
      })
      .join('')
      .trimEnd()}\n`;

  return {
    get count() {
      return count;
    },
    async write(rows) {
      if (rows.length === 0) return;
      const now = target.now();
      const texts = rows.map((row) => columns.map((c) => ttyCell(c.value(row), c.kind, now)));
      let out = '';
      if (!widths) {
        const natural = columns.map((c, i) =>
          Math.max(c.header.length, Math.min(c.maxWidth ?? Infinity, Math.max(minWidths[c.key] ?? 0, ...texts.map((r) => r[i]!.length)))),
        );
        widths = fit(
          natural,
          columns.map((c) => Math.max(MIN_WIDTH, c.header.length)),
          columns.map((c) => c.kind === 'time' || c.kind === 'status'),
          Math.max(20, target.columns),
        );
        out += line(columns.map((c) => c.header), (text) => chalk.bold(text));
      }
      for (const cells of texts) {
        out += line(cells, (text, i) => {
          if (columns[i]!.kind !== 'status') return text;
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
