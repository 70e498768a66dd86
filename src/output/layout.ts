import type { Column, ColumnKind } from './types.js';

// The one table layout engine: which columns a terminal of this width shows,
// and how wide each is. The table printer (table.ts) asks it, for whole and
// streamed tables alike; a command only declares its columns.

/** Kinds whose cells are short and lose their meaning when cut: never cut unless a column says otherwise. */
const WHOLE_KINDS = new Set<ColumnKind>(['time', 'reltime', 'status', 'number', 'percent', 'bool']);
/** Narrowest a cut column gets by default: anything less shows nothing readable. */
const DEFAULT_MIN = 6;

export interface LayoutOptions {
  /** Width of the terminal line. */
  available: number;
  /** Spaces between two columns. */
  gap: number;
  /** Give up columns with a priority when the line is too narrow (off when the user chose --fields). */
  drop: boolean;
}

export interface Layout<T> {
  /** The columns shown, in their declared order. */
  columns: Column<T>[];
  /** Width of each shown column, without the gap. */
  widths: number[];
}

/** True when the column must show every character of its cells (ids, addresses, times, statuses). */
export function isWhole<T>(c: Column<T>): boolean {
  return c.whole ?? WHOLE_KINDS.has(c.kind ?? 'text');
}

/**
 * `natural[i]` is the widest cell (or header) of column i. Columns are given
 * up in ascending `priority` while even their minimum widths do not fit; then
 * the widest low-priority text column gives way, one character at a time,
 * down to its minWidth, then below it. A whole column is never cut: when only
 * whole columns are left the line is wider than the terminal rather than cut
 * an id someone will copy.
 */
export function layoutColumns<T>(columns: readonly Column<T>[], natural: readonly number[], opts: LayoutOptions): Layout<T> {
  let items = columns.map((c, i) => {
    const whole = isWhole(c);
    const width = whole ? natural[i]! : Math.min(natural[i]!, Math.max(c.maxWidth ?? Infinity, c.header.length));
    const floor = whole ? width : Math.min(width, Math.max(c.minWidth ?? DEFAULT_MIN, c.header.length));
    return { c, whole, width, floor, rank: c.priority ?? Infinity };
  });
  const lineWidth = (ws: number[]) => ws.reduce((a, b) => a + b, 0) + opts.gap * Math.max(0, ws.length - 1);

  if (opts.drop) {
    const order = items.filter((x) => x.rank !== Infinity).sort((a, b) => a.rank - b.rank);
    for (const victim of order) {
      if (lineWidth(items.map((x) => x.floor)) <= opts.available) break;
      items = items.filter((x) => x !== victim);
    }
  }

  const widths = items.map((x) => x.width);
  for (const limit of [(x: (typeof items)[number]) => x.floor, () => 1]) {
    while (lineWidth(widths) > opts.available) {
      let pick = -1;
      items.forEach((x, i) => {
        if (x.whole || widths[i]! <= limit(x)) return;
        const p = pick < 0 ? undefined : items[pick]!;
        if (!p || x.rank < p.rank || (x.rank === p.rank && widths[i]! > widths[pick]!)) pick = i;
      });
      if (pick < 0) break;
      widths[pick] = widths[pick]! - 1;
    }
  }
  return { columns: items.map((x) => x.c), widths };
}
