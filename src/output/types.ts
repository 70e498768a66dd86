import type { Format } from '../format.js';

export type { Format };

/**
 * How a value is shown: the same raw value prints as ISO in a pipe and as local time on a TTY;
 * a `list` (an array) is counted on a terminal and in markdown, its items comma-joined in pipes and CSV.
 */
export type ColumnKind = 'text' | 'time' | 'reltime' | 'number' | 'percent' | 'bool' | 'status' | 'list';

export interface Column<T> {
  /** The name --fields uses; an API field name where the column is one. */
  key: string;
  header: string;
  value: (row: T) => unknown;
  kind?: ColumnKind;
  /** Longest a TTY cell may be before it is truncated. */
  maxWidth?: number;
  /** Narrowest a TTY cell may be squeezed before a column with a priority is given up (default 6). */
  minWidth?: number;
  /** Never cut this column on a TTY (ids, addresses); times, statuses, numbers and booleans are whole unless this says false. */
  whole?: boolean;
  /**
   * Columns with a priority are given up on a narrow terminal, lowest first,
   * and give up width before the others; columns without one always stay.
   */
  priority?: number;
  /** Width a streaming table reserves before it has seen the rows (later rows may be longer). */
  expectWidth?: number;
}

/** What a list command writes: its default columns, and every field --fields may name. */
export interface ListSpec<T> {
  columns: Column<T>[];
  /** API field names of the resource (json keeps these keys under --fields). */
  fields: readonly string[];
}

/** Where and how to write: derived once per run from the flags, settings and streams. */
export interface OutputTarget {
  write(text: string): Promise<void>;
  isTTY: boolean;
  /** Terminal width, for tables on a TTY. */
  columns: number;
  format: Format;
  fields?: string[];
  color: boolean;
  now: () => number;
  /** --utc: times on a terminal in UTC instead of the local zone (TZ); either way the header names the zone. */
  utc?: boolean;
  /** --csv-raw: CSV cells exactly as sent, formula-like text not neutralised (cells.ts). */
  csvRaw?: boolean;
  /**
   * The run's secrets taken out of a text (output/scrub.ts). `write` scrubs what it writes; a
   * terminal table scrubs each cell before cutting it to its column, where a cut secret would
   * no longer be recognised, and before sizing the column to it.
   */
  scrub?: (text: string) => string;
}

export interface ListWriter<T> {
  /** Writes one page: at once for ndjson, csv, json and pipes; buffered for a TTY table. */
  write(rows: readonly T[]): Promise<void>;
  /** Closes the output (the JSON array, the TTY table). Safe to call after an error or Ctrl-C. */
  end(): Promise<void>;
  readonly count: number;
}
