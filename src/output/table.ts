import { colouriser } from './colour.js';
import { ttyCell, ttyHeader } from './cells.js';
import { isWhole, layoutColumns } from './layout.js';
import type { Column, OutputTarget } from './types.js';

// The one table printer: borderless, aligned tables for people at a terminal
// (lists, detail sections, the report's breakdown). A table sizes its columns
// once. Printed whole, it sizes them from every row. Streamed (--all, --limit,
// --follow), it sizes them from the first rows and each column's expectWidth,
// then keeps them fixed: waiting for every row would show nothing for minutes
// and hold a whole export in memory. Longer cells are cut with an ellipsis,
// except in whole columns (ids, addresses), which push the rest of their line
// right rather than lose a character. Widths are terminal cells, not UTF-16
// units: a CJK character or an emoji takes two, a combining mark none.

const GAP = 2;
const TRUNCATE = '…';

const NARROW_ONLY = /^[\x20-\x7e]*$/;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200d\ufe00-\ufe0f]$/u;
const DOUBLE_WIDTH =
  /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}\p{Emoji_Presentation}]$/u;

function charWidth(ch: string): number {
  return ZERO_WIDTH.test(ch) ? 0 : DOUBLE_WIDTH.test(ch) ? 2 : 1;
}

// An emoji written as several code points is one picture two cells wide, as terminals draw it
// (and as string-width counts it): a ZWJ family 👨‍👩‍👧, a skin tone 👍🏽, a flag 🇫🇷, a keycap 1️⃣, and
// a text character turned emoji by VS16 (❤️, ⚠️). Counted code point by code point, a family took
// six cells and ❤️ one, and the columns after it no longer lined up.
const EMOJI_SEQUENCE = /️|‍\p{Extended_Pictographic}|\p{Emoji_Modifier}|^\p{Regional_Indicator}{2}$/u;

let segmenter: Intl.Segmenter | undefined;
/** The user-perceived characters of the text: a base character with its marks, an emoji sequence. */
function graphemes(text: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Cells one grapheme takes: its first code point's, or two for an emoji sequence. */
function graphemeWidth(g: string): number {
  const first = String.fromCodePoint(g.codePointAt(0)!);
  if (first.length === g.length) return charWidth(g);
  return EMOJI_SEQUENCE.test(g) ? 2 : charWidth(first);
}

/** How many terminal cells the text takes (cells are escaped already: no control characters). */
function displayWidth(text: string): number {
  if (NARROW_ONLY.test(text)) return text.length;
  let width = 0;
  for (const g of graphemes(text)) width += graphemeWidth(g);
  return width;
}

/**
 * The text padded to `width` cells, or cut to it with an ellipsis: never inside a character, nor
 * between a letter and its accent or inside an emoji sequence.
 */
function fitCell(text: string, width: number, whole: boolean): string {
  const w = displayWidth(text);
  if (w <= width) return text + ' '.repeat(width - w);
  if (whole) return text;
  let kept = '';
  let used = 0;
  for (const g of graphemes(text)) {
    const cw = graphemeWidth(g);
    if (used + cw > width - 1) break;
    kept += g;
    used += cw;
  }
  return `${kept}${TRUNCATE}${' '.repeat(width - 1 - used)}`;
}

/** A terminal table fed rows in batches: `add` returns the text to print now, `end` the rest. */
export interface TablePrinter<T> {
  add(rows: readonly T[]): string;
  end(): string;
}

/**
 * `stream`: print rows as they come, the columns sized from the first batch;
 * otherwise keep the rows and print the whole table, sized from all of them, at `end`.
 */
export function tablePrinter<T>(target: OutputTarget, columns: Column<T>[], opts: { stream: boolean }): TablePrinter<T> {
  const { chalk, status } = colouriser(target.color);
  // the header names the zone's offset at this instant; a cell of another offset says its own
  const zoneAt = target.now();
  const headers = columns.map((c) => ttyHeader(c.header, c.kind, { utc: target.utc, now: () => zoneAt }));
  const kept: string[][] = [];
  let layout: { shown: number[]; widths: number[]; whole: boolean[] } | undefined;

  const cellsOf = (rows: readonly T[]) => {
    const now = target.now();
    const scrub = target.scrub ?? ((text: string) => text);
    return rows.map((row) => columns.map((c) => scrub(ttyCell(c.value(row), c.kind, now, target.utc, zoneAt))));
  };
  const fit = (texts: string[][]) => {
    const natural = columns.map((c, i) =>
      Math.max(displayWidth(headers[i]!), opts.stream ? (c.expectWidth ?? 0) : 0, ...texts.map((r) => displayWidth(r[i]!))),
    );
    const fitted = layoutColumns(columns, natural, { available: Math.max(20, target.columns), gap: GAP, drop: !target.fields });
    layout = { widths: fitted.widths, shown: fitted.columns.map((c) => columns.indexOf(c)), whole: fitted.columns.map(isWhole) };
  };
  // The style (bold headers, coloured statuses) covers the text, not the padding after it.
  const line = (cells: string[], style?: (text: string, col: number) => string) =>
    `${layout!.shown
      .map((col, k) => {
        const text = fitCell(cells[col]!, layout!.widths[k]!, layout!.whole[k]!);
        if (!style) return text;
        const word = text.trimEnd();
        return style(word, col) + text.slice(word.length);
      })
      .join(' '.repeat(GAP))
      .trimEnd()}\n`;
  const hasStatus = columns.some((c) => c.kind === 'status');
  const print = (texts: string[][]) => {
    let out = '';
    if (!layout) {
      fit(texts);
      out += line(headers, (text) => chalk.bold(text));
    }
    const style = hasStatus ? (text: string, col: number) => (columns[col]!.kind === 'status' ? status(text) : text) : undefined;
    for (const cells of texts) out += line(cells, style);
    return out;
  };

  return {
    add(rows) {
      if (rows.length === 0) return '';
      const texts = cellsOf(rows);
      if (opts.stream) return print(texts);
      for (const cells of texts) kept.push(cells);
      return '';
    },
    end() {
      return opts.stream ? '' : print(kept.splice(0));
    },
  };
}

/** A whole table at once (detail sections, the report's breakdown); the header alone when there are no rows. */
export function renderTable<T>(target: OutputTarget, columns: Column<T>[], rows: readonly T[]): string {
  const table = tablePrinter(target, columns, { stream: false });
  table.add(rows);
  return table.end();
}
